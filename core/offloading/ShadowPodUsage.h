#pragma once

#include "kube/Clock.h"
#include "resources/ResourcePolicy.h"

#include <QHash>

#include <mutex>
#include <optional>

namespace spillway::offloading {

// What each consumer's ShadowPods take from its grant on this provider, kept up to date from a
// ShadowPod informer's events, so that an admission costs the same with ten ShadowPods or ten
// thousand. A ShadowPod counts its pod's requests (PodRequests) plus one "pods", unless it is
// terminating (Liqo releases it at DELETE) or finished (Succeeded or Failed: the scheduler frees
// those too). What the webhook admitted counts at once (reserve), until the informer shows that
// ShadowPod or, if it never does (its create failed later), for `pendingTtlMs`. Safe from any
// thread.
class ShadowPodUsage
{
public:
    explicit ShadowPodUsage(kube::MonotonicClock clock, qint64 pendingTtlMs = 60000)
        : m_clock(std::move(clock)), m_pendingTtlMs(pendingTtlMs) {}

    struct Totals {
        resources::ResourceList used;
        int pods = 0;
    };

    static resources::ResourceList charge(const nlohmann::json &shadowPod);
    // An informer's transform: keeps of a ShadowPod only what upsert() reads (its metadata, phase,
    // its containers' requests, limits and restart policies), so ten thousand cost little.
    static void slim(nlohmann::json &shadowPod);

    void upsert(const nlohmann::json &shadowPod);
    void erase(const nlohmann::json &shadowPod);
    void reserve(const QString &key, const QString &consumer, const resources::ResourceList &charge);
    // What the ShadowPod "namespace/name" the informer shows is counted for; nullopt when it shows
    // none, or one that holds nothing (terminating, finished).
    std::optional<resources::ResourceList> counted(const QString &key) const;
    // By its offloading.liqo.io/origin, reservations included; `exceptKey` ("namespace/name") left
    // out, counted or reserved (a retry, or a new ShadowPod of a name just deleted).
    Totals of(const QString &consumer, const QString &exceptKey = {}) const;

private:
    struct Reservation {
        QString consumer;
        resources::ResourceList charge;
        qint64 atMs = 0;
    };
    struct Entry {
        QString consumer;
        resources::ResourceList charge;
        bool counted = false;
    };
    void forgetLocked(const QString &key);

    kube::MonotonicClock m_clock;
    qint64 m_pendingTtlMs;
    mutable std::mutex m_mutex;
    QHash<QString, Entry> m_entries;
    QHash<QString, Totals> m_totals;
    mutable QHash<QString, Reservation> m_reserved;   // expired ones are dropped as they are read
};

} // namespace spillway::offloading
