#pragma once

#include "common/Error.h"
#include "kube/Informer.h"
#include "kube/KubeClient.h"
#include "kube/RateLimiter.h"
#include "network/FabricRoutes.h"
#include "network/HostCommands.h"

#include <QObject>
#include <QTimer>

#include <memory>

namespace spillway::network {

// What `spillway-gateway --fabric` does on every real node (a host-network DaemonSet pod): keeps
// the node's routes to the peers' networks pointing at the gateway pods (FabricRoutes). Reads
// Configurations, gateway pods and nodes from informers and reconciles them as one key on this
// thread; a failed pass is retried with backoff, and a periodic pass puts back a route someone
// removed (routes are not watched). Stopping leaves the routes: a restarted fabric takes them
// over without a drop; they go when their peer does.
class FabricAgent : public QObject
{
    Q_OBJECT
public:
    struct Options {
        QString nodeName;
        HostCommands host;
        qint64 resyncMs = 30000;
        qint64 retryBaseMs = 500, retryCapMs = 30000;
        kube::RandomSource random = kube::defaultRandom();
    };
    FabricAgent(kube::KubeClient *client, Options options, QObject *parent = nullptr);
    ~FabricAgent() override;

    void start();
    void stop();
    // One pass; public for tests.
    Result<void> reconcile();
    const std::vector<FabricRoute> &applied() const { return m_applied; }
    bool synced() const;

signals:
    void reconciled(bool ok);

private:
    void schedule(qint64 delayMs = 0);
    void runScheduled();

    kube::KubeClient *m_client;
    Options m_o;
    kube::Backoff m_backoff;
    QTimer m_timer, m_resync;
    std::unique_ptr<kube::Informer> m_configurations, m_pods, m_nodes;
    std::vector<FabricRoute> m_applied;
};

} // namespace spillway::network
