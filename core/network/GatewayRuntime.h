#pragma once

#include "common/Error.h"
#include "kube/KubeClient.h"
#include "network/GatewayPlan.h"

#include <optional>

namespace spillway::network {

// Controller-manager side, keyed by GatewayServer or GatewayClient ("ns/name"): each has its
// spillway-gateway running — in the local runtime a supervised process (inside the network
// namespace the install names, where the testbed keeps a cluster's gateways), in the kubernetes
// runtime a Deployment rendered from the template it names (GatewayDeployment) — and a server's
// status.endpoint says where clients dial it (the install's address and the port; in a cluster,
// what its Service offers). The gateway holds a finalizer until its tunnel is
// down; the process is stopped only once the object no longer needs it.
class GatewayRuntime
{
public:
    struct Options {
        bool localRuntime = true;
        QString stateDir, binDir;           // local runtime
        // Local runtime: where gateways put their tunnels. Empty: nowhere — a gateway changes
        // routes and firewall rules, so the machine's own network ("host") must be asked for.
        QString netns;
        QString endpointAddress;            // where this cluster's gateway servers are reached (kubernetes
                                            // runtime, NodePort: empty means a node's InternalIP)
        QString liqoNamespace = QStringLiteral("liqo");
    };
    GatewayRuntime(kube::KubeClient &client, GatewayMode mode, Options options);
    Result<void> reconcile(const QString &key);

    // The spillway-gateway command line for a gateway object (local runtime).
    QStringList gatewayArguments(const nlohmann::json &gateway) const;

    // Why a gateway was not run, as an Event on its object (reason GatewayNotRun): what
    // `spillctl network connect` reports instead of waiting for its timeout.
    static constexpr const char *kNotRunReason = "GatewayNotRun";

private:
    Error notRun(const nlohmann::json &gateway, Error why);
    Result<void> stopProcess(const QString &ns, const QString &name);
    Result<void> reportEndpoint(const nlohmann::json &gateway, const QString &address, int port);
    Result<void> runInCluster(const nlohmann::json &gateway);
    Result<std::optional<nlohmann::json>> unprefixedWorkload(const kube::ResourceRef &kind, const nlohmann::json &gateway);
    Result<void> releaseClusterRoleBinding(const QString &ns);

    kube::KubeClient &m_client;
    GatewayMode m_mode;
    Options m_o;
};

} // namespace spillway::network
