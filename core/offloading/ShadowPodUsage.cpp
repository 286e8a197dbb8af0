#include "offloading/ShadowPodUsage.h"

#include "common/JsonText.h"
#include "kube/Store.h"
#include "offloading/OffloadingPolicy.h"
#include "resources/PodRequests.h"

namespace spillway::offloading {

using nlohmann::json;
using resources::ResourceList;

ResourceList ShadowPodUsage::charge(const json &shadowPod)
{
    ResourceList r = resources::podRequests(memberOf(memberOf(shadowPod, "spec"), "pod"));
    r[QStringLiteral("pods")] = Quantity{1000};
    return r;
}

void ShadowPodUsage::slim(json &shadowPod)
{
    if (!shadowPod.is_object())
        return;
    const json &pod = memberOf(memberOf(shadowPod, "spec"), "pod");
    json kept = json::object();
    for (const char *list : {"containers", "initContainers"}) {
        json slimmed = json::array();
        for (const auto &c : elementsOf(memberOf(pod, list))) {
            json one = json::object();
            const json &resources = memberOf(c, "resources");
            for (const char *kind : {"requests", "limits"})
                if (memberOf(resources, kind).is_object())
                    one["resources"][kind] = memberOf(resources, kind);
            if (memberOf(c, "restartPolicy").is_string())
                one["restartPolicy"] = memberOf(c, "restartPolicy");
            slimmed.push_back(std::move(one));
        }
        if (!slimmed.empty())
            kept[list] = std::move(slimmed);
    }
    if (memberOf(pod, "overhead").is_object())
        kept["overhead"] = memberOf(pod, "overhead");
    const json phase = memberOf(memberOf(shadowPod, "status"), "phase");
    shadowPod["spec"] = {{"pod", std::move(kept)}};
    shadowPod.erase("status");
    if (phase.is_string())
        shadowPod["status"] = {{"phase", phase}};
}

void ShadowPodUsage::upsert(const json &shadowPod)
{
    const json &meta = memberOf(shadowPod, "metadata");
    const QString phase = textOf(memberOf(shadowPod, "status"), "phase");
    Entry e;
    e.consumer = textOf(memberOf(meta, "labels"), kOriginLabel);
    e.counted = !e.consumer.isEmpty() && memberOf(meta, "deletionTimestamp").is_null() && phase != QLatin1String("Succeeded")
                && phase != QLatin1String("Failed");
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

std::optional<ResourceList> ShadowPodUsage::counted(const QString &key) const
{
    std::lock_guard lock(m_mutex);
    const auto it = m_entries.constFind(key);
    if (it == m_entries.cend() || !it->counted)
        return std::nullopt;
    return it->charge;
}

ShadowPodUsage::Totals ShadowPodUsage::of(const QString &consumer, const QString &exceptKey) const
{
    const qint64 now = m_clock();
    std::lock_guard lock(m_mutex);
    Totals t = m_totals.value(consumer);
    if (const auto own = m_entries.constFind(exceptKey); !exceptKey.isEmpty() && own != m_entries.cend() && own->counted && own->consumer == consumer) {
        --t.pods;
        for (auto q = own->charge.begin(); q != own->charge.end(); ++q)
            t.used[q.key()].milli -= q->milli;
    }
    for (auto it = m_reserved.begin(); it != m_reserved.end();) {
        if (now - it->atMs > m_pendingTtlMs) {
            it = m_reserved.erase(it);
            continue;
        }
        if (it->consumer == consumer && it.key() != exceptKey) {
            ++t.pods;
            for (auto q = it->charge.begin(); q != it->charge.end(); ++q)
                t.used[q.key()].milli += q->milli;
        }
        ++it;
    }
    return t;
}

} // namespace spillway::offloading
