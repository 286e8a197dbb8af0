#pragma once

#include "kube/Clock.h"
#include "resources/ResourcePolicy.h"

#include <QHash>

#include <mutex>
#include <optional>

namespace spillway::offloading {

// What each consumer's offloaded pods take from its grant on this provider, kept up to date from
// informer events (ShadowPods, and the pods made from them), so that an admission costs the same
// with ten ShadowPods or ten thousand. Per "namespace/name", the ShadowPod and its pod are one
// thing, counted once at the larger of their charges (PodRequests, plus one "pods"):
// - a ShadowPod counts while it exists, terminating included (its pod may still run), unless it
//   finished for good (Succeeded and not restarted, or Failed with restartPolicy Never: the
//   reconciler does not make its pod again), or it shows the terminal phase of a pod object that
//   still exists (an evicted pod holds nothing until it is gone and made again);
// - a pod labelled with an origin counts until it is gone or Succeeded/Failed, so a pod that
//   outlives its ShadowPod (an orphaning delete) is still charged to its consumer.
// What the webhook admitted counts at once (reserve), keyed by the new object's uid, until the
// informer shows that object, or for `pendingTtlMs` if it never does (its create failed later).
// Safe from any thread.
class ShadowPodUsage
{
public:
    explicit ShadowPodUsage(kube::MonotonicClock clock, qint64 pendingTtlMs = 60000)
        : m_clock(std::move(clock)), m_pendingTtlMs(pendingTtlMs) {}

    struct Totals {
        resources::ResourceList used;
        int pods = 0;
    };

    static resources::ResourceList charge(const nlohmann::json &shadowPod);   // of a ShadowPod
    // Informers' transforms: keep of a ShadowPod, or of a pod, only what is read here (metadata,
    // phase, restart policies, requests, limits, overhead), so ten thousand cost little.
    static void slim(nlohmann::json &shadowPod);
    static void slimPod(nlohmann::json &pod);

    void upsert(const nlohmann::json &shadowPod);
    void erase(const nlohmann::json &shadowPod);
    void upsertPod(const nlohmann::json &pod);
    void erasePod(const nlohmann::json &pod);
    void reserve(const QString &key, const QString &uid, const QString &consumer, const resources::ResourceList &charge);
    // What the ShadowPod "namespace/name" the informer shows is counted for now; nullopt when the
    // informer shows no ShadowPod of that name, or it holds nothing.
    std::optional<resources::ResourceList> counted(const QString &key) const;
    // By its offloading.liqo.io/origin, reservations included; `exceptKey` ("namespace/name") left
    // out, counted or reserved (a retry, or a new ShadowPod of a name just deleted).
    Totals of(const QString &consumer, const QString &exceptKey = {}) const;

private:
    struct Reservation {
        QString uid, consumer;
        resources::ResourceList charge;
        qint64 atMs = 0;
    };
    struct Entry {
        QString consumer;
        bool shadowShown = false, podShown = false;        // the informers show an object of this name
        bool shadowHolds = false;                          // not finished for good
        bool shadowTerminal = false;                       // its phase is Succeeded or Failed
        bool podRunning = false;                           // the pod's phase is neither
        resources::ResourceList shadowCharge, podCharge;
        // The ShadowPod holds its share until it finished for good, or while it shows a terminal
        // phase of a pod that still exists (that pod holds nothing; a gone one is made again).
        bool shadowCounts() const { return shadowShown && shadowHolds && !(shadowTerminal && podShown); }
        bool counted() const { return !consumer.isEmpty() && (shadowCounts() || podRunning); }
        resources::ResourceList charge() const;            // the larger of the two that count
    };
    void changeLocked(const QString &key, const std::function<void(Entry &)> &change);

    kube::MonotonicClock m_clock;
    qint64 m_pendingTtlMs;
    mutable std::mutex m_mutex;
    QHash<QString, Entry> m_entries;
    QHash<QString, Totals> m_totals;
    mutable QHash<QString, Reservation> m_reserved;   // by key; expired ones are dropped as they are read
};

} // namespace spillway::offloading
