#pragma once

#include "console/KeyedTableModel.h"
#include "console/PeerGraph.h"

#include <QCoreApplication>
#include <QObject>

#include <functional>

namespace spillway::console {

class PeerGraphModel;
class FederationHistory;

// The live dashboard's tables, built from the clusters' lists alone (as the graph is): one row per
// peering (roles, each module's conditions, the virtual node's state, the tunnel and its latency),
// one per namespace and provider with the offloaded pods by phase, one per volume of the virtual
// storage class with where it lives, and the latest events about peering objects, newest first.
struct Dashboard {
    Q_DECLARE_TR_FUNCTIONS(Dashboard)
public:
    static constexpr int kMaxEvents = 100;
    std::vector<KeyedTableModel::Row> peers, pods, volumes, events;
    static Dashboard buildFrom(const ClusterPeersRefs &clusters, const PeerGraph &graph);
    static Dashboard build(const std::vector<ClusterPeers> &clusters, const PeerGraph &graph) { return buildFrom(refsOf(clusters), graph); }
};

// The dashboard page's model: follows the peer graph model (its watches; no polling) and updates
// its tables by difference, one batch per change.
class DashboardModel : public QObject
{
    Q_OBJECT
public:
    enum PeerColumn { PeerConsumer, PeerProvider, PeerAuthentication, PeerNetworking, PeerOffloading, PeerVirtualNode, PeerTunnel, PeerLastDrop, PeerColumns };
    enum PodColumn { PodCluster, PodNamespace, PodProvider, PodRunning, PodPending, PodOther, PodColumns };
    enum VolumeColumn { VolumeCluster, VolumeClaim, VolumeLocation, VolumeCapacity, VolumePhase, VolumeColumns };
    enum EventColumn { EventTime, EventCluster, EventType, EventReason, EventObject, EventMessage, EventColumns };

    // HISTORY, when given, says when each tunnel last went down, and its clock is the one times
    // are shown against ("3 min ago"); without it, the wall clock.
    explicit DashboardModel(PeerGraphModel *graph, FederationHistory *history = nullptr, QObject *parent = nullptr);
    KeyedTableModel *peers() const { return m_peers; }
    KeyedTableModel *pods() const { return m_pods; }
    KeyedTableModel *volumes() const { return m_volumes; }
    KeyedTableModel *events() const { return m_events; }
    // Key of a peering's row.
    static QString peeringKey(const QString &consumer, const QString &provider);

signals:
    void updated();

private:
    void update();

    PeerGraphModel *m_graph;
    FederationHistory *m_history;
    std::function<qint64()> m_now;
    KeyedTableModel *m_peers, *m_pods, *m_volumes, *m_events;
};

} // namespace spillway::console
