#pragma once

#include "common/Error.h"

#include <functional>

namespace spillway::network {

// What the two-cluster commands (network init, connect, disconnect) wait on: an answer from the
// API polled until it says done, the deadline passes or the user cancels. Errors name `what`.
struct PollBudget {
    qint64 deadlineMs = 0;            // epoch milliseconds
    int pollMs = 200;
    std::function<bool()> cancelled = [] { return false; };
    QString undo;                     // how to undo what was applied, for the cancel message
    QString timeoutHint = QStringLiteral("check that both controller managers run (spillctl info) and raise --timeout");
};
Result<void> pollUntil(const QString &what, const std::function<Result<bool>()> &done, const PollBudget &budget);

} // namespace spillway::network
