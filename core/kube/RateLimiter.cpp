#include "kube/RateLimiter.h"

#include <algorithm>
#include <cmath>

namespace spillway::kube {

TokenBucket::TokenBucket(double qps, int burst, MonotonicClock clock)
    : m_qps(qps), m_burst(std::max(1, burst)), m_tokens(std::max(1, burst)), m_clock(std::move(clock))
{
    m_last = m_clock();
}

qint64 TokenBucket::reserve()
{
    if (m_qps <= 0)
        return 0; // unlimited
    std::lock_guard lock(m_mutex);
    const qint64 now = m_clock();
    m_tokens = std::min(m_burst, m_tokens + double(now - m_last) * m_qps / 1000.0);
    m_last = now;
    m_tokens -= 1.0;
    if (m_tokens >= 0)
        return 0;
    return qint64(std::ceil(-m_tokens * 1000.0 / m_qps));
}

Backoff::Backoff(qint64 baseMs, qint64 capMs, double factor, double jitter, RandomSource random)
    : m_base(baseMs), m_cap(capMs), m_factor(factor), m_jitter(jitter), m_random(std::move(random))
{
}

qint64 Backoff::next()
{
    const double raw = double(m_base) * std::pow(m_factor, double(std::min(m_attempt, 62)));
    ++m_attempt;
    const double capped = std::min(raw, double(m_cap));
    return qint64(capped * (1.0 - m_jitter * m_random()));
}

} // namespace spillway::kube
