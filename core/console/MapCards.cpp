#include "console/MapCards.h"

#include "common/JsonText.h"

#include <algorithm>

namespace spillway::console {

namespace {

constexpr double kGiB = 1024.0 * 1024 * 1024;

void addFlow(CapacityFlow &flow, const PeerGraph::Edge &e)
{
    flow.granted += e.capacity;
    flow.used += e.used;
    ++flow.peerings;
    if (e.measured) {
        if (!flow.measured)
            flow.measured = Capacity{};
        *flow.measured += *e.measured;
    }
}

} // namespace

AgentsHealth agentsHealthOf(const std::vector<installer::ComponentStatus> &agents)
{
    AgentsHealth h;
    if (agents.empty())
        return h;
    h.tone = Good;
    for (const auto &a : agents) {
        h.details << a.describe();
        if (!a.isReady() && h.tone == Good) {
            h.tone = Bad;
            h.text = AgentsHealth::tr("%1 %2/%3 Ready").arg(a.name).arg(a.ready).arg(a.desired);
        }
    }
    if (h.tone == Good)
        h.text = AgentsHealth::tr("agents %1/%1 Ready").arg(agents.size());
    return h;
}

double Gauge::fraction() const
{
    return granted > 0 ? std::max(0.0, used) / granted : 0.0;
}

Tone Gauge::tone() const
{
    if (granted <= 0)
        return Neutral;
    const double f = fraction();
    return f < 0.7 ? Good : f < 0.9 ? Warning : Bad;
}

QString Gauge::label() const
{
    switch (resource) {
    case Resource::Cpu:
        return tr("CPU %1/%2").arg(QString::number(used, 'f', 1), QString::number(granted, 'f', 1));
    case Resource::Memory:
        return tr("Memory %1/%2 GiB").arg(QString::number(used / kGiB, 'f', 1), QString::number(granted / kGiB, 'f', 1));
    case Resource::Pods:
        return tr("Pods %1/%2").arg(used).arg(granted);
    }
    return {};
}

std::array<Gauge, 3> gaugesOf(const CapacityFlow &flow)
{
    std::array<Gauge, 3> out;
    out[0] = {Gauge::Resource::Cpu, flow.used.cpu, flow.granted.cpu, flow.measured ? std::optional(flow.measured->cpu) : std::nullopt};
    out[1] = {Gauge::Resource::Memory, flow.used.memory, flow.granted.memory, flow.measured ? std::optional(flow.measured->memory) : std::nullopt};
    out[2] = {Gauge::Resource::Pods, flow.used.pods, flow.granted.pods, std::nullopt};
    return out;
}

ClusterCard clusterCardOf(const PeerGraph &graph, const QString &clusterId)
{
    ClusterCard card;
    for (const auto &e : graph.edges) {
        if (e.virtualNode.isEmpty())
            continue;   // no virtual node seen: nothing known to be granted
        if (e.provider == clusterId)
            addFlow(card.lends, e);
        if (e.consumer == clusterId)
            addFlow(card.borrows, e);
    }
    return card;
}

PeeringCard peeringCardOf(const ClusterPeersRefs &clusters, const PeerGraph::Edge &edge)
{
    PeeringCard card;
    const nlohmann::json *fc = foreignClusterOf(clusters, edge);
    if (!fc)
        return card;
    card.reported = true;
    for (size_t i = 0; i < card.modules.size(); ++i) {
        card.modules[i] = moduleStateOf(*fc, kPeeringModules[i]);
        card.worst = std::max(card.worst, card.modules[i].tone);
    }
    const nlohmann::json &networking = memberOf(memberOf(memberOf(*fc, "status"), "modules"), "networking");
    const nlohmann::json &enabled = memberOf(networking, "enabled");
    card.networkingDisabled = enabled.is_boolean() && !enabled.get<bool>();
    return card;
}

} // namespace spillway::console
