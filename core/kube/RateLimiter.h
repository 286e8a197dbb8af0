#pragma once

#include "kube/Clock.h"

#include <mutex>

namespace spillway::kube {

// Client-side token bucket (client-go's flowcontrol): `burst` requests at once, then `qps` a second.
// reserve() takes a token now and says how long the caller must wait before using it, so the
// caller schedules instead of blocking a thread.
class TokenBucket
{
public:
    TokenBucket(double qps, int burst, MonotonicClock clock = steadyClock());
    qint64 reserve();   // milliseconds to wait (0 = go now)
    double qps() const { return m_qps; }

private:
    std::mutex m_mutex;
    double m_qps;
    double m_burst;
    double m_tokens;
    qint64 m_last;
    MonotonicClock m_clock;
};

// Jittered exponential backoff: base * factor^n, capped, each delay scaled by [1 - jitter, 1].
// reset() is called only after a good response, so a flapping server keeps backing off.
class Backoff
{
public:
    Backoff(qint64 baseMs, qint64 capMs, double factor = 2.0, double jitter = 0.5, RandomSource random = defaultRandom());
    qint64 next();
    void reset() { m_attempt = 0; }
    int attempts() const { return m_attempt; }

private:
    qint64 m_base, m_cap;
    double m_factor, m_jitter;
    int m_attempt = 0;
    RandomSource m_random;
};

} // namespace spillway::kube
