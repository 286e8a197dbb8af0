#pragma once

#include "console/PeerGraph.h"
#include "console/PeeringModules.h"
#include "installer/ComponentReadiness.h"

#include <QCoreApplication>
#include <QString>

#include <array>
#include <optional>

namespace spillway::console {

// Capacity flowing one way through a cluster's peerings: granted is the virtual nodes'
// allocatable (what the providers' ResourceSlices granted), used their pods' requests, measured
// their use as metrics.k8s.io reports it (only when some virtual node has metrics).
struct CapacityFlow {
    Capacity granted, used;
    std::optional<Capacity> measured;
    int peerings = 0;   // with a virtual node seen
};

// One gauge of the federation map: a resource's use against its grant.
struct Gauge {
    Q_DECLARE_TR_FUNCTIONS(Gauge)
public:
    enum class Resource { Cpu, Memory, Pods };
    Resource resource = Resource::Cpu;
    double used = 0, granted = 0;
    std::optional<double> measured;

    // The share of the grant in use: 0 with nothing granted, above 1 when over-committed.
    double fraction() const;
    // Good below 70 %, Warning below 90 %, Bad from there (Neutral: nothing granted).
    Tone tone() const;
    // "CPU 0.5/7.5", "Memory 0.3/15.0 GiB", "Pods 1/110".
    QString label() const;
};
std::array<Gauge, 3> gaugesOf(const CapacityFlow &flow);

// What the map draws in one cluster's box: what it lends (its consumers' virtual nodes for it)
// and what it borrows (its own virtual nodes, for its providers).
struct ClusterCard {
    CapacityFlow lends, borrows;
};
ClusterCard clusterCardOf(const PeerGraph &graph, const QString &clusterId);

// How a cluster's in-cluster agents are, for its card: the Deployments and DaemonSets of the
// install (the controller manager, the virtual kubelets, the gateways, the fabric), Ready or not.
struct AgentsHealth {
    Q_DECLARE_TR_FUNCTIONS(AgentsHealth)
public:
    QString text;          // "agents 3/3 Ready", or the first not Ready: "spillway-controller-manager 0/1 Ready"; empty: none seen
    QStringList details;   // one line per agent
    Tone tone = Neutral;   // Good: all Ready; Bad: one is not; Neutral: none (host-process agents, or not installed)
};
AgentsHealth agentsHealthOf(const std::vector<installer::ComponentStatus> &agents);

// What the map draws on one peering: each of Liqo's modules (authentication, networking,
// offloading, in kPeeringModules' order) as the consumer's ForeignCluster reports it, else the
// provider's; the worst of them; and whether networking is disabled (a peering without a tunnel).
struct PeeringCard {
    std::array<ModuleState, 3> modules;
    Tone worst = Neutral;
    bool networkingDisabled = false;
    bool reported = false;   // a ForeignCluster was found on either side
};
PeeringCard peeringCardOf(const ClusterPeersRefs &clusters, const PeerGraph::Edge &edge);

} // namespace spillway::console
