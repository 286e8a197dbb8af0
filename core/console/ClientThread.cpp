#include "console/ClientThread.h"

#include "console/ClusterProbe.h"
#include "kube/KubeClient.h"

#include <QThread>

#include <algorithm>

namespace spillway::console {

ClientThread::ClientThread(const ClusterEntry &cluster, const QString &name, int timeoutMs, int maxRetries)
    : m_thread(new QThread), m_context(new QObject)
{
    m_thread->setObjectName(name);
    m_context->moveToThread(m_thread);
    QObject::connect(m_thread, &QThread::finished, m_context, &QObject::deleteLater);
    m_thread->start();
    onThread([&] {
        auto rest = restConfigOf(cluster);
        if (!rest) {
            m_error = rest.error();
            return;
        }
        rest->timeoutMs = timeoutMs;
        kube::KubeClient::Options o;
        o.maxRetries = maxRetries;
        m_client = std::make_unique<kube::KubeClient>(*rest, o);
    });
}

ClientThread::~ClientThread()
{
    waitForRequests();
    onThread([this] { m_client.reset(); });
    m_thread->quit();
    m_thread->wait();
    delete m_thread;
}

void ClientThread::onThread(const std::function<void()> &work) const
{
    QMetaObject::invokeMethod(m_context, work, Qt::BlockingQueuedConnection);
}

void ClientThread::run(QObject *receiver, std::function<std::function<void()>(kube::KubeClient &)> work,
                       const std::function<void(const Error &)> &noClient)
{
    if (!m_client) {
        noClient(*m_error);
        return;
    }
    // Finished request threads are reaped here, on the owner's thread that keeps the list.
    std::erase_if(m_requests, [](QThread *t) {
        if (!t->isFinished())
            return false;
        delete t;
        return true;
    });
    kube::KubeClient *client = m_client.get();
    QThread *t = QThread::create([receiver, client, work = std::move(work)] {
        std::function<void()> deliver = work(*client);
        QMetaObject::invokeMethod(receiver, std::move(deliver), Qt::QueuedConnection);
    });
    m_requests.push_back(t);
    t->start();
}

void ClientThread::waitForRequests()
{
    for (QThread *t : m_requests) {
        t->wait();
        delete t;
    }
    m_requests.clear();
}

} // namespace spillway::console
