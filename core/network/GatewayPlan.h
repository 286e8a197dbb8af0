#pragma once

#include "common/Error.h"
#include "consts/Labels.h"
#include "network/TunnelPlan.h"
#include "network/WireGuardUapi.h"

#include <nlohmann/json.hpp>

namespace spillway::network {

// The two ends of a cluster pair's tunnel: the server listens (on the provider by default), the
// client dials it.
enum class GatewayMode { Server, Client };

inline constexpr int kDefaultGatewayPort = 51840;
inline constexpr int kDefaultGatewayMtu = 1340;
inline constexpr const char *kGatewayResourceLabel = "networking.liqo.io/gateway-resource";
inline constexpr const char *kGatewayNameLabel = "networking.liqo.io/gateway-name";
using consts::kRemoteClusterIdLabel;
// Held by the gateway on its GatewayServer/GatewayClient until it has taken its tunnel down.
inline constexpr const char *kGatewayTunnelFinalizer = "networking.spillway.dev/tunnel";
// Written by a gateway whose tunnel lives in a named network namespace of its machine (the local
// runtime), so that tools on that machine (spillctl test network) find where to attach.
inline constexpr const char *kGatewayNetnsAnnotation = "networking.spillway.dev/netns";

QString gatewayModeName(GatewayMode mode);   // "server" / "client"
// The Secret holding a gateway's WireGuard key pair when its spec names none.
QString gatewayKeysSecretName(const QString &gatewayName);
// The local runtime's component (a folder under the state dir) running that gateway.
QString gatewayComponentName(GatewayMode mode, const QString &ns, const QString &gatewayName);

// The tunnel's own /30, chosen from the cluster pair so that both ends agree on it without
// talking, and that a gateway namespace holding tunnels to several peers gives each its own.
struct TunnelAddresses {
    QString server, client;   // "169.254.x.y/30"
};
TunnelAddresses tunnelAddressesFor(const QString &serverClusterId, const QString &clientClusterId);

// What a gateway makes of what the API says: the peer's networks from the Configuration (the
// peer's real CIDRs in spec.remote, as this cluster reaches them in status.remote), its public
// key, and for a client the server's endpoint. What is still missing is named in waitingFor (the
// gateway says so in its Connection); what is there but malformed is an error.
struct GatewayInputs {
    GatewayMode mode = GatewayMode::Server;
    QString localClusterId, remoteClusterId;
    QByteArray privateKey;              // 32 raw bytes
    nlohmann::json configuration;       // networking.liqo.io Configuration about the peer
    nlohmann::json publicKey;           // networking.liqo.io PublicKey of the peer's gateway
    int listenPort = kDefaultGatewayPort;   // server
    QString endpoint;                   // client: "ip:port"
    // ipam.liqo.io IPs of this cluster: those whose status.ip lies in this cluster's external CIDR
    // (spec.local of the Configuration) are exposed to the peer; the rest concern no tunnel.
    std::vector<nlohmann::json> ips;
};
struct GatewayTunnel {
    QString waitingFor;                 // non-empty: no tunnel yet, for this reason
    TunnelPlan plan;
    WireGuardConfig wireguard;
    QString peerTunnelAddress;          // where the health pings go
};
Result<GatewayTunnel> planGatewayTunnel(const GatewayInputs &in);
// The addresses of `ips` a peer reaches through this cluster's external CIDRs. An IP still
// without an address, being deleted, or with an address that is not IPv4 is left out: it is
// exposed once the IPAM (or its author) has put it right.
std::vector<ExposedAddress> exposedAddresses(const std::vector<nlohmann::json> &ips, const nlohmann::json &configuration);

} // namespace spillway::network
