#include "offloading/ShadowPodUsage.h"

#include "common/JsonText.h"
#include "kube/Store.h"
#include "offloading/OffloadingPolicy.h"
#include "resources/PodRequests.h"

namespace spillway::offloading {

using nlohmann::json;
using resources::ResourceList;

namespace {

ResourceList chargeOfSpec(const json &podSpec)
{
    ResourceList r = resources::podRequests(podSpec);
    r[QStringLiteral("pods")] = Quantity{1000};
    return r;
}

// Only what podRequests and the finished rule read.
json slimSpec(const json &spec)
{
    json kept = json::object();
    for (const char *list : {"containers", "initContainers"}) {
        json slimmed = json::array();
        for (const auto &c : elementsOf(memberOf(spec, list))) {
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
    for (const char *field : {"overhead", "resources", "restartPolicy"})
        if (!memberOf(spec, field).is_null())
            kept[field] = memberOf(spec, field);
    return kept;
}

void slimObject(json &object, bool shadow)
{
    if (!object.is_object())
        return;
    const json &spec = memberOf(object, "spec");
    json kept = slimSpec(shadow ? memberOf(spec, "pod") : spec);
    const json phase = memberOf(memberOf(object, "status"), "phase");
    object["spec"] = shadow ? json{{"pod", std::move(kept)}} : std::move(kept);
    object.erase("status");
    if (phase.is_string())
        object["status"] = {{"phase", phase}};
}

void addTotals(QHash<QString, ShadowPodUsage::Totals> &totals, const QString &consumer, const ResourceList &charge, int sign)
{
    ShadowPodUsage::Totals &t = totals[consumer];
    t.pods += sign;
    for (auto q = charge.begin(); q != charge.end(); ++q)
        t.used[q.key()].milli += sign * q->milli;
    if (t.pods == 0)
        totals.remove(consumer);
}

} // namespace

ResourceList ShadowPodUsage::Entry::charge() const
{
    ResourceList r = shadowCounts() ? shadowCharge : ResourceList{};
    if (podRunning)
        for (auto q = podCharge.begin(); q != podCharge.end(); ++q)
            if (r.value(q.key()).milli < q->milli)
                r[q.key()] = *q;
    return r;
}

ResourceList ShadowPodUsage::charge(const json &shadowPod)
{
    return chargeOfSpec(memberOf(memberOf(shadowPod, "spec"), "pod"));
}

void ShadowPodUsage::slim(json &shadowPod) { slimObject(shadowPod, true); }
void ShadowPodUsage::slimPod(json &pod) { slimObject(pod, false); }

void ShadowPodUsage::changeLocked(const QString &key, const std::function<void(Entry &)> &change)
{
    Entry &e = m_entries[key];
    if (e.counted())
        addTotals(m_totals, e.consumer, e.charge(), -1);
    change(e);
    if (e.counted())
        addTotals(m_totals, e.consumer, e.charge(), +1);
    if (!e.shadowShown && !e.podShown)
        m_entries.remove(key);
}

void ShadowPodUsage::upsert(const json &shadowPod)
{
    const json &meta = memberOf(shadowPod, "metadata");
    const json &podSpec = memberOf(memberOf(shadowPod, "spec"), "pod");
    const QString phase = textOf(memberOf(shadowPod, "status"), "phase");
    const QString restart = textOf(podSpec, "restartPolicy").isEmpty() ? QStringLiteral("Always") : textOf(podSpec, "restartPolicy");
    // Finished for good as ShadowPodReconciler decides it: its pod is not made again.
    const bool finished = (phase == QLatin1String("Succeeded") && restart != QLatin1String("Always"))
                          || (phase == QLatin1String("Failed") && restart == QLatin1String("Never"));
    const QString consumer = textOf(memberOf(meta, "labels"), kOriginLabel);
    const QString key = kube::Store::keyOf(shadowPod), uid = textOf(meta, "uid");
    const ResourceList charge = chargeOfSpec(podSpec);
    std::lock_guard lock(m_mutex);
    if (const auto r = m_reserved.constFind(key); r != m_reserved.cend() && (r->uid.isEmpty() || r->uid == uid))
        m_reserved.erase(r);   // the informer shows what was admitted: no longer a reservation
    changeLocked(key, [&](Entry &e) {
        e.consumer = consumer.isEmpty() ? e.consumer : consumer;
        e.shadowShown = true;
        e.shadowHolds = !finished;
        e.shadowTerminal = phase == QLatin1String("Succeeded") || phase == QLatin1String("Failed");
        e.shadowCharge = charge;
    });
}

void ShadowPodUsage::erase(const json &shadowPod)
{
    const QString key = kube::Store::keyOf(shadowPod), uid = textOf(memberOf(shadowPod, "metadata"), "uid");
    std::lock_guard lock(m_mutex);
    if (const auto r = m_reserved.constFind(key); r != m_reserved.cend() && (r->uid.isEmpty() || r->uid == uid))
        m_reserved.erase(r);
    if (m_entries.contains(key))
        changeLocked(key, [](Entry &e) {
            e.shadowShown = false;
            e.shadowCharge.clear();
        });
}

void ShadowPodUsage::upsertPod(const json &pod)
{
    const QString consumer = textOf(memberOf(memberOf(pod, "metadata"), "labels"), kOriginLabel);
    const QString phase = textOf(memberOf(pod, "status"), "phase");
    const bool running = phase != QLatin1String("Succeeded") && phase != QLatin1String("Failed");
    const ResourceList charge = chargeOfSpec(memberOf(pod, "spec"));
    const QString key = kube::Store::keyOf(pod);
    std::lock_guard lock(m_mutex);
    changeLocked(key, [&](Entry &e) {
        e.consumer = e.consumer.isEmpty() ? consumer : e.consumer;
        e.podShown = true;
        e.podRunning = running && !consumer.isEmpty();
        e.podCharge = charge;
    });
}

void ShadowPodUsage::erasePod(const json &pod)
{
    const QString key = kube::Store::keyOf(pod);
    std::lock_guard lock(m_mutex);
    if (m_entries.contains(key))
        changeLocked(key, [](Entry &e) {
            e.podShown = false;
            e.podRunning = false;
            e.podCharge.clear();
        });
}

void ShadowPodUsage::reserve(const QString &key, const QString &uid, const QString &consumer, const ResourceList &charge)
{
    const qint64 now = m_clock();
    std::lock_guard lock(m_mutex);
    m_reserved.insert(key, Reservation{uid, consumer, charge, now});
}

std::optional<ResourceList> ShadowPodUsage::counted(const QString &key) const
{
    std::lock_guard lock(m_mutex);
    const auto it = m_entries.constFind(key);
    if (it == m_entries.cend() || !it->shadowShown || !it->counted())
        return std::nullopt;
    return it->charge();
}

ShadowPodUsage::Totals ShadowPodUsage::of(const QString &consumer, const QString &exceptKey) const
{
    const qint64 now = m_clock();
    std::lock_guard lock(m_mutex);
    Totals t = m_totals.value(consumer);
    if (const auto own = m_entries.constFind(exceptKey); !exceptKey.isEmpty() && own != m_entries.cend() && own->counted() && own->consumer == consumer) {
        --t.pods;
        const ResourceList c = own->charge();
        for (auto q = c.begin(); q != c.end(); ++q)
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
