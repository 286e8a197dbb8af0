#include "console/UsageCharts.h"

#include "common/JsonText.h"
#include "console/FederationHistory.h"
#include "console/PeerGraphModel.h"
#include "consts/Labels.h"

#include <limits>

namespace spillway::console {

using nlohmann::json;

UsageCharts UsageCharts::buildFrom(const ClusterPeersRefs &clusters, const PeerGraph &graph)
{
    UsageCharts out;
    for (const auto &e : graph.edges)
        if (!e.virtualNode.isEmpty())
            out.virtualNodes.push_back({e.consumer, e.provider, e.virtualNode, e.capacity, e.used, e.measured});
    for (const ClusterPeers &c : clusters) {
        if (!c.resourceSlices.is_array())
            continue;
        for (const auto &slice : c.resourceSlices) {
            const json &metadata = memberOf(slice, "metadata");
            // The provider's replica of a consumer's slice is the same slice.
            if (textOf(memberOf(metadata, "labels"), "liqo.io/replicated") == QLatin1String("true"))
                continue;
            const json &spec = memberOf(slice, "spec"), &status = memberOf(slice, "status");
            Slice s;
            s.consumer = textOf(spec, "consumerClusterID").isEmpty() ? c.clusterId : textOf(spec, "consumerClusterID");
            s.provider = textOf(spec, "providerClusterID").isEmpty() ? textOf(memberOf(metadata, "labels"), consts::kRemoteClusterIdLabel)
                                                                     : textOf(spec, "providerClusterID");
            s.name = textOf(metadata, "name");
            s.requested = Capacity::of(memberOf(spec, "resources"));
            s.granted = Capacity::of(memberOf(status, "resources"));
            const json &conditions = memberOf(status, "conditions");
            if (conditions.is_array())
                for (const auto &cond : conditions)
                    if (textOf(cond, "type") == QLatin1String("Resources"))
                        s.accepted = textOf(cond, "status") == QLatin1String("Accepted");
            out.slices.push_back(std::move(s));
        }
    }
    return out;
}

QString UsageHistory::peeringName(const QString &consumer, const QString &provider)
{
    return consumer + QStringLiteral(" → ") + provider;
}

void UsageHistory::record(qint64 nowMs, const PeerGraph &graph)
{
    Sample s;
    s.atMs = nowMs;
    for (const auto &e : graph.edges) {
        if (!e.virtualNode.isEmpty())
            s.requested += e.used;
        if (!e.virtualNode.isEmpty() && e.measured) {
            if (!s.measured)
                s.measured = Capacity{};
            *s.measured += *e.measured;
        }
        if (e.latencyMs)
            s.latencyMs[peeringName(e.consumer, e.provider)] = *e.latencyMs;
    }
    // Bursts within a second are one sample: the last state of that second.
    if (!m_samples.empty() && nowMs / 1000 == m_samples.back().atMs / 1000)
        m_samples.back() = std::move(s);
    else
        m_samples.push_back(std::move(s));
    while (m_samples.size() > m_max)
        m_samples.pop_front();
}

void UsageHistory::restore(std::vector<Sample> earlier)
{
    const qint64 before = m_samples.empty() ? std::numeric_limits<qint64>::max() : m_samples.front().atMs;
    for (auto it = earlier.rbegin(); it != earlier.rend() && m_samples.size() < m_max; ++it)
        if (it->atMs < before)
            m_samples.push_front(std::move(*it));
}

UsageChartsModel::UsageChartsModel(PeerGraphModel *graph, FederationHistory *history, QObject *parent)
    : QObject(parent), m_graph(graph), m_history(history)
{
    connect(m_history, &FederationHistory::updated, this, &UsageChartsModel::update);
    update();
}

void UsageChartsModel::update()
{
    m_charts = UsageCharts::buildFrom(m_graph->snapshots(), m_graph->graph());
    emit changed();
}

} // namespace spillway::console
