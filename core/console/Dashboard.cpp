#include "console/Dashboard.h"

#include "common/JsonText.h"
#include "console/FederationHistory.h"
#include "console/HumanTime.h"
#include "console/PeerGraphModel.h"
#include "console/PeeringDetails.h"
#include "console/PeeringModules.h"
#include "consts/Labels.h"
#include "storage/VirtualVolumes.h"

#include <QDateTime>
#include <QTimer>

#include <algorithm>
#include <map>

namespace spillway::console {

using nlohmann::json;
using Row = KeyedTableModel::Row;

Dashboard Dashboard::buildFrom(const ClusterPeersRefs &clusters, const PeerGraph &graph)
{
    Dashboard out;
    for (const auto &e : graph.edges) {
        const json *fc = foreignClusterFor(clusters, e.consumer, e.provider);
        if (!fc)
            fc = foreignClusterFor(clusters, e.provider, e.consumer);
        static const json none = json::object();
        const auto auth = moduleStateOf(fc ? *fc : none, "authentication"), net = moduleStateOf(fc ? *fc : none, "networking"),
                   off = moduleStateOf(fc ? *fc : none, "offloading");
        const QString node = e.virtualNode.isEmpty() ? QStringLiteral("—") : tr("%1 (%2)").arg(e.virtualNode, e.virtualNodeReady ? tr("Ready") : tr("not Ready"));
        const QString tunnel = e.latencyMs ? tr("%1, %2 ms").arg(e.healthText, QString::number(*e.latencyMs, 'f', 2)) : e.healthText;
        int tone = std::max({int(auth.tone), int(net.tone), int(off.tone)});
        if (!e.virtualNode.isEmpty() && !e.virtualNodeReady)
            tone = Bad;
        out.peers.push_back({DashboardModel::peeringKey(e.consumer, e.provider),
                             {graph.nameOf(e.consumer), graph.nameOf(e.provider),
                              auth.text, net.text, off.text, node, tunnel.isEmpty() ? QStringLiteral("—") : tunnel, QStringLiteral("—")},
                             tone});
    }

    for (const ClusterPeers &c : clusters) {
        std::map<QString, QString> providerOfNode = providersOfVirtualNodes(c);
        // Totalled by the watch per namespace and node; here per namespace and provider.
        std::map<std::pair<QString, QString>, VirtualNodePods::PhaseCounts> byNamespace;
        for (const auto &[at, counts] : c.virtualNodePods->byNamespaceAndNode) {
            auto &n = byNamespace[{at.first, providerOfNode[at.second]}];
            n.running += counts.running;
            n.pending += counts.pending;
            n.other += counts.other;
        }
        for (const auto &[where, n] : byNamespace)
            out.pods.push_back({c.clusterId + QLatin1Char('/') + where.first + QLatin1Char('/') + where.second,
                                {c.name, where.first, graph.nameOf(where.second), QString::number(n.running),
                                 QString::number(n.pending), QString::number(n.other)},
                                n.other ? Bad : n.pending ? Warning : Good});
    }

    for (const ClusterPeers &c : clusters)
        for (const auto &pv : elementsOf(c.volumes)) {
            const json &metadata = memberOf(pv, "metadata"), &claim = memberOf(memberOf(pv, "spec"), "claimRef");
            const QString location = textOf(memberOf(metadata, "labels"), storage::kLocationLabel);
            const QString phase = textOf(memberOf(pv, "status"), "phase");
            const QString where = location == QLatin1String(storage::kLocalLocation) ? tr("this cluster")
                                                                                      : graph.nameOf(location);
            out.volumes.push_back({c.clusterId + QLatin1Char('/') + textOf(metadata, "name"),
                                   {c.name, textOf(claim, "namespace") + QLatin1Char('/') + textOf(claim, "name"), where,
                                    textOf(memberOf(memberOf(pv, "spec"), "capacity"), "storage"), phase},
                                   phase == QLatin1String("Bound") ? Good : phase == QLatin1String("Failed") ? Bad : Warning});
        }

    std::vector<std::pair<QString, Row>> events;
    for (const ClusterPeers &c : clusters)
        for (const auto &e : elementsOf(c.events)) {
            const json &about = memberOf(e, "involvedObject");
            const QString type = textOf(e, "type");
            const QString object = textOf(about, "kind") + QLatin1Char('/') + textOf(about, "name");
            events.push_back({eventTimeOf(e), {c.clusterId + QLatin1Char('/') + eventKeyOf(e),
                                             {eventTimeOf(e), c.name, type, textOf(e, "reason"), object, textOf(e, "message")},
                                             type == QLatin1String("Warning") ? Warning : Neutral}});
        }
    // RFC 3339 times in UTC sort as text; newest first.
    std::stable_sort(events.begin(), events.end(), [](const auto &a, const auto &b) { return a.first > b.first; });
    for (size_t i = 0; i < events.size() && i < size_t(kMaxEvents); ++i)
        out.events.push_back(std::move(events[i].second));
    return out;
}

QString DashboardModel::peeringKey(const QString &consumer, const QString &provider)
{
    return consumer + QStringLiteral(" → ") + provider;
}

DashboardModel::DashboardModel(PeerGraphModel *graph, FederationHistory *history, QObject *parent)
    : QObject(parent), m_graph(graph), m_history(history),
      m_now(history ? std::function<qint64()>([history] { return history->nowMs(); }) : std::function<qint64()>(&QDateTime::currentMSecsSinceEpoch)),
      m_peers(new KeyedTableModel({tr("Consumer"), tr("Provider"), tr("Authentication"), tr("Networking"), tr("Offloading"), tr("Virtual node"), tr("Tunnel"),
                                   tr("Last drop")}, this)),
      m_pods(new KeyedTableModel({tr("Cluster"), tr("Namespace"), tr("Provider"), tr("Running"), tr("Pending"), tr("Other")}, this)),
      m_volumes(new KeyedTableModel({tr("Cluster"), tr("Claim"), tr("Lives in"), tr("Capacity"), tr("Phase")}, this)),
      m_events(new KeyedTableModel({tr("Time"), tr("Cluster"), tr("Type"), tr("Reason"), tr("Object"), tr("Message")}, this))
{
    connect(m_graph, &PeerGraphModel::graphChanged, this, &DashboardModel::update);
    // "3 min ago" ages without any change of the graph.
    auto *tick = new QTimer(this);
    tick->setInterval(30 * 1000);
    connect(tick, &QTimer::timeout, this, &DashboardModel::update);
    tick->start();
    update();
}

void DashboardModel::update()
{
    const PeerGraph &graph = m_graph->graph();
    Dashboard d = Dashboard::buildFrom(m_graph->snapshots(), graph);
    // One row per edge, in the graph's order.
    for (size_t i = 0; m_history && i < d.peers.size() && i < graph.edges.size(); ++i) {
        const auto drop = m_history->lastDrop(graph.edges[i].consumer, graph.edges[i].provider);
        d.peers[i].cells[PeerLastDrop] = drop ? HumanTime::agoAndLocal(drop->atMs, m_now()) : tr("none seen");
    }
    // Built from the lists, an event's time is RFC 3339 (so that it sorts); shown, it is a
    // person's "2 min ago (14:05)".
    const qint64 now = m_now();
    for (auto &event : d.events)
        event.cells[EventTime] = HumanTime::agoAndLocal(event.cells.value(EventTime), now);
    m_peers->setRows(std::move(d.peers));
    m_pods->setRows(std::move(d.pods));
    m_volumes->setRows(std::move(d.volumes));
    m_events->setRows(std::move(d.events));
    emit updated();
}

} // namespace spillway::console
