#pragma once

#include "console/ClusterProbe.h"
#include "console/PeerGraph.h"
#include "console/PeerWatch.h"

#include <QObject>

#include <map>
#include <memory>
#include <optional>

namespace spillway::console {

class ClusterListModel;

// The live peer graph of the console's clusters: a PeerWatch on every cluster of the list that
// has Spillway (its ID known), the graph rebuilt from their snapshots whenever one changes. A
// cluster that cannot be watched keeps its last snapshot and its error.
class PeerGraphModel : public QObject
{
    Q_OBJECT
public:
    explicit PeerGraphModel(ClusterListModel *clusters, int coalesceMs = 100, QObject *parent = nullptr);
    ~PeerGraphModel() override;

    const PeerGraph &graph() const { return m_graph; }
    // The watched clusters' last lists, the graph's input.
    const ClusterPeersRefs &snapshots() const { return m_snapshots; }
    // Watched clusters that have not sent their first snapshot or error yet.
    int waiting() const;
    // Per watched cluster ID, the error its watch last met.
    std::map<QString, Error> errors() const;
    // The kubeconfig and context of the watched cluster with this ID (nullopt: not watched).
    std::optional<ClusterEntry> entryOf(const QString &clusterId) const;
    // What the cluster list learnt of the watched cluster with this ID (its versions), or nullopt.
    std::optional<ClusterFacts> factsOf(const QString &clusterId) const;

signals:
    void graphChanged();

private:
    void syncWatches();
    void rebuild();

    ClusterListModel *m_clusters;
    int m_coalesceMs;
    std::map<QString, std::unique_ptr<PeerWatch>> m_watches;   // by kubeconfig + context
    std::map<QString, bool> m_answered;
    ClusterPeersRefs m_snapshots;   // into the watches' own snapshots
    PeerGraph m_graph;
};

} // namespace spillway::console
