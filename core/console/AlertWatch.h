#pragma once

#include "console/PeerGraph.h"

#include <QCoreApplication>
#include <QObject>
#include <QStringList>
#include <QTimer>

#include <functional>
#include <map>
#include <set>
#include <vector>

namespace spillway::console {

class PeerGraphModel;

// Something about a peering a person should hear of without looking at the right tab.
struct Alert {
    enum class Kind { ModuleUnhealthy, TunnelDown, LatencyJump, VirtualNodeNotReady, OffloadingFailed };
    Kind kind = Kind::TunnelDown;
    QString key;                  // the same condition of the same peering has the same key
    QString consumer, provider;   // cluster IDs; OffloadingFailed: the cluster of the namespace, no provider
    QString module;               // ModuleUnhealthy: "authentication", "networking" or "offloading"
    QString title, body;          // as the notification shows them
    QString ns = {};              // OffloadingFailed: the namespace whose NamespaceOffloading failed
    friend bool operator==(const Alert &, const Alert &) = default;
};

// How eager the alerts are. Quiet by default for flapping: a condition must hold for the debounce
// before it is told, and one told is not told again within the quiet period.
struct AlertPolicy {
    qint64 debounceMs = 20 * 1000;
    qint64 quietMs = 10 * 60 * 1000;
    // A latency jump: above both factor × the peering's usual latency and usual + floorMs.
    double latencyFactor = 3.0;
    double latencyFloorMs = 20.0;
};

// Turns the watched clusters' state into alerts: each peering's modules (the ForeignCluster's
// conditions), its tunnel (down, or latency jumping above its usual), its virtual node (NotReady),
// and each namespace whose offloading failed for some or all of its peers (the NamespaceOffloading's
// SomeFailed or AllFailed: the peering is healthy, the namespace is not offloaded). Conditions are evaluated on every change of the graph
// and against the injected clock; raised() once a condition has held for the debounce, cleared()
// when it goes. Clusters can be muted (both ends of a peering are asked).
class AlertWatch : public QObject
{
    Q_OBJECT
public:
    AlertWatch(std::function<qint64()> nowMs, AlertPolicy policy = {}, QObject *parent = nullptr);
    // Observes the graph model's changes once every watched cluster has answered; returns itself.
    AlertWatch *follow(PeerGraphModel *graph);

    void setPolicy(const AlertPolicy &policy) { m_policy = policy; }
    const AlertPolicy &policy() const { return m_policy; }
    void setMuted(const QStringList &clusterIds);
    bool muted(const QString &clusterId) const { return m_muted.count(clusterId) > 0; }

    // The conditions in CLUSTERS and GRAPH now; updates the latency baselines.
    void observe(const ClusterPeersRefs &clusters, const PeerGraph &graph);
    // Raises what has held long enough by now (a timer calls it; tests call it after moving the clock).
    void tick();

    // The alerts raised and not cleared, by key.
    const std::map<QString, Alert> &raised() const { return m_raised; }
    // The alert of KEY, raised now or told before (a notification clicked after its condition went).
    std::optional<Alert> alert(const QString &key) const;

    // The conditions of CLUSTERS and GRAPH, given each peering's usual latency (by peering key).
    static std::vector<Alert> conditionsOf(const ClusterPeersRefs &clusters, const PeerGraph &graph, const std::map<QString, double> &usualLatencyMs,
                                           const AlertPolicy &policy);

signals:
    void alertRaised(const spillway::console::Alert &alert);
    void alertCleared(const QString &key);

private:
    struct Pending {
        Alert alert;
        qint64 sinceMs = 0;
        bool told = false;   // raised, or held back as a repeat within the quiet period
    };
    void schedule();
    // Forgets the pending alerts GONE says are over, clearing those already raised.
    void forget(const std::function<bool(const QString &key, const Alert &alert)> &gone);

    std::function<qint64()> m_now;
    AlertPolicy m_policy;
    std::set<QString> m_muted;
    std::map<QString, Pending> m_pending;
    std::map<QString, Alert> m_raised;
    struct Told {
        qint64 atMs = 0;
        Alert alert;
    };
    std::map<QString, Told> m_told;   // the last time each key was told
    std::map<QString, double> m_usualLatencyMs;
    QTimer m_timer;
};

} // namespace spillway::console

Q_DECLARE_METATYPE(spillway::console::Alert)
