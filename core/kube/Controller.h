#pragma once

#include "common/Error.h"
#include "kube/WorkQueue.h"

#include <QString>

#include <atomic>
#include <functional>
#include <thread>
#include <vector>

namespace spillway::kube {

// One pass of any reconcile loop (Controller's workers, the gateway's, the virtual node's sync):
// an object of the wrong shape (a peer's, or a field of unexpected type that nlohmann's value()
// throws on) comes back as an Error naming `what`, to be counted, logged and retried like any
// failure, instead of ending the process and every other reconciliation with it.
Result<void> guarded(const QString &what, const std::function<Result<void>()> &pass);

// N workers draining a WorkQueue into an idempotent reconcile(key). A failed key is retried
// with the queue's rate limiter up to maxRetries, then dropped and reported; a success
// forgets its failure history.
class Controller
{
public:
    using Reconcile = std::function<Result<void>(const QString &key)>;
    using ErrorSink = std::function<void(const QString &key, const Error &error, bool givingUp)>;

    Controller(QString name, WorkQueue *queue, Reconcile reconcile, int workers = 2, int maxRetries = 15);
    ~Controller();

    void setErrorSink(ErrorSink sink) { m_errorSink = std::move(sink); }
    void start();
    void stop();   // shuts the queue down and joins the workers

    quint64 reconciled() const { return m_ok.load(); }
    quint64 failed() const { return m_failed.load(); }
    const QString &name() const { return m_name; }

private:
    void work();

    QString m_name;
    WorkQueue *m_queue;
    Reconcile m_reconcile;
    ErrorSink m_errorSink;
    int m_workers;
    int m_maxRetries;
    std::vector<std::thread> m_threads;
    std::atomic<quint64> m_ok{0}, m_failed{0};
    std::atomic<int> m_running{0};
};

} // namespace spillway::kube
