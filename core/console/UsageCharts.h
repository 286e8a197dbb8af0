#pragma once

#include "console/PeerGraph.h"

#include <QObject>

#include <deque>
#include <functional>
#include <map>

namespace spillway::console {

class PeerGraphModel;
class FederationHistory;

// What the charts page draws, built from the clusters' lists alone (as the peer graph is): per
// virtual node its allocatable against its pods' requests and their measured use
// (metrics.k8s.io); per ResourceSlice (the consumer's own,
// not the provider's replica) what was asked for against what the provider granted.
struct UsageCharts {
    struct VirtualNode {
        QString consumer, provider, name;
        Capacity capacity, requested;
        std::optional<Capacity> measured;   // metrics.k8s.io's figure, when the consumer serves it
    };
    struct Slice {
        QString consumer, provider, name;   // consumer: the cluster ID it lives in
        Capacity requested, granted;
        bool accepted = false;              // the Resources condition says Accepted
    };
    std::vector<VirtualNode> virtualNodes;
    std::vector<Slice> slices;

    static UsageCharts buildFrom(const ClusterPeersRefs &clusters, const PeerGraph &graph);
    static UsageCharts build(const std::vector<ClusterPeers> &clusters, const PeerGraph &graph) { return buildFrom(refsOf(clusters), graph); }
};

// The session's history: a sample per change (at most one a second, the last one of that second
// kept), the pods' requests and measured use on all virtual nodes summed and each peering's
// tunnel latency.
class UsageHistory
{
public:
    struct Sample {
        qint64 atMs = 0;
        Capacity requested;
        std::optional<Capacity> measured;      // summed over the virtual nodes that have a figure
        std::map<QString, double> latencyMs;   // by "consumer → provider"
    };
    explicit UsageHistory(size_t maxSamples = 3600) : m_max(maxSamples) {}
    void record(qint64 nowMs, const PeerGraph &graph);
    // Samples of an earlier session (from an archive), older than any recorded here.
    void restore(std::vector<Sample> earlier);
    const std::deque<Sample> &samples() const { return m_samples; }
    static QString peeringName(const QString &consumer, const QString &provider);

private:
    size_t m_max;
    std::deque<Sample> m_samples;
};

// The charts page's model: the charts follow the peer graph model's snapshots, redrawn on each
// sample the history records (FederationHistory follows the same graph).
class UsageChartsModel : public QObject
{
    Q_OBJECT
public:
    UsageChartsModel(PeerGraphModel *graph, FederationHistory *history, QObject *parent = nullptr);
    const UsageCharts &charts() const { return m_charts; }
    FederationHistory *history() const { return m_history; }

signals:
    void changed();

private:
    void update();

    PeerGraphModel *m_graph;
    FederationHistory *m_history;
    UsageCharts m_charts;
};

} // namespace spillway::console
