#pragma once

#include "console/VirtualNodePods.h"
#include "installer/ComponentReadiness.h"

#include <QString>
#include <nlohmann/json.hpp>

#include <functional>
#include <map>
#include <optional>
#include <vector>

namespace spillway::console {

// What one cluster's API says about its peerings, as the console lists it.
struct ClusterPeers {
    QString name;                                                // as the console shows it
    QString clusterId;                                           // its own; empty when Spillway is not installed
    nlohmann::json foreignClusters = nlohmann::json::array();    // ForeignCluster items
    nlohmann::json virtualNodes = nlohmann::json::array();       // Node items labelled liqo.io/type=virtual-node
    nlohmann::json connections = nlohmann::json::array();        // networking.liqo.io Connection items
    VirtualNodePods::Ptr virtualNodePods = VirtualNodePods::none();   // the pods bound to those nodes, digested
    nlohmann::json resourceSlices = nlohmann::json::array();     // authentication.liqo.io ResourceSlice items
    nlohmann::json events = nlohmann::json::array();             // Events about those objects and Liqo's kinds
    nlohmann::json volumes = nlohmann::json::array();            // virtual PVs of the storage class (labelled with their location)
    nlohmann::json nodeMetrics = nlohmann::json::array();        // metrics.k8s.io NodeMetrics of the virtual nodes
    nlohmann::json namespaceOffloadings = nlohmann::json::array();   // NamespaceOffloadings: names, phase, remote namespaces' conditions
    std::vector<installer::ComponentStatus> agents = {};         // Spillway's Deployments and DaemonSets in the install namespace
};

// The clusters' snapshots as the builders read them: references, so the console's models never
// copy thousands of pods to redraw.
using ClusterPeersRefs = std::vector<std::reference_wrapper<const ClusterPeers>>;
ClusterPeersRefs refsOf(const std::vector<ClusterPeers> &clusters);
// The peer an object is made for or about: its liqo.io/remote-cluster-id label (empty: none).
QString remoteClusterOf(const nlohmann::json &object);
// The provider's cluster ID behind each of CLUSTER's virtual nodes (its liqo.io/remote-cluster-id), by node name.
std::map<QString, QString> providersOfVirtualNodes(const ClusterPeers &cluster);

// The peer graph: every cluster as a node and every peering as a directed edge consumer →
// provider, whichever side it was seen from (a peering seen from both sides is one edge, the
// consumer's view first since the virtual node lives there). Built from lists alone, so the
// console draws what the API says and tests check it against the same lists.
struct PeerGraph {
    enum class Health { Up, Degraded, Down, NoNetwork, Unknown };
    struct Node {
        QString clusterId, name;   // name: the console's, else the cluster ID
        bool inWorkspace = false;  // false: only known as someone's peer
        friend bool operator==(const Node &, const Node &) = default;
    };
    struct Edge {
        QString consumer, provider;            // cluster IDs
        Health health = Health::Unknown;
        QString healthText;                    // the condition or connection state behind `health`
        std::optional<double> latencyMs;       // the tunnel's last measured round trip
        QString virtualNode;                   // in the consumer; empty when not seen
        bool virtualNodeReady = false;
        Capacity capacity, used;               // the virtual node's allocatable, and its pods' requests
        std::optional<Capacity> measured;      // its use as metrics.k8s.io measures it (cpu, memory), when served
        bool seenByConsumer = false;
    };

    std::vector<Node> nodes;
    std::vector<Edge> edges;

    // The name the console shows for CLUSTERID: its node's, else the ID itself.
    QString nameOf(const QString &clusterId) const;

    static PeerGraph buildFrom(const ClusterPeersRefs &clusters);
    static PeerGraph build(const std::vector<ClusterPeers> &clusters) { return buildFrom(refsOf(clusters)); }
    const Edge *edge(const QString &consumer, const QString &provider) const;
    // "1.234ms" (what the gateways write) → 1.234.
    static std::optional<double> parseLatencyMs(const QString &text);
};

} // namespace spillway::console
