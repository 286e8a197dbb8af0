#include "kube/WorkQueue.h"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace spillway::kube {

ItemRateLimiter::ItemRateLimiter(MonotonicClock clock, qint64 baseMs, qint64 capMs, double qps, int burst)
    : m_base(baseMs), m_cap(capMs), m_bucket(qps, burst, std::move(clock))
{
}

qint64 ItemRateLimiter::when(const QString &key)
{
    int failures;
    {
        std::lock_guard lock(m_mutex);
        failures = m_failures[key]++;
    }
    const double exp = double(m_base) * std::pow(2.0, double(std::min(failures, 40)));
    const qint64 itemDelay = qint64(std::min(exp, double(m_cap)));
    return std::max(itemDelay, m_bucket.reserve());
}

void ItemRateLimiter::forget(const QString &key)
{
    std::lock_guard lock(m_mutex);
    m_failures.remove(key);
}

int ItemRateLimiter::numRequeues(const QString &key) const
{
    std::lock_guard lock(m_mutex);
    return m_failures.value(key, 0);
}

WorkQueue::WorkQueue(MonotonicClock clock)
    : m_clock(clock), m_ownLimiter(std::make_unique<ItemRateLimiter>(clock)), m_limiter(m_ownLimiter.get())
{
}

WorkQueue::WorkQueue(MonotonicClock clock, ItemRateLimiter *limiter)
    : m_clock(std::move(clock)), m_limiter(limiter)
{
}

WorkQueue::~WorkQueue()
{
    shutDown();
}

void WorkQueue::addLocked(const QString &key)
{
    if (m_shutDown || m_dirty.contains(key))
        return;
    m_dirty.insert(key);
    if (m_processing.contains(key))
        return; // done() re-queues it
    m_queue.push_back(key);
    m_cv.notify_one();
}

void WorkQueue::add(const QString &key)
{
    std::lock_guard lock(m_mutex);
    addLocked(key);
}

void WorkQueue::addAfter(const QString &key, qint64 delayMs)
{
    if (delayMs <= 0) {
        add(key);
        return;
    }
    std::lock_guard lock(m_mutex);
    if (m_shutDown)
        return;
    // client-go's delaying queue: a key already waiting keeps the earlier of its two times, so
    // reconcilers that requeue themselves on every pass do not pile up parallel timers.
    const qint64 at = m_clock() + delayMs;
    if (auto it = m_delayedAt.find(key); it != m_delayedAt.end()) {
        if (it.value() <= at)
            return;
        for (auto [first, last] = m_delayed.equal_range(it.value()); first != last; ++first)
            if (first->second == key) {
                m_delayed.erase(first);
                break;
            }
    }
    m_delayed.emplace(at, key);
    m_delayedAt.insert(key, at);
    m_cv.notify_all();
}

void WorkQueue::addRateLimited(const QString &key)
{
    addAfter(key, m_limiter->when(key));
}

void WorkQueue::forget(const QString &key)
{
    m_limiter->forget(key);
}

int WorkQueue::numRequeues(const QString &key) const
{
    return m_limiter->numRequeues(key);
}

void WorkQueue::promoteReadyLocked(qint64 now)
{
    while (!m_delayed.empty() && m_delayed.begin()->first <= now) {
        const QString key = m_delayed.begin()->second;
        m_delayed.erase(m_delayed.begin());
        m_delayedAt.remove(key);
        addLocked(key);
    }
}

std::optional<QString> WorkQueue::tryGet()
{
    std::lock_guard lock(m_mutex);
    promoteReadyLocked(m_clock());
    if (m_queue.empty())
        return std::nullopt;
    QString key = m_queue.front();
    m_queue.pop_front();
    m_dirty.remove(key);
    m_processing.insert(key);
    return key;
}

std::optional<QString> WorkQueue::get()
{
    std::unique_lock lock(m_mutex);
    for (;;) {
        promoteReadyLocked(m_clock());
        if (!m_queue.empty()) {
            QString key = m_queue.front();
            m_queue.pop_front();
            m_dirty.remove(key);
            m_processing.insert(key);
            return key;
        }
        if (m_shutDown)
            return std::nullopt;
        if (m_delayed.empty()) {
            m_cv.wait(lock);
        } else {
            const qint64 wait = std::max<qint64>(1, m_delayed.begin()->first - m_clock());
            m_cv.wait_for(lock, std::chrono::milliseconds(std::min<qint64>(wait, 1000)));
        }
    }
}

void WorkQueue::done(const QString &key)
{
    std::lock_guard lock(m_mutex);
    m_processing.remove(key);
    if (m_dirty.contains(key)) {
        m_queue.push_back(key);
        m_cv.notify_one();
    }
}

void WorkQueue::shutDown()
{
    std::lock_guard lock(m_mutex);
    m_shutDown = true;
    m_cv.notify_all();
}

bool WorkQueue::shuttingDown() const
{
    std::lock_guard lock(m_mutex);
    return m_shutDown;
}

size_t WorkQueue::length() const
{
    std::lock_guard lock(m_mutex);
    return m_queue.size();
}

size_t WorkQueue::pendingDelayed() const
{
    std::lock_guard lock(m_mutex);
    return m_delayed.size();
}

} // namespace spillway::kube
