#include "offloading/ShadowPodUsage.h"

#include "kube/Store.h"
#include "offloading/OffloadingPolicy.h"
#include "resources/PodRequests.h"

namespace spillway::offloading {

using nlohmann::json;
using resources::ResourceList;

namespace {

json section(const json &o, const char *field)
{
    const json v = o.is_object() ? o.value(field, json::object()) : json::object();
    return v.is_object() ? v : json::object();
}

} // namespace

ResourceList ShadowPodUsage::charge(const json &shadowPod)
{
    ResourceList r = resources::podRequests(section(section(shadowPod, "spec"), "pod"));
    r[QStringLiteral("pods")] = Quantity{1000};
    return r;
}

void ShadowPodUsage::slim(json &shadowPod)
{
    if (!shadowPod.is_object())
        return;
    const json pod = section(section(shadowPod, "spec"), "pod");
    json kept = json::object();
    for (const char *list : {"containers", "initContainers"}) {
        const json items = pod.value(list, json::array());
        if (!items.is_array())
            continue;
        json slimmed = json::array();
        for (const auto &c : items)
            slimmed.push_back({{"resources", {{"requests", section(section(c, "resources"), "requests")}}}});
        kept[list] = std::move(slimmed);
    }
    if (pod.contains("overhead"))
        kept["overhead"] = pod["overhead"];
    shadowPod["spec"] = {{"pod", std::move(kept)}};
    if (shadowPod.contains("status"))
        shadowPod["status"] = {{"phase", section(shadowPod, "status").value("phase", json())}};
}

void ShadowPodUsage::upsert(const json &shadowPod)
{
    const json meta = section(shadowPod, "metadata");
    const json origin = section(meta, "labels").value(kOriginLabel, json());
    const std::string phase = section(shadowPod, "status").value("phase", "");
    Entry e;
    e.consumer = origin.is_string() ? QString::fromStdString(origin.get<std::string>()) : QString();
    e.counted = !e.consumer.isEmpty() && !meta.contains("deletionTimestamp") && phase != "Succeeded" && phase != "Failed";
    if (e.counted)
        e.charge = charge(shadowPod);
    const QString key = kube::Store::keyOf(shadowPod);
    std::lock_guard lock(m_mutex);
    forgetLocked(key);
    if (e.counted) {
        Totals &t = m_totals[e.consumer];
        ++t.pods;
        for (auto q = e.charge.begin(); q != e.charge.end(); ++q)
            t.used[q.key()].milli += q->milli;
    }
    m_entries.insert(key, std::move(e));
}

void ShadowPodUsage::erase(const json &shadowPod)
{
    const QString key = kube::Store::keyOf(shadowPod);
    std::lock_guard lock(m_mutex);
    forgetLocked(key);
}

void ShadowPodUsage::forgetLocked(const QString &key)
{
    m_reserved.remove(key);   // the informer has it now (or saw it go): no longer a reservation
    const auto it = m_entries.constFind(key);
    if (it == m_entries.cend())
        return;
    if (it->counted) {
        Totals &t = m_totals[it->consumer];
        --t.pods;
        for (auto q = it->charge.begin(); q != it->charge.end(); ++q)
            t.used[q.key()].milli -= q->milli;
        if (t.pods == 0)
            m_totals.remove(it->consumer);
    }
    m_entries.erase(it);
}

void ShadowPodUsage::reserve(const QString &key, const QString &consumer, const ResourceList &charge)
{
    const qint64 now = m_clock();
    std::lock_guard lock(m_mutex);
    if (!m_entries.contains(key))
        m_reserved.insert(key, Reservation{consumer, charge, now});
}

bool ShadowPodUsage::contains(const QString &key) const
{
    std::lock_guard lock(m_mutex);
    return m_entries.contains(key);
}

ShadowPodUsage::Totals ShadowPodUsage::of(const QString &consumer) const
{
    const qint64 now = m_clock();
    std::lock_guard lock(m_mutex);
    Totals t = m_totals.value(consumer);
    for (auto it = m_reserved.begin(); it != m_reserved.end();) {
        if (now - it->atMs > m_pendingTtlMs) {
            it = m_reserved.erase(it);
            continue;
        }
        if (it->consumer == consumer) {
            ++t.pods;
            for (auto q = it->charge.begin(); q != it->charge.end(); ++q)
                t.used[q.key()].milli += q->milli;
        }
        ++it;
    }
    return t;
}

} // namespace spillway::offloading
