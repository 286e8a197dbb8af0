#pragma once

#include "common/Error.h"
#include "kube/KubeClient.h"
#include "network/GatewayPlan.h"

namespace spillway::network {

// Controller-manager side, keyed by GatewayServer or GatewayClient ("ns/name"): each has its
// spillway-gateway running — in the local runtime a supervised process (inside the network
// namespace the install names, where the testbed keeps a cluster's gateways) — and a server's
// status.endpoint says where clients dial it. The gateway holds a finalizer until its tunnel is
// down; the process is stopped only once the object no longer needs it.
class GatewayRuntime
{
public:
    struct Options {
        bool localRuntime = true;
        QString stateDir, binDir;           // local runtime
        QString netns;                      // local runtime: where gateways put their tunnels
        QString endpointAddress;            // where this cluster's gateway servers are reached
        QString liqoNamespace = QStringLiteral("liqo");
    };
    GatewayRuntime(kube::KubeClient &client, GatewayMode mode, Options options);
    Result<void> reconcile(const QString &key);

    // The spillway-gateway command line for a gateway object (local runtime).
    QStringList gatewayArguments(const nlohmann::json &gateway) const;

private:
    Result<void> stopProcess(const QString &ns, const QString &name);
    Result<void> reportEndpoint(const nlohmann::json &gateway);

    kube::KubeClient &m_client;
    GatewayMode m_mode;
    Options m_o;
};

} // namespace spillway::network
