#pragma once

#include "common/Error.h"
#include "network/GatewayPlan.h"

#include <nlohmann/json.hpp>

namespace spillway::network {

// Kubernetes runtime: what runs a gateway in its cluster, as Liqo runs it — rendered from the
// WgGatewayServerTemplate / WgGatewayClientTemplate the gateway object names: {{ .Name }},
// {{ .Namespace }}, {{ .ClusterID }} (the peer), {{ .SecretName }}, {{ .Spec.MTU }},
// {{ .Spec.Endpoint.Port }} and {{ index .Spec.Endpoint.Addresses 0 }} are substituted. The
// Deployment (and a server's UDP Service) is named gw-<gateway>, as Liqo names it whatever the
// template says (liqoctl waits for that Deployment, and Liqo's tools look for it), and is owned by
// the gateway object, so it goes with it; the pods run under the ServiceAccount spillway-gateway
// of the tenant namespace.
inline constexpr const char *kGatewayComponentLabel = "networking.liqo.io/component";
inline constexpr const char *kGatewayComponentValue = "gateway";

struct GatewayTemplateValues {
    QString name, ns, remoteClusterId, secretName;
    int mtu = kDefaultGatewayMtu, port = kDefaultGatewayPort;
    QString endpointAddress;   // client: the server's address
};

// template: the template object's spec.template. An unknown {{ ... }} left over is an error
// naming it (a template written for another release), not a pod that fails at start.
Result<nlohmann::json> renderGatewayTemplate(const nlohmann::json &templateSpec, const GatewayTemplateValues &values);

struct GatewayWorkload {
    nlohmann::json serviceAccount, clusterRoleBinding, deployment;
    nlohmann::json service;   // server only (null for a client)
};
// gateway: the GatewayServer / GatewayClient; rendered: renderGatewayTemplate's output.
Result<GatewayWorkload> gatewayWorkload(GatewayMode mode, const nlohmann::json &gateway, const nlohmann::json &rendered);
QString gatewayClusterRoleBindingName(const QString &ns);
// The Deployment and Service that run a gateway: "gw-" + the gateway's name.
QString gatewayResourceName(const QString &gatewayName);

} // namespace spillway::network
