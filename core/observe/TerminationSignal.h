#pragma once

#include <QObject>
#include <functional>

namespace spillway::observe {

// Runs `handler` on `context`'s thread, once, at the first SIGTERM or SIGINT (a self-pipe: a
// signal handler may only write()). Later signals are drained and ignored, so a handler that runs
// the event loop while it stops things is not entered again. One per process.
void onTerminationSignal(QObject *context, std::function<void()> handler);

} // namespace spillway::observe
