#pragma once

#include "common/Error.h"
#include "kube/KubeClient.h"
#include "virtualkubelet/NodeBuilder.h"

#include <QObject>
#include <QTimer>

namespace spillway::virtualkubelet {

// One virtual node: keeps the Node in the consumer in step with its VirtualNode (the grant, the
// provider's labels), probes the provider's apiserver with the consumer's identity, reports
// Ready with the reason, and renews the node Lease. Status is written on every change of
// reachability and at each heartbeat.
class VirtualKubelet : public QObject
{
    Q_OBJECT
public:
    struct Options {
        QString virtualNodeNamespace, virtualNodeName, nodeName;
        int heartbeatMs = 10000;
        int probeMs = 2000;
        int leaseDurationSeconds = 40;
        QString address = QStringLiteral("127.0.0.1");   // the Node's InternalIP
        int kubeletPort = 0;                               // its daemonEndpoints port
    };
    VirtualKubelet(kube::KubeClient *consumer, kube::KubeClient *provider, Options options, QObject *parent = nullptr);

    Result<void> start();      // first sync; then timers
    Result<void> sync();       // Node, status and Lease, now
    bool providerReachable() const { return m_view.providerReachable; }

signals:
    void reachabilityChanged(bool reachable);

private:
    void probe();
    void requestSync();
    Result<void> refreshVirtualNode();

    kube::KubeClient *m_consumer;
    kube::KubeClient *m_provider;
    Options m_options;
    NodeView m_view;
    QTimer m_heartbeat, m_probe;
    bool m_probing = false;
    bool m_syncing = false, m_syncAgain = false;
};

} // namespace spillway::virtualkubelet
