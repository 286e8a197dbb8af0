#pragma once

#include "console/KeyedTableModel.h"
#include "console/PeerGraph.h"
#include "console/PodFilter.h"

#include <QAbstractTableModel>
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
    QString phase;                       // "Terminating" while it is being deleted
    int restarts = 0;
    QStringList containers;              // spec order: the first is the default, as for kubectl logs
    QString key() const { return clusterId + QLatin1Char('/') + ns + QLatin1Char('/') + name; }
};

// Pure: the row the pods panel shows for a pod.
struct OffloadedPods {
    Q_DECLARE_TR_FUNCTIONS(OffloadedPods)
public:
    static KeyedTableModel::Row rowOf(const OffloadedPod &pod);
};

// The offloaded pods of every cluster as one table, in cluster, namespace, name order, kept in
// step with the clusters' snapshots by difference. Built for a hundred thousand pods: it holds
// each cluster's pods as pointers into its snapshot's digests (never a copy), makes a
// row's cells only when a view asks for them, and compares only the clusters whose pods changed
// — in order, since both sides are sorted — so a churn of pods in one cluster costs the GUI a
// few inserted and removed row ranges, not a pass over every pod.
class OffloadedPodsTable : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Cluster, Namespace, Pod, Provider, VirtualNode, Phase, Restarts, Columns };

    explicit OffloadedPodsTable(QObject *parent = nullptr);

    // Brings the table to CLUSTERS' pods; GRAPH names the providers.
    void apply(const ClusterPeersRefs &clusters, const PeerGraph &graph);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    // Display, KeyedTableModel::ToneRole and KeyRole, as a KeyedTableModel answers them.
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    OffloadedPod podAt(int row) const;
    KeyedTableModel::Row rowAt(int row) const { return OffloadedPods::rowOf(podAt(row)); }
    // The row of the pod with this key (-1: not listed), found by halving, not by reading rows.
    int rowOf(const QString &key) const;
    // The pod, and its row, of a key (nullopt: not listed).
    std::optional<OffloadedPod> pod(const QString &key) const;
    std::optional<KeyedTableModel::Row> find(const QString &key) const;
    // What the filters can choose from: the values the rows hold, sorted, without blanks.
    PodFilterChoices choices() const;

private:
    struct Segment {                             // one cluster's rows
        QString clusterId, cluster;
        VirtualNodePods::Ptr source;             // the snapshot's pods the rows were last brought to
        // What the table shows: SOURCE's pods once apply() returns; while it brings the rows to
        // a new snapshot, some point into the old one (kept alive until then).
        std::vector<const PodDigest *> rows;
        std::map<QString, QString> providerIdOfNode, providerOfNode;   // by virtual node: the provider's ID and name
    };
    // Runs of gone and new rows told one by one; past this many, one span is replaced instead.
    static constexpr size_t kMostRunsApart = 4;
    void bringRows(Segment &segment, const std::vector<PodDigest> &next, int offset);
    void replaceSpan(Segment &segment, const std::vector<PodDigest> &next, int offset, size_t prefix, size_t suffix);
    std::pair<const Segment *, int> locate(int row) const;   // the segment of a row, and the row in it
    OffloadedPod podOf(const Segment &segment, const PodDigest &digest) const;

    QStringList m_headers;
    std::vector<Segment> m_segments;
    int m_rows = 0;
};

// The pods panel's model: follows the peer graph model (its watches; no polling of its own).
class OffloadedPodsModel : public QObject
{
    Q_OBJECT
public:
    using Column = OffloadedPodsTable::Column;
    static constexpr Column Cluster = OffloadedPodsTable::Cluster, Namespace = OffloadedPodsTable::Namespace, Pod = OffloadedPodsTable::Pod,
                            Provider = OffloadedPodsTable::Provider, VirtualNode = OffloadedPodsTable::VirtualNode, Phase = OffloadedPodsTable::Phase,
                            Restarts = OffloadedPodsTable::Restarts;

    explicit OffloadedPodsModel(PeerGraphModel *graph, QObject *parent = nullptr);
    OffloadedPodsTable *table() const { return m_table; }
    // The pod of a row's key, as last seen (nullopt: gone).
    std::optional<OffloadedPod> pod(const QString &key) const { return m_table->pod(key); }

signals:
    // Around each bringing of the table to the watches' snapshots: rows come, go and change between the two.
    void aboutToUpdate();
    void updated();

private:
    void update();

    PeerGraphModel *m_graph;
    OffloadedPodsTable *m_table;
};

} // namespace spillway::console
