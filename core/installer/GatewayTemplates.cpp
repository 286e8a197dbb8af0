// Liqo's default gateway templates, `wireguard-server` and `wireguard-client`: a GatewayServer or
// GatewayClient names one of them in its templateRef, and the controller renders the gateway from
// it, substituting {{ .Name }}, {{ .Namespace }}, {{ .ClusterID }}, {{ .SecretName }} and the
// endpoint fields. In the local runtime the gateway runs as a supervised process with the same
// arguments instead of a Deployment.
#include "installer/Manifests.h"

namespace spillway::installer {

using nlohmann::json;

namespace {

json gatewayDeployment(const std::string &image, const std::string &pullPolicy, const std::string &mode)
{
    const json labels = {{"networking.liqo.io/component", "gateway"},
                         {"networking.liqo.io/gateway-name", "{{ .Name }}"},
                         {"networking.liqo.io/gateway-namespace", "{{ .Namespace }}"}};
    json args = json::array({"--mode=" + mode, "--name={{ .Name }}", "--namespace={{ .Namespace }}",
                             "--remote-cluster-id={{ .ClusterID }}", "--keys-secret={{ .SecretName }}",
                             "--mtu={{ .Spec.MTU }}", "--metrics-address=0.0.0.0:" + std::to_string(names::kGatewayHealthPort)});
    if (mode == "server")
        args.push_back("--listen-port={{ .Spec.Endpoint.Port }}");
    else
        args.push_back("--endpoint={{ index .Spec.Endpoint.Addresses 0 }}:{{ .Spec.Endpoint.Port }}");
    // wireguard-go in userspace: NET_ADMIN for the TUN device, addresses, routes and nftables;
    // MKNOD to make /dev/net/tun, which a container's /dev lacks (network/TunDevice.h).
    const json container = {{"name", "gateway"},
                            {"image", image},
                            {"imagePullPolicy", pullPolicy},
                            {"args", args},
                            {"ports", json::array({{{"name", "health"}, {"containerPort", names::kGatewayHealthPort}}})},
                            // Ready once its informers are listed and a pass converged (the tunnel
                            // is up, or it waits for the peer's key) — not once Connected: a server
                            // must be an endpoint of its Service before any client can reach it.
                            {"readinessProbe", {{"httpGet", {{"path", "/readyz"}, {"port", "health"}}}, {"periodSeconds", 2}}},
                            {"livenessProbe", {{"httpGet", {{"path", "/healthz"}, {"port", "health"}}}, {"periodSeconds", 10}, {"failureThreshold", 6}}},
                            // Idle the gateway and its wireguard-go hold about 27 MB (bench/real).
                            {"resources", {{"requests", {{"cpu", "10m"}, {"memory", "48Mi"}}}, {"limits", {{"memory", "256Mi"}}}}},
                            {"securityContext", {{"allowPrivilegeEscalation", false},
                                                 {"capabilities", {{"drop", json::array({"ALL"})}, {"add", json::array({"NET_ADMIN", "MKNOD"})}}}}}};
    // The pod forwards between its interface and the tunnel: net.ipv4.ip_forward, which only a
    // privileged container may write (network/IpForwarding.h). That one step, then it exits.
    const json forwarding = {{"name", "enable-forwarding"},
                             {"image", image},
                             {"imagePullPolicy", pullPolicy},
                             {"args", json::array({"--enable-forwarding"})},
                             {"resources", {{"requests", {{"cpu", "10m"}, {"memory", "16Mi"}}}, {"limits", {{"memory", "64Mi"}}}}},
                             {"securityContext", {{"privileged", true}}}};
    const json podSpec = {{"serviceAccountName", names::kGateway}, {"initContainers", json::array({forwarding})}, {"containers", json::array({container})}};
    return {{"metadata", {{"name", "{{ .Name }}"}, {"namespace", "{{ .Namespace }}"}, {"labels", labels}}},
            {"spec", {{"deployment", {{"spec", {{"replicas", 1},
                                                 {"selector", {{"matchLabels", labels}}},
                                                 {"template", {{"metadata", {{"labels", labels}}}, {"spec", podSpec}}}}}}}}}};
}

} // namespace

json fabricDaemonSet(const QString &ns, const QMap<QString, QString> &values)
{
    const std::string image = (values.value(QStringLiteral("image.registry")) + QStringLiteral("/spillway-gateway:")
                               + values.value(QStringLiteral("image.tag"))).toStdString();
    const json labels = {{names::kPartOfLabel, names::kPartOfValue}, {names::kComponentLabel, "fabric"}};
    // The node's own routes: host network, NET_ADMIN and nothing else.
    const json container = {{"name", "fabric"},
                            {"image", image},
                            {"imagePullPolicy", values.value(QStringLiteral("image.pullPolicy")).toStdString()},
                            // On the node's network: its probes listen on the node's address only.
                            {"args", json::array({"--fabric", "--metrics-address=$(HOST_IP):" + std::to_string(names::kFabricHealthPort)})},
                            {"env", json::array({{{"name", "NODE_NAME"}, {"valueFrom", {{"fieldRef", {{"fieldPath", "spec.nodeName"}}}}}},
                                                 {{"name", "HOST_IP"}, {"valueFrom", {{"fieldRef", {{"fieldPath", "status.hostIP"}}}}}}})},
                            {"ports", json::array({{{"name", "health"}, {"containerPort", names::kFabricHealthPort}}})},
                            {"readinessProbe", {{"httpGet", {{"path", "/readyz"}, {"port", "health"}}}, {"periodSeconds", 5}}},
                            {"livenessProbe", {{"httpGet", {{"path", "/healthz"}, {"port", "health"}}}, {"periodSeconds", 10}, {"failureThreshold", 6}}},
                            {"resources", {{"requests", {{"cpu", "5m"}, {"memory", "32Mi"}}}, {"limits", {{"memory", "128Mi"}}}}},
                            {"securityContext", {{"allowPrivilegeEscalation", false},
                                                 {"capabilities", {{"drop", json::array({"ALL"})}, {"add", json::array({"NET_ADMIN"})}}}}}};
    // Every real node; not the virtual ones, whose pods run in a peer.
    const json affinity = {{"nodeAffinity", {{"requiredDuringSchedulingIgnoredDuringExecution", {{"nodeSelectorTerms", json::array({
                               {{"matchExpressions", json::array({{{"key", "liqo.io/type"}, {"operator", "NotIn"}, {"values", json::array({"virtual-node"})}}})}}})}}}}}};
    json ds = {{"apiVersion", "apps/v1"}, {"kind", "DaemonSet"},
               {"metadata", {{"name", names::kFabric}, {"namespace", ns.toStdString()}}},
               {"spec", {{"selector", {{"matchLabels", labels}}},
                         {"template", {{"metadata", {{"labels", labels}}},
                                       {"spec", {{"serviceAccountName", names::kFabric},
                                                 {"hostNetwork", true},
                                                 {"affinity", affinity},
                                                 {"tolerations", json::array({{{"key", "node-role.kubernetes.io/control-plane"}, {"operator", "Exists"},
                                                                               {"effect", "NoSchedule"}}})},
                                                 {"containers", json::array({container})}}}}}}}};
    labelAsSpillway(ds, QStringLiteral("fabric"));
    return ds;
}

std::vector<json> gatewayTemplates(const QString &ns, const QMap<QString, QString> &values)
{
    const std::string image = (values.value(QStringLiteral("image.registry")) + QStringLiteral("/spillway-gateway:")
                               + values.value(QStringLiteral("image.tag"))).toStdString();
    const std::string pullPolicy = values.value(QStringLiteral("image.pullPolicy")).toStdString();
    std::vector<json> out;
    for (const auto &[kind, name, mode, rendered] :
         {std::tuple{"WgGatewayServerTemplate", "wireguard-server", "server", "WgGatewayServer"},
          std::tuple{"WgGatewayClientTemplate", "wireguard-client", "client", "WgGatewayClient"}}) {
        json t = {{"apiVersion", "networking.liqo.io/v1beta1"},
                  {"kind", kind},
                  {"metadata", {{"name", name}, {"namespace", ns.toStdString()}}},
                  {"spec", {{"objectKind", {{"apiVersion", "networking.liqo.io/v1beta1"}, {"kind", rendered}}},
                            {"template", gatewayDeployment(image, pullPolicy, mode)}}}};
        labelAsSpillway(t, QStringLiteral("networking"));
        out.push_back(std::move(t));
    }
    return out;
}

} // namespace spillway::installer
