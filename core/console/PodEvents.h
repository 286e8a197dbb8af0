#pragma once

#include "console/KeyedTableModel.h"
#include "console/OffloadedPods.h"
#include "console/PeerGraph.h"

#include <QCoreApplication>
#include <QObject>

#include <functional>
#include <optional>

namespace spillway::console {

class PeerGraphModel;

// An offloaded pod's events from both sides: those recorded in the consumer (the scheduler's,
// the virtual kubelet's) and those the provider recorded about the pod's twin (pulled, started,
// killed…), which the virtual kubelet copies into the consumer marked with the provider.
struct PodEvents {
    Q_DECLARE_TR_FUNCTIONS(PodEvents)
public:
    enum Column { Time, Where, Type, Reason, Count, Message, Columns };
    // The rows for POD from its consumer's snapshot, newest first; Where names the cluster that
    // recorded the event (the console's name for it). Times read against nowMs.
    static std::vector<KeyedTableModel::Row> rowsOf(const ClusterPeersRefs &clusters, const PeerGraph &graph, const OffloadedPod &pod, qint64 nowMs);
    static QStringList headers();
};

// The pods panel's events table: the chosen pod's events, kept current by the peer graph
// model's watches (no requests of its own).
class PodEventsModel : public QObject
{
    Q_OBJECT
public:
    // now(): milliseconds since the epoch (injected so tests control "3 min ago").
    explicit PodEventsModel(PeerGraphModel *graph, std::function<qint64()> now = {}, QObject *parent = nullptr);
    KeyedTableModel *table() const { return m_table; }
    // The pod to list (nullopt: none; the table empties).
    void setPod(std::optional<OffloadedPod> pod);

private:
    void update();

    PeerGraphModel *m_graph;
    std::function<qint64()> m_now;
    KeyedTableModel *m_table;
    std::optional<OffloadedPod> m_pod;
};

} // namespace spillway::console
