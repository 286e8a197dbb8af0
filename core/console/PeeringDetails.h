#pragma once

#include "console/PeerGraph.h"
#include "console/PeeringModules.h"

#include <QString>

#include <array>
#include <vector>

namespace spillway::console {

// When an Event happened, as Kubernetes writes it (RFC 3339): its lastTimestamp, else its
// eventTime, else when it was created.
QString eventTimeOf(const nlohmann::json &event);
// What tells an Event from the others in a table: its uid, else namespace/name.
QString eventKeyOf(const nlohmann::json &event);

// What the federation map's detail panel says about one peering, from both clusters' lists: each
// module's conditions, the ResourceSlices, the gateway pair's Connections and the peering's events.
struct PeeringDetails {
    struct Condition {
        QString type, status, reason, message;
        Tone tone = Neutral;
    };
    struct Module {
        bool disabled = false;
        std::vector<Condition> conditions;
    };
    struct Slice {
        QString cluster, ns, name, sliceClass;   // cluster: the console's name of the cluster holding it
        Capacity asked, granted;
        bool answered = false;   // the provider wrote status.resources
        std::vector<Condition> conditions;
    };
    struct Gateway {
        QString cluster, ns, name, type;   // type: Client or Server, from the Connection's spec
        QString status, latency;
    };
    struct Event {
        QString time;   // RFC 3339, as the API has it
        QString cluster, type, reason, object, message;
    };

    std::array<Module, 3> modules;   // in kPeeringModules' order, as the consumer's ForeignCluster says (else the provider's)
    std::vector<Slice> slices;       // the consumer's, else the provider's copies
    std::vector<Gateway> gateways;   // the consumer's side first
    std::vector<Event> events;       // newest first

    // Events count as the peering's when they are about the peer's ForeignCluster, anything in
    // its tenant namespace (liqo-tenant-<peer ID>), the virtual node or a pod on it.
    static PeeringDetails of(const ClusterPeersRefs &clusters, const PeerGraph::Edge &edge, size_t maxEvents = 12);
};

} // namespace spillway::console
