#include "network/PollUntil.h"

#include <QDateTime>
#include <QThread>

namespace spillway::network {

Result<void> pollUntil(const QString &what, const std::function<Result<bool>()> &done, const PollBudget &budget)
{
    while (true) {
        auto r = done();
        if (!r)
            return r.error();
        if (*r)
            return {};
        if (budget.cancelled())
            return Error::of(Error::Kind::Cancelled, QStringLiteral("cancelled while waiting for %1; what was applied stays, run it again to finish%2")
                                                         .arg(what, budget.undo.isEmpty() ? QString() : QStringLiteral(" or %1 to undo").arg(budget.undo)));
        if (QDateTime::currentMSecsSinceEpoch() >= budget.deadlineMs)
            return Error::of(Error::Kind::Timeout, QStringLiteral("timed out waiting for %1").arg(what), budget.timeoutHint);
        QThread::msleep(quint64(budget.pollMs));
    }
}

} // namespace spillway::network
