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
                             "--mtu={{ .Spec.MTU }}"});
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
                            // Idle the gateway and its wireguard-go hold about 27 MB (bench/real).
                            {"resources", {{"requests", {{"cpu", "10m"}, {"memory", "48Mi"}}}, {"limits", {{"memory", "256Mi"}}}}},
                            {"securityContext", {{"allowPrivilegeEscalation", false},
                                                 {"capabilities", {{"drop", json::array({"ALL"})}, {"add", json::array({"NET_ADMIN", "MKNOD"})}}}}}};
    const json podSpec = {{"serviceAccountName", names::kGateway}, {"containers", json::array({container})}};
    return {{"metadata", {{"name", "{{ .Name }}"}, {"namespace", "{{ .Namespace }}"}, {"labels", labels}}},
            {"spec", {{"deployment", {{"spec", {{"replicas", 1},
                                                 {"selector", {{"matchLabels", labels}}},
                                                 {"template", {{"metadata", {{"labels", labels}}}, {"spec", podSpec}}}}}}}}}};
}

} // namespace

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
