#include "console/OffloadedPods.h"

#include "common/JsonText.h"
#include "console/PeerGraphModel.h"

#include <algorithm>
#include <map>

namespace spillway::console {

using nlohmann::json;

namespace {

int restartsOf(const json &pod)
{
    int n = 0;
    for (const auto &s : elementsOf(memberOf(memberOf(pod, "status"), "containerStatuses")))
        if (const json &r = memberOf(s, "restartCount"); r.is_number_integer())
            n += r.get<int>();
    return n;
}

} // namespace

std::vector<OffloadedPod> OffloadedPods::of(const ClusterPeersRefs &clusters, const PeerGraph &graph)
{
    std::vector<OffloadedPod> out;
    for (const ClusterPeers &c : clusters) {
        std::map<QString, QString> providerOfNode = providersOfVirtualNodes(c);
        for (const auto &pod : elementsOf(c.virtualNodePods)) {
            const json &metadata = memberOf(pod, "metadata");
            OffloadedPod p;
            p.clusterId = c.clusterId;
            p.cluster = c.name;
            p.ns = textOf(metadata, "namespace");
            p.name = textOf(metadata, "name");
            p.node = textOf(memberOf(pod, "spec"), "nodeName");
            p.providerId = providerOfNode.count(p.node) ? providerOfNode[p.node] : QString();
            p.provider = graph.nameOf(p.providerId);
            p.phase = textOf(memberOf(pod, "status"), "phase");
            if (textOf(metadata, "deletionTimestamp").size())
                p.phase = tr("Terminating");
            p.restarts = restartsOf(pod);
            for (const auto &container : elementsOf(memberOf(memberOf(pod, "spec"), "containers")))
                p.containers << textOf(container, "name");
            out.push_back(std::move(p));
        }
    }
    std::sort(out.begin(), out.end(), [](const OffloadedPod &a, const OffloadedPod &b) {
        return std::tie(a.cluster, a.ns, a.name) < std::tie(b.cluster, b.ns, b.name);
    });
    return out;
}

KeyedTableModel::Row OffloadedPods::rowOf(const OffloadedPod &p)
{
    const int tone = p.phase == QLatin1String("Running") || p.phase == QLatin1String("Succeeded") ? 1
                     : p.phase == QLatin1String("Failed")                                          ? 3
                                                                                                   : 2;
    return {p.key(),
            {p.cluster, p.ns, p.name, p.provider.isEmpty() ? QStringLiteral("—") : p.provider, p.node,
             p.phase.isEmpty() ? QStringLiteral("Pending") : p.phase, QString::number(p.restarts)},
            tone};
}

OffloadedPodsModel::OffloadedPodsModel(PeerGraphModel *graph, QObject *parent)
    : QObject(parent), m_graph(graph),
      m_table(new KeyedTableModel({tr("Cluster"), tr("Namespace"), tr("Pod"), tr("Runs in"), tr("Virtual node"), tr("Phase"), tr("Restarts")}, this))
{
    connect(m_graph, &PeerGraphModel::graphChanged, this, &OffloadedPodsModel::update);
    update();
}

std::optional<OffloadedPod> OffloadedPodsModel::pod(const QString &key) const
{
    for (const auto &p : m_pods)
        if (p.key() == key)
            return p;
    return std::nullopt;
}

void OffloadedPodsModel::update()
{
    m_pods = OffloadedPods::of(m_graph->snapshots(), m_graph->graph());
    std::vector<KeyedTableModel::Row> rows;
    rows.reserve(m_pods.size());
    for (const auto &p : m_pods)
        rows.push_back(OffloadedPods::rowOf(p));
    m_table->setRows(std::move(rows));
    emit updated();
}

} // namespace spillway::console
