#pragma once

#include "kube/Clock.h"
#include "kube/RateLimiter.h"

#include <QHash>
#include <QSet>
#include <QString>

#include <condition_variable>
#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <unordered_map>
#include <unordered_set>

namespace spillway::kube {

// Per-item exponential delay (5 ms doubling to 1000 s) combined with an overall token bucket
// (10 qps, burst 100), the larger wins — client-go's default controller rate limiter.
class ItemRateLimiter
{
public:
    explicit ItemRateLimiter(MonotonicClock clock = steadyClock(), qint64 baseMs = 5, qint64 capMs = 1000 * 1000,
                             double qps = 10, int burst = 100);
    qint64 when(const QString &key);
    void forget(const QString &key);
    int numRequeues(const QString &key) const;

private:
    mutable std::mutex m_mutex;
    QHash<QString, int> m_failures;
    qint64 m_base, m_cap;
    TokenBucket m_bucket;
};

// A de-duplicating, rate-limited work queue with client-go's semantics: a key queued several
// times before a worker takes it is processed once; a key re-added while it is being processed
// is processed again after done(), never by two workers at once. Thread-safe.
class WorkQueue
{
public:
    explicit WorkQueue(MonotonicClock clock = steadyClock());
    WorkQueue(MonotonicClock clock, ItemRateLimiter *limiter);   // limiter not owned
    ~WorkQueue();

    void add(const QString &key);
    void addAfter(const QString &key, qint64 delayMs);
    void addRateLimited(const QString &key);
    void forget(const QString &key);
    int numRequeues(const QString &key) const;

    // Blocks until a key is ready or the queue shuts down (nullopt).
    std::optional<QString> get();
    // Non-blocking variant: a key that is ready now, if any.
    std::optional<QString> tryGet();
    void done(const QString &key);
    void shutDown();
    bool shuttingDown() const;
    size_t length() const;          // ready keys
    size_t pendingDelayed() const;

private:
    void promoteReadyLocked(qint64 now);
    void addLocked(const QString &key);

    MonotonicClock m_clock;
    std::unique_ptr<ItemRateLimiter> m_ownLimiter;
    ItemRateLimiter *m_limiter;
    mutable std::mutex m_mutex;
    std::condition_variable m_cv;
    std::deque<QString> m_queue;
    QSet<QString> m_dirty;
    QSet<QString> m_processing;
    std::multimap<qint64, QString> m_delayed;
    QHash<QString, qint64> m_delayedAt;   // each key waits once, at its earliest time
    bool m_shutDown = false;
};

} // namespace spillway::kube
