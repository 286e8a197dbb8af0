#pragma once

#include "console/KeyedTableModel.h"
#include "console/PeerGraph.h"

#include <QCoreApplication>
#include <QObject>

#include <optional>

namespace spillway::console {

class PeerGraphModel;

// One pod of a consumer on a virtual node, and where it really runs: the provider behind the
// node. What the pods panel lists and what its log viewer needs to follow the pod.
struct OffloadedPod {
    QString clusterId, cluster;          // the consumer: its ID and the name the console shows
    QString ns, name, node;              // the pod in the consumer, and its virtual node
    QString providerId, provider;        // the provider's cluster ID, and its name if the console knows it
    QString phase;
    int restarts = 0;
    QStringList containers;              // spec order: the first is the default, as for kubectl logs
    QString key() const { return clusterId + QLatin1Char('/') + ns + QLatin1Char('/') + name; }
};

// Pure: the offloaded pods of every cluster's snapshot, in cluster, namespace, name order.
struct OffloadedPods {
    Q_DECLARE_TR_FUNCTIONS(OffloadedPods)
public:
    static std::vector<OffloadedPod> of(const ClusterPeersRefs &clusters, const PeerGraph &graph);
    static KeyedTableModel::Row rowOf(const OffloadedPod &pod);
};

// The pods panel's model: follows the peer graph model (its watches; no polling of its own) and
// updates its table by difference, one batch per change.
class OffloadedPodsModel : public QObject
{
    Q_OBJECT
public:
    enum Column { Cluster, Namespace, Pod, Provider, VirtualNode, Phase, Restarts, Columns };

    explicit OffloadedPodsModel(PeerGraphModel *graph, QObject *parent = nullptr);
    KeyedTableModel *table() const { return m_table; }
    // The pod of a row's key, as last seen (nullopt: gone).
    std::optional<OffloadedPod> pod(const QString &key) const;

signals:
    void updated();

private:
    void update();

    PeerGraphModel *m_graph;
    KeyedTableModel *m_table;
    std::vector<OffloadedPod> m_pods;
};

} // namespace spillway::console
