#pragma once

#include "ipam/Cidr.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace spillway::network {

// What a gateway sets up around its WireGuard interface for one peer, as text for `nft -f -` and
// argument lists for `ip`. Inside the tunnel packets carry real addresses. Towards the peer, a
// destination this cluster addresses as a remapped prefix is translated to the peer's real one
// (prerouting, host bits kept); from the peer, a real source is translated to the prefix this
// cluster knows it by (postrouting), so replies come back through the tunnel. Packets addressed
// to the peer are marked before NAT and routed by a table of the peer's own into the tunnel; the
// rest (the peer's real prefix may be this cluster's own too) keeps the main table.
struct Remap {
    ipam::Cidr real;   // as the peer has it
    ipam::Cidr as;     // as this cluster reaches it
};

// An address of this cluster (an ipam.liqo.io IP's spec.ip, e.g. a node or a host beside the
// cluster) that peers reach as an address of this cluster's external CIDR (its status.ip): what
// comes out of the tunnel for the latter is sent to the former. With masquerade it also leaves
// with this gateway's own address as source, for a destination whose replies would not come back
// through the gateway otherwise.
struct ExposedAddress {
    QString external;   // "10.70.0.2"
    QString real;       // "192.168.7.10"
    bool masquerade = false;
};

struct TunnelPlan {
    QString localClusterId, peerClusterId;
    QString interfaceName;              // from tunnelInterfaceName()
    int routingTable = 0;               // from routingTableFor()
    std::vector<Remap> networks;        // the peer's pod (and external) CIDRs
    QString tunnelAddress;              // this end's address on the tunnel ("169.254.18.1/30")
    std::vector<ExposedAddress> exposed;   // sorted by external address
};

// A Linux interface name (at most 15 characters) unique per pair, since wireguard-go's UAPI
// sockets share one directory across network namespaces.
QString tunnelInterfaceName(const QString &localClusterId, const QString &peerClusterId);
int routingTableFor(const QString &peerClusterId);   // 1000..60999, also the packets' mark
QString nftTableName(const QString &peerClusterId);

// The NAT table for the peer, replaced atomically (an existing one is deleted in the same
// transaction); with no remapped network and no exposed address there is no table.
QString nftRuleset(const TunnelPlan &plan);
QString nftDeleteTable(const TunnelPlan &plan);
// `ip` argument lists: the peer's table and its fwmark rule; and what undoes them.
std::vector<QStringList> routeCommands(const TunnelPlan &plan);
std::vector<QStringList> routeCleanupCommands(const TunnelPlan &plan);

} // namespace spillway::network
