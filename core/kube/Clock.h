#pragma once

#include <functional>
#include <QtGlobal>

namespace spillway::kube {

// Time and randomness are injected so rate limits, backoff and expiry are testable without sleeping.
using MonotonicClock = std::function<qint64()>;    // milliseconds, monotonic
using RandomSource = std::function<double()>;      // uniform in [0, 1)

MonotonicClock steadyClock();
RandomSource defaultRandom();

} // namespace spillway::kube
