#pragma once

#include "common/Error.h"
#include "console/PeerGraph.h"
#include "console/Workspace.h"
#include "kube/Informer.h"

#include <QObject>

#include <functional>
#include <map>
#include <memory>
#include <set>
#include <optional>

class QThread;
class QTimer;

namespace spillway::kube {
class KubeClient;
} // namespace spillway::kube

namespace spillway::console {

// Watches what one cluster says about its peerings — ForeignClusters, virtual nodes, tunnel
// Connections, the pods on virtual nodes, NamespaceOffloadings and Spillway's own agents — and hands the console a snapshot (ClusterPeers)
// after each burst of changes: events arriving within `coalesceMs` of each other are one update,
// so a churn of pods is a handful of snapshots, not one per event. Informers, not polling; they
// and their client run on a thread of their own. The one exception is the virtual nodes' measured
// use: metrics.k8s.io cannot be watched, so it is read every `metricsIntervalMs` (as kubectl top
// would; metrics-server itself refreshes no faster than every 10 s).
class PeerWatch : public QObject
{
    Q_OBJECT
public:
    PeerWatch(ClusterEntry cluster, QString name, QString clusterId, int coalesceMs = 100, int metricsIntervalMs = 15000,
              QObject *parent = nullptr);
    ~PeerWatch() override;

    const ClusterEntry &cluster() const { return m_cluster; }
    // The latest snapshot (empty lists until the first).
    const ClusterPeers &peers() const { return m_peers; }
    // Why the cluster cannot be watched, or the last error a watch met (it retries by itself).
    std::optional<Error> lastError() const { return m_error; }

signals:
    void changed();
    void failed(const spillway::Error &error);

private:
    void startOnIoThread();
    kube::Informer *startInformer(const kube::ResourceRef &resource, const kube::Informer::Options &options, bool reportFailure);
    kube::Informer *watchPods(const QString &node);
    void publish();
    void readNodeMetrics();

    ClusterEntry m_cluster;
    ClusterPeers m_peers;
    std::optional<Error> m_error;
    int m_coalesceMs, m_metricsIntervalMs;
    QThread *m_io;
    QObject *m_ioContext;
    // Owned on the io thread.
    std::unique_ptr<kube::KubeClient> m_client;
    std::vector<kube::Informer *> m_informers;
    std::map<QString, kube::Informer *> m_podInformers;                 // by virtual node
    QTimer *m_coalesce = nullptr;
    QTimer *m_metricsTimer = nullptr;
    nlohmann::json m_nodeMetrics = nlohmann::json::array();   // io thread
    bool m_metricsInFlight = false;                            // io thread: one read at a time, the newest wins
    bool m_published = false;   // the first snapshot went out (io thread)
    std::map<std::pair<QString, QString>, PodDigest> m_pods;   // io thread: by namespace and name, from every pod watch
    StringPool m_strings;                                       // io thread: what the pods' digests share
    bool m_podsChanged = true;                                  // io thread: m_pods changed since m_podsPublished
    VirtualNodePods::Ptr m_podsPublished = VirtualNodePods::none();
    std::set<const kube::Informer *> m_failedOnce;   // watches that met an error before syncing (io thread)
};

} // namespace spillway::console
