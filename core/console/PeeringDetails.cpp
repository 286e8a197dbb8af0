#include "console/PeeringDetails.h"

#include "common/JsonText.h"
#include "peering/PeeringNames.h"

#include <algorithm>
#include <set>

namespace spillway::console {

using nlohmann::json;

namespace {

const ClusterPeers *clusterWithId(const ClusterPeersRefs &clusters, const QString &id)
{
    for (const ClusterPeers &c : clusters)
        if (c.clusterId == id)
            return &c;
    return nullptr;
}

std::vector<PeeringDetails::Condition> conditionsOf(const json &conditions)
{
    std::vector<PeeringDetails::Condition> out;
    for (const auto &c : elementsOf(conditions)) {
        const QString status = textOf(c, "status");
        out.push_back({textOf(c, "type"), status, textOf(c, "reason"), textOf(c, "message"), toneOf(status)});
    }
    return out;
}

// CLUSTER's ResourceSlices for PEER (by label, or by the provider/consumer IDs in the spec).
void addSlices(std::vector<PeeringDetails::Slice> &out, const ClusterPeers &cluster, const QString &peer)
{
    for (const auto &s : elementsOf(cluster.resourceSlices)) {
        const json &spec = memberOf(s, "spec"), &status = memberOf(s, "status"), &metadata = memberOf(s, "metadata");
        if (remoteClusterOf(s) != peer && textOf(spec, "providerClusterID") != peer && textOf(spec, "consumerClusterID") != peer)
            continue;
        PeeringDetails::Slice slice;
        slice.cluster = cluster.name;
        slice.ns = textOf(metadata, "namespace");
        slice.name = textOf(metadata, "name");
        slice.sliceClass = textOf(spec, "class");
        slice.asked = Capacity::of(memberOf(spec, "resources"));
        slice.answered = memberOf(status, "resources").is_object();
        slice.granted = Capacity::of(memberOf(status, "resources"));
        slice.conditions = conditionsOf(memberOf(status, "conditions"));
        out.push_back(std::move(slice));
    }
}

void addGateways(std::vector<PeeringDetails::Gateway> &out, const ClusterPeers &cluster, const QString &peer)
{
    for (const auto &c : elementsOf(cluster.connections)) {
        if (remoteClusterOf(c) != peer)
            continue;
        const json &status = memberOf(c, "status");
        out.push_back({cluster.name, textOf(memberOf(c, "metadata"), "namespace"), textOf(memberOf(c, "metadata"), "name"),
                       textOf(memberOf(c, "spec"), "type"), textOf(status, "value"), textOf(memberOf(status, "latency"), "value")});
    }
}

// CLUSTER's events about its peering with PEER: its ForeignCluster (named FOREIGNCLUSTER), its
// tenant namespace, and on the consumer's side the virtual node and its pods.
void addEvents(std::vector<PeeringDetails::Event> &out, const ClusterPeers &cluster, const QString &peer, const QString &foreignCluster,
               const QString &virtualNode)
{
    const QString tenant = peering::tenantNamespace(peer);
    std::set<std::pair<QString, QString>> pods;
    if (!virtualNode.isEmpty())
        for (const PodDigest &pod : cluster.virtualNodePods->pods)
            if (pod.node == virtualNode)
                pods.emplace(pod.ns, pod.name);
    for (const auto &e : elementsOf(cluster.events)) {
        const json &about = memberOf(e, "involvedObject");
        const QString kind = textOf(about, "kind"), name = textOf(about, "name"), ns = textOf(about, "namespace");
        const bool ours = (kind == QLatin1String("ForeignCluster") && (name == foreignCluster || name == peer)) || ns == tenant
                          || (kind == QLatin1String("Node") && !virtualNode.isEmpty() && name == virtualNode)
                          || (kind == QLatin1String("Pod") && pods.count({ns, name}));
        if (ours)
            out.push_back({eventTimeOf(e), cluster.name, textOf(e, "type"), textOf(e, "reason"), kind + QLatin1Char('/') + name, textOf(e, "message")});
    }
}

QString foreignClusterName(const json *fc, const QString &peer)
{
    const QString name = fc ? textOf(memberOf(*fc, "metadata"), "name") : QString();
    return name.isEmpty() ? peer : name;
}

} // namespace

QString eventTimeOf(const json &event)
{
    for (const char *key : {"lastTimestamp", "eventTime"})
        if (const QString t = textOf(event, key); !t.isEmpty())
            return t;
    return textOf(memberOf(event, "metadata"), "creationTimestamp");
}

QString eventKeyOf(const json &event)
{
    const json &metadata = memberOf(event, "metadata");
    const QString uid = textOf(metadata, "uid");
    return uid.isEmpty() ? textOf(metadata, "namespace") + QLatin1Char('/') + textOf(metadata, "name") : uid;
}

PeeringDetails PeeringDetails::of(const ClusterPeersRefs &clusters, const PeerGraph::Edge &edge, size_t maxEvents)
{
    PeeringDetails d;
    const json *consumerFc = foreignClusterFor(clusters, edge.consumer, edge.provider);
    const json *providerFc = foreignClusterFor(clusters, edge.provider, edge.consumer);
    if (const json *fc = foreignClusterOf(clusters, edge)) {
        const json &modules = memberOf(memberOf(*fc, "status"), "modules");
        for (size_t i = 0; i < d.modules.size(); ++i) {
            const json &m = memberOf(modules, kPeeringModules[i]);
            d.modules[i].disabled = memberOf(m, "enabled").is_boolean() && !memberOf(m, "enabled").get<bool>();
            d.modules[i].conditions = conditionsOf(memberOf(m, "conditions"));
        }
    }
    const ClusterPeers *consumer = clusterWithId(clusters, edge.consumer), *provider = clusterWithId(clusters, edge.provider);
    if (consumer)
        addSlices(d.slices, *consumer, edge.provider);
    if (d.slices.empty() && provider)
        addSlices(d.slices, *provider, edge.consumer);
    if (consumer) {
        addGateways(d.gateways, *consumer, edge.provider);
        addEvents(d.events, *consumer, edge.provider, foreignClusterName(consumerFc, edge.provider), edge.virtualNode);
    }
    if (provider) {
        addGateways(d.gateways, *provider, edge.consumer);
        addEvents(d.events, *provider, edge.consumer, foreignClusterName(providerFc, edge.consumer), {});
    }
    // RFC 3339 times in UTC sort as text; newest first.
    std::stable_sort(d.events.begin(), d.events.end(), [](const Event &a, const Event &b) { return a.time > b.time; });
    if (d.events.size() > maxEvents)
        d.events.resize(maxEvents);
    return d;
}

} // namespace spillway::console
