#pragma once

#include "common/Error.h"

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <nlohmann/json.hpp>

#include <vector>

namespace spillway::network {

// The node side of the network fabric (Liqo's liqo-fabric): on every real node, the networks this
// cluster reaches a peer by (the Configuration's status.remote CIDRs, remapped or not) are routed
// to the peer's gateway pod — straight to its pod IP on the node it runs on, through that node's
// InternalIP from the others. The gateway pod then translates and tunnels them. Routes carry a
// protocol number of their own, so the fabric finds (and removes) exactly the routes it made.
inline constexpr int kFabricRouteProtocol = 83;

struct FabricRoute {
    QString destination;   // "10.71.0.0/16"
    QString via;           // "10.244.0.5"
    friend bool operator==(const FabricRoute &, const FabricRoute &) = default;
};

// The routes node `nodeName` needs. A Configuration (in a tenant namespace) is served by the
// gateway pods of its namespace (label networking.liqo.io/component=gateway): a running, not
// deleted one with a pod IP, Ready ones first, then the newest. A peer without such a pod, or
// whose gateway's node has no InternalIP, gets no route (its traffic would go nowhere anyway).
// Sorted by destination; a destination two peers claim goes to the first by namespace.
std::vector<FabricRoute> fabricRoutes(const QString &nodeName, const std::vector<nlohmann::json> &configurations,
                                      const std::vector<nlohmann::json> &gatewayPods, const std::vector<nlohmann::json> &nodes);

// The routes of ours an `ip -j route show proto 83` printed.
Result<std::vector<FabricRoute>> parseFabricRoutes(const QByteArray &ipJson);

// `ip` argument lists that turn `actual` into `desired`: replace what is missing or points
// elsewhere, delete what is no longer wanted.
std::vector<QStringList> fabricRouteCommands(const std::vector<FabricRoute> &desired, const std::vector<FabricRoute> &actual);

} // namespace spillway::network
