#include "kube/Controller.h"

#include <nlohmann/json.hpp>

#include <QCoreApplication>
#include <QThread>

namespace spillway::kube {

Controller::Controller(QString name, WorkQueue *queue, Reconcile reconcile, int workers, int maxRetries)
    : m_name(std::move(name)), m_queue(queue), m_reconcile(std::move(reconcile)), m_workers(workers), m_maxRetries(maxRetries)
{
}

Controller::~Controller()
{
    stop();
}

void Controller::start()
{
    for (int i = 0; i < m_workers; ++i)
        m_threads.emplace_back([this] { work(); });
}

void Controller::stop()
{
    m_queue->shutDown();
    // A worker may be waiting for a request that this thread (its client's) has to carry out:
    // keep this thread's events flowing until every worker has left its loop, then join.
    if (QCoreApplication::instance() && QThread::currentThread() == QCoreApplication::instance()->thread())
        while (m_running.load() > 0)
            QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    for (auto &t : m_threads)
        if (t.joinable())
            t.join();
    m_threads.clear();
}

Result<void> guarded(const QString &what, const std::function<Result<void>()> &pass)
{
    try {
        return pass();
    } catch (const nlohmann::json::exception &e) {
        return Error::of(Error::Kind::Decode, QStringLiteral("%1 is malformed: %2").arg(what, QString::fromUtf8(e.what())));
    }
}

void Controller::work()
{
    ++m_running;
    while (auto key = m_queue->get()) {
        Result<void> r = guarded(m_name + QStringLiteral(": ") + *key, [&] { return m_reconcile(*key); });
        if (r) {
            ++m_ok;
            m_queue->forget(*key);
        } else {
            ++m_failed;
            const bool givingUp = m_queue->numRequeues(*key) >= m_maxRetries;
            if (m_errorSink)
                m_errorSink(*key, r.error(), givingUp);
            if (givingUp)
                m_queue->forget(*key);
            else
                m_queue->addRateLimited(*key);
        }
        m_queue->done(*key);
    }
    --m_running;
}

} // namespace spillway::kube
