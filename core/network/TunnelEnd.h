#pragma once

#include "common/Error.h"
#include "network/HostCommands.h"
#include "network/TunnelPlan.h"
#include "network/WireGuardUapi.h"

namespace spillway::network {

// Which wireguard-go runs the tunnels: $SPILLWAY_WIREGUARD_GO, else the one installed beside this
// program (`./run build` puts the newest from the Go module proxy there: about 5× Debian's
// throughput in bench/tunnel), else wireguard-go on PATH (Debian's).
QString defaultWireGuardGo();

// One end of the tunnel to a peer, made real: a wireguard-go device (it outlives the gateway
// process, so a restarted gateway finds it and the tunnel never drops), its WireGuard
// configuration through the UAPI, the tunnel address and MTU, the NAT table and the routes.
// up() converges from whatever is there; down() leaves no interface, rule, route or table.
class TunnelEnd
{
public:
    struct Options {
        TunnelPlan plan;
        WireGuardConfig wireguard;
        int mtu = 1340;
        QString wireguardGo = defaultWireGuardGo();
        HostCommands host;
    };
    explicit TunnelEnd(Options options) : m_o(std::move(options)) {}

    Result<void> up();
    Result<void> down();
    Result<std::vector<WireGuardPeerStatus>> status() const;
    bool deviceExists() const;

private:
    void removeRoutes() const;
    Options m_o;
};

} // namespace spillway::network
