#pragma once

#include "common/Error.h"
#include "kube/KubeClient.h"
#include "network/GatewayPlan.h"
#include "network/NetworkInit.h"

#include <functional>

namespace spillway::network {

// liqoctl's `network connect` / `disconnect`: the tunnel between two clusters that have their
// network configuration (NetworkInit, run first and idempotent). The server cluster gets a
// GatewayServer, the client cluster a GatewayClient dialling the endpoint the server reports;
// each gateway's public key is given to the other cluster as a PublicKey; then both
// Connections must say Connected. Each object is named after the peer's cluster ID in the
// peer's tenant namespace, as Liqo names them. disconnect removes the gateways and keys on both
// sides (whichever cluster dialled) and waits until the gateways have taken their tunnels down; reset removes the network
// configuration (the Configurations, and the Networks they own) on both sides.
class NetworkConnect
{
public:
    using End = NetworkInit::End;
    struct Options {
        int timeoutMs = 120000;
        int pollMs = 200;
        int mtu = kDefaultGatewayMtu;
        int port = kDefaultGatewayPort;
        std::function<bool()> cancelled = [] { return false; };
        std::function<void(const QString &)> progress = [](const QString &) {};
        QString fieldManager = QStringLiteral("spillctl");
        // The gateway server's Service type; empty: as the server cluster was installed.
        QString serverServiceType;
    };
    struct Outcome {
        QString clientCluster, serverCluster, endpoint;   // endpoint: "ip:port" the client dials
        QString clientLatency, serverLatency;              // as the Connections report them
    };

    NetworkConnect(End client, End server, Options options);
    Result<Outcome> connect();
    Result<void> disconnect();
    // What was removed, a line per cluster ("rome: removed Configuration milan").
    Result<QStringList> reset();
    // Whether either cluster has a gateway (server or client) for the other.
    Result<bool> connected();

private:
    Result<void> readIds();
    QString serverServiceType() const;

    End m_client, m_server;
    Options m_o;
    QString m_clientId, m_serverId;
};

} // namespace spillway::network
