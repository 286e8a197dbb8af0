#include "kube/Clock.h"

#include <QRandomGenerator>
#include <chrono>

namespace spillway::kube {

MonotonicClock steadyClock()
{
    return [] {
        return qint64(std::chrono::duration_cast<std::chrono::milliseconds>(
                          std::chrono::steady_clock::now().time_since_epoch())
                          .count());
    };
}

RandomSource defaultRandom()
{
    return [] { return QRandomGenerator::global()->generateDouble(); };
}

} // namespace spillway::kube
