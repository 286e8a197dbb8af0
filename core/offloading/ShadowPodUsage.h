#pragma once

#include "kube/Clock.h"
#include "resources/ResourcePolicy.h"

#include <QHash>

#include <mutex>

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
    // An informer's transform: keeps of a ShadowPod only what upsert() reads (its metadata, phase
    // and its containers' requests), so the cache of ten thousand costs little.
    static void slim(nlohmann::json &shadowPod);

    void upsert(const nlohmann::json &shadowPod);
    void erase(const nlohmann::json &shadowPod);
    void reserve(const QString &key, const QString &consumer, const resources::ResourceList &charge);
    bool contains(const QString &key) const;   // "namespace/name": shown by the informer, counted or not
    Totals of(const QString &consumer) const;  // by its offloading.liqo.io/origin, reservations included

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
