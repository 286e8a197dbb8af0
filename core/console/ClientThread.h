#pragma once

#include "common/Error.h"
#include "console/Workspace.h"

#include <QObject>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

class QThread;

namespace spillway::kube {
class KubeClient;
} // namespace spillway::kube

namespace spillway::console {

// One cluster's KubeClient on a thread of its own with an event loop, as the console's services
// use it: blocking verbs may be called from any other thread (the client serves them from its
// own), and what lives on context() (watches, timers) never waits for the GUI. run() does blocking
// work on a request thread of its own and hands what it returns to the owner's thread.
class ClientThread
{
public:
    // timeoutMs / maxRetries: the user is waiting and can press the button again.
    ClientThread(const ClusterEntry &cluster, const QString &name, int timeoutMs = 10000, int maxRetries = 1);
    // Waits for the requests in flight (each ends within the client's timeout), then deletes what
    // runs on the thread (call release() first for objects of the owner's that live there).
    ~ClientThread();
    ClientThread(const ClientThread &) = delete;
    ClientThread &operator=(const ClientThread &) = delete;

    kube::KubeClient *client() const { return m_client.get(); }   // null: error() says why
    const std::optional<Error> &error() const { return m_error; }
    QObject *context() const { return m_context; }                 // lives on the client's thread

    // Runs `work` on the client's thread and waits for it (to create or delete what lives there).
    void onThread(const std::function<void()> &work) const;

    // Runs `work` on a request thread; the function it returns then runs on `receiver`'s thread
    // (dropped if receiver is gone). Without a client, noClient runs at once with the reason.
    void run(QObject *receiver, std::function<std::function<void()>(kube::KubeClient &)> work,
             const std::function<void(const Error &)> &noClient);
    // Waits for every request thread.
    void waitForRequests();

private:
    QThread *m_thread;
    QObject *m_context;
    std::unique_ptr<kube::KubeClient> m_client;
    std::optional<Error> m_error;
    std::vector<QThread *> m_requests;
};

} // namespace spillway::console
