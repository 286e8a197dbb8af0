#include "console/PeerGraph.h"

#include "common/JsonText.h"
#include "common/Quantity.h"
#include "consts/Labels.h"

#include <map>

namespace spillway::console {

using nlohmann::json;

namespace {

constexpr auto text = textOf;
constexpr auto field = memberOf;

double quantity(const json &resources, const char *key)
{
    const auto q = Quantity::parse(text(resources, key));
    return q ? q->value() : 0;
}

// The networking module's connection condition, else a failing one of any module.
std::pair<PeerGraph::Health, QString> healthOf(const json &foreignCluster)
{
    const json &modules = field(field(foreignCluster, "status"), "modules");
    const json &networking = field(modules, "networking");
    for (const auto &c : elementsOf(field(networking, "conditions"))) {
        if (text(c, "type") != QLatin1String("NetworkConnectionStatus"))
            continue;
        const QString status = text(c, "status");
        const QString why = text(c, "reason").isEmpty() ? status : text(c, "reason");
        if (status == QLatin1String("Established"))
            return {PeerGraph::Health::Up, why};
        if (status == QLatin1String("Error"))
            return {PeerGraph::Health::Down, why};
        return {PeerGraph::Health::Degraded, why};
    }
    for (const char *module : {"authentication", "offloading"})
        for (const auto &c : elementsOf(field(field(modules, module), "conditions")))
            if (const QString s = text(c, "status"); s == QLatin1String("Error") || s == QLatin1String("NotReady"))
                return {PeerGraph::Health::Down, text(c, "type") + QLatin1Char(' ') + s};
    if (field(networking, "enabled").is_boolean() && !field(networking, "enabled").get<bool>())
        return {PeerGraph::Health::NoNetwork, QStringLiteral("networking disabled")};
    return {PeerGraph::Health::Unknown, {}};
}

} // namespace

QString remoteClusterOf(const json &object)
{
    return text(field(field(object, "metadata"), "labels"), consts::kRemoteClusterIdLabel);
}

Capacity Capacity::of(const json &resources)
{
    return {quantity(resources, "cpu"), quantity(resources, "memory"), quantity(resources, "pods")};
}

std::optional<double> PeerGraph::parseLatencyMs(const QString &value)
{
    QString t = value.trimmed();
    double scale = 1;
    if (t.endsWith(QLatin1String("ms"))) {
        t.chop(2);
    } else if (t.endsWith(QLatin1String("us")) || t.endsWith(QStringLiteral("µs"))) {
        t.chop(2);
        scale = 0.001;
    } else if (t.endsWith(QLatin1Char('s'))) {
        t.chop(1);
        scale = 1000;
    }
    bool ok = false;
    const double v = t.toDouble(&ok);
    return ok && v >= 0 ? std::optional(v * scale) : std::nullopt;
}

const PeerGraph::Edge *PeerGraph::edge(const QString &consumer, const QString &provider) const
{
    for (const auto &e : edges)
        if (e.consumer == consumer && e.provider == provider)
            return &e;
    return nullptr;
}

ClusterPeersRefs refsOf(const std::vector<ClusterPeers> &clusters)
{
    return ClusterPeersRefs(clusters.begin(), clusters.end());
}

std::map<QString, QString> providersOfVirtualNodes(const ClusterPeers &cluster)
{
    std::map<QString, QString> providers;
    for (const auto &n : elementsOf(cluster.virtualNodes))
        providers[text(field(n, "metadata"), "name")] = text(field(field(n, "metadata"), "labels"), consts::kRemoteClusterIdLabel);
    return providers;
}

QString PeerGraph::nameOf(const QString &clusterId) const
{
    for (const Node &n : nodes)
        if (n.clusterId == clusterId)
            return n.name;
    return clusterId;
}

PeerGraph PeerGraph::buildFrom(const ClusterPeersRefs &clusters)
{
    PeerGraph g;
    std::map<QString, size_t> nodeAt;
    auto node = [&](const QString &id, const QString &name, bool inWorkspace) {
        auto [it, added] = nodeAt.try_emplace(id, g.nodes.size());
        if (added)
            g.nodes.push_back({id, name.isEmpty() ? id : name, inWorkspace});
        Node &n = g.nodes[it->second];
        if (inWorkspace && !n.inWorkspace) {
            n.inWorkspace = true;
            n.name = name.isEmpty() ? id : name;
        }
    };
    for (const ClusterPeers &c : clusters)
        if (!c.clusterId.isEmpty())
            node(c.clusterId, c.name, true);

    std::map<std::pair<QString, QString>, size_t> edgeAt;
    for (const ClusterPeers &c : clusters) {
        if (c.clusterId.isEmpty())
            continue;
        for (const auto &fc : elementsOf(c.foreignClusters)) {
            const QString peer = text(field(fc, "spec"), "clusterID");
            const QString role = text(field(fc, "status"), "role");
            if (peer.isEmpty() || peer == c.clusterId)
                continue;
            node(peer, {}, false);
            // Which way capacity flows: we consume from a Provider, a Consumer consumes from us.
            std::vector<std::pair<QString, QString>> directions;
            if (role == QLatin1String("Provider") || role == QLatin1String("ConsumerAndProvider"))
                directions.emplace_back(c.clusterId, peer);
            if (role == QLatin1String("Consumer") || role == QLatin1String("ConsumerAndProvider"))
                directions.emplace_back(peer, c.clusterId);
            for (const auto &[consumer, provider] : directions) {
                const bool asConsumer = consumer == c.clusterId;
                auto [it, added] = edgeAt.try_emplace({consumer, provider}, g.edges.size());
                if (added) {
                    Edge fresh;
                    fresh.consumer = consumer;
                    fresh.provider = provider;
                    g.edges.push_back(std::move(fresh));
                }
                Edge &e = g.edges[it->second];
                if (!added && (e.seenByConsumer || !asConsumer))
                    continue;   // the consumer's view, once there, stands
                auto [health, why] = healthOf(fc);
                e.health = health;
                e.healthText = why;
                e.seenByConsumer = asConsumer;
                for (const auto &conn : elementsOf(c.connections)) {
                    if (remoteClusterOf(conn) != peer)
                        continue;
                    const QString value = text(field(conn, "status"), "value");
                    if (value == QLatin1String("Connected"))
                        e.health = Health::Up;
                    else if (value == QLatin1String("Error"))
                        e.health = Health::Down;
                    else if (!value.isEmpty())
                        e.health = Health::Degraded;
                    if (!value.isEmpty())
                        e.healthText = value;
                    e.latencyMs = parseLatencyMs(text(field(field(conn, "status"), "latency"), "value"));
                }
                if (!asConsumer)
                    continue;
                for (const auto &vn : elementsOf(c.virtualNodes)) {
                    if (remoteClusterOf(vn) != peer)
                        continue;
                    e.virtualNode = text(field(vn, "metadata"), "name");
                    const json &allocatable = field(field(vn, "status"), "allocatable");
                    e.capacity = {quantity(allocatable, "cpu"), quantity(allocatable, "memory"), quantity(allocatable, "pods")};
                    for (const auto &cond : elementsOf(field(field(vn, "status"), "conditions")))
                        if (text(cond, "type") == QLatin1String("Ready"))
                            e.virtualNodeReady = text(cond, "status") == QLatin1String("True");
                    if (const auto used = c.virtualNodePods->usedByNode.find(e.virtualNode); used != c.virtualNodePods->usedByNode.end())
                        e.used = used->second;
                    for (const auto &m : elementsOf(c.nodeMetrics))
                        if (text(field(m, "metadata"), "name") == e.virtualNode) {
                            const json &usage = field(m, "usage");
                            e.measured = Capacity{quantity(usage, "cpu"), quantity(usage, "memory"), 0};
                        }
                }
            }
        }
    }
    return g;
}

} // namespace spillway::console
