#include "peering/AuthenticationGuard.h"

#include <algorithm>

namespace spillway::peering {

AuthenticationGuard::AuthenticationGuard() : AuthenticationGuard(Options{}) {}

AuthenticationGuard::AuthenticationGuard(Options options) : m_options(std::move(options))
{
    if (!m_options.clock)
        m_options.clock = kube::steadyClock();
}

void AuthenticationGuard::prune(qint64 now)
{
    for (auto it = m_entries.begin(); it != m_entries.end();) {
        if (now - it->lastFailureMs >= m_options.forgetAfterMs && now >= it->blockedUntilMs)
            it = m_entries.erase(it);
        else
            ++it;
    }
    // Many distinct claimed cluster IDs must not grow memory without bound: forget the oldest.
    while (m_entries.size() > m_options.maxTrackedKeys) {
        auto oldest = std::min_element(m_entries.begin(), m_entries.end(),
                                       [](const Entry &a, const Entry &b) { return a.lastFailureMs < b.lastFailureMs; });
        m_entries.erase(oldest);
    }
}

qint64 AuthenticationGuard::retryAfterMs(const QStringList &keys)
{
    std::lock_guard lock(m_mutex);
    const qint64 now = m_options.clock();
    qint64 wait = 0;
    for (const QString &key : keys) {
        const auto it = m_entries.constFind(key);
        if (it != m_entries.cend())
            wait = std::max(wait, it->blockedUntilMs - now);
    }
    if (wait > 0)
        ++m_throttled;
    return std::max<qint64>(0, wait);
}

qint64 AuthenticationGuard::failed(const QStringList &keys, const QString &cause)
{
    qint64 blockedFor = 0;
    {
        std::lock_guard lock(m_mutex);
        const qint64 now = m_options.clock();
        prune(now);
        ++m_failuresByCause[cause];
        for (const QString &key : keys) {
            Entry &e = m_entries[key];
            if (e.failures > 0 && now - e.lastFailureMs >= m_options.forgetAfterMs)
                e = Entry{};
            ++e.failures;
            e.lastFailureMs = now;
            if (e.failures >= m_options.freeFailures) {
                const int doublings = std::min(e.failures - m_options.freeFailures, 40);
                const qint64 block = std::min(m_options.maxBlockMs, m_options.baseBlockMs << std::min(doublings, 30));
                e.blockedUntilMs = std::max(e.blockedUntilMs, now + block);
            }
            blockedFor = std::max(blockedFor, e.blockedUntilMs - now);
        }
        prune(now);
    }
    if (m_options.log)
        m_options.log(cause, keys, std::max<qint64>(0, blockedFor));
    return std::max<qint64>(0, blockedFor);
}

void AuthenticationGuard::succeeded(const QStringList &keys)
{
    std::lock_guard lock(m_mutex);
    for (const QString &key : keys)
        m_entries.remove(key);
}

quint64 AuthenticationGuard::failures(const QString &cause) const
{
    std::lock_guard lock(m_mutex);
    const auto it = m_failuresByCause.find(cause);
    return it == m_failuresByCause.end() ? 0 : it->second;
}

quint64 AuthenticationGuard::throttled() const
{
    std::lock_guard lock(m_mutex);
    return m_throttled;
}

} // namespace spillway::peering
