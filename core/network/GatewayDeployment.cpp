#include "network/GatewayDeployment.h"

#include <QRegularExpression>

namespace spillway::network {

using nlohmann::json;

QString gatewayClusterRoleBindingName(const QString &ns)
{
    return QStringLiteral("spillway-gateway-") + ns;
}

QString gatewayResourceName(const QString &gatewayName)
{
    return QStringLiteral("gw-") + gatewayName;
}

Result<json> renderGatewayTemplate(const json &templateSpec, const GatewayTemplateValues &v)
{
    QString text = QString::fromStdString(templateSpec.dump());
    const std::pair<const char *, QString> substitutions[] = {
        {"{{ .Name }}", v.name},
        {"{{ .Namespace }}", v.ns},
        {"{{ .ClusterID }}", v.remoteClusterId},
        {"{{ .SecretName }}", v.secretName},
        {"{{ .Spec.MTU }}", QString::number(v.mtu)},
        {"{{ .Spec.Endpoint.Port }}", QString::number(v.port)},
        {"{{ index .Spec.Endpoint.Addresses 0 }}", v.endpointAddress},
    };
    for (const auto &[placeholder, value] : substitutions) {
        // Values land inside JSON strings: names and IDs are DNS labels, addresses IPs; anything
        // else would change the document's shape.
        if (value.contains(QLatin1Char('"')) || value.contains(QLatin1Char('\\')))
            return Error::of(Error::Kind::Config, QStringLiteral("gateway template value %1 = \"%2\" cannot be substituted").arg(QLatin1String(placeholder), value));
        text.replace(QLatin1String(placeholder), value);
    }
    const QRegularExpressionMatch left = QRegularExpression(QStringLiteral("\\{\\{[^}]*\\}\\}")).match(text);
    if (left.hasMatch())
        return Error::of(Error::Kind::Config, QStringLiteral("the gateway template uses %1, which Spillway does not fill in").arg(left.captured(0)),
                         QStringLiteral("use the templates `spillctl install` applies (wireguard-server / wireguard-client)"));
    const json out = json::parse(text.toStdString(), nullptr, false);
    if (out.is_discarded() || !out.is_object())
        return Error::of(Error::Kind::Config, QStringLiteral("the gateway template is not an object after substitution"));
    return out;
}

Result<GatewayWorkload> gatewayWorkload(GatewayMode mode, const json &gateway, const json &rendered)
{
    const json meta = gateway.value("metadata", json::object());
    const std::string ns = meta.value("namespace", ""), name = meta.value("name", "");
    const std::string workloadName = gatewayResourceName(QString::fromStdString(name)).toStdString();
    const json owner = {{"apiVersion", "networking.liqo.io/v1beta1"}, {"kind", mode == GatewayMode::Server ? "GatewayServer" : "GatewayClient"},
                        {"name", name}, {"uid", meta.value("uid", "")}, {"controller", true}};
    const json deploymentSpec = rendered.value("spec", json::object()).value("deployment", json::object()).value("spec", json());
    if (!deploymentSpec.is_object() || !deploymentSpec.contains("template"))
        return Error::of(Error::Kind::Config, QStringLiteral("the gateway template has no spec.deployment.spec.template"));
    const json renderedMeta = rendered.value("metadata", json::object());

    GatewayWorkload out;
    out.serviceAccount = {{"apiVersion", "v1"}, {"kind", "ServiceAccount"}, {"metadata", {{"name", "spillway-gateway"}, {"namespace", ns}}}};
    out.clusterRoleBinding = {{"apiVersion", "rbac.authorization.k8s.io/v1"}, {"kind", "ClusterRoleBinding"},
                              {"metadata", {{"name", gatewayClusterRoleBindingName(QString::fromStdString(ns)).toStdString()}}},
                              {"roleRef", {{"apiGroup", "rbac.authorization.k8s.io"}, {"kind", "ClusterRole"}, {"name", "spillway-gateway"}}},
                              {"subjects", json::array({{{"kind", "ServiceAccount"}, {"name", "spillway-gateway"}, {"namespace", ns}}})}};
    // Liqo's component label, whatever the template says: the controller watches gateway
    // Deployments by it, so one deleted by hand is made again.
    json deploymentLabels = renderedMeta.value("labels", json::object());
    deploymentLabels[kGatewayComponentLabel] = kGatewayComponentValue;
    out.deployment = {{"apiVersion", "apps/v1"}, {"kind", "Deployment"},
                      {"metadata", {{"name", workloadName}, {"namespace", ns},
                                    {"labels", deploymentLabels},
                                    {"ownerReferences", json::array({owner})}}},
                      {"spec", deploymentSpec}};
    if (mode == GatewayMode::Server) {
        const json endpoint = gateway.value("spec", json::object()).value("endpoint", json::object());
        const int port = endpoint.value("port", 0) > 0 ? endpoint.value("port", 0) : kDefaultGatewayPort;
        json portSpec = {{"name", "wireguard"}, {"port", port}, {"targetPort", port}, {"protocol", "UDP"}};
        if (endpoint.contains("nodePort") && endpoint["nodePort"].is_number_integer())
            portSpec["nodePort"] = endpoint["nodePort"];
        json serviceSpec = {{"type", endpoint.value("serviceType", "NodePort")},
                            {"selector", deploymentSpec["template"].value("metadata", json::object()).value("labels", json::object())},
                            {"ports", json::array({portSpec})}};
        if (endpoint.contains("loadBalancerIP") && endpoint["loadBalancerIP"].is_string())
            serviceSpec["loadBalancerIP"] = endpoint["loadBalancerIP"];
        // The GatewayServer's own serviceLabels / serviceAnnotations (a cloud's load-balancer
        // settings, say) go on its Service, over the template's labels.
        const json gatewaySpec = gateway.value("spec", json::object());
        json serviceLabels = renderedMeta.value("labels", json::object());
        if (const json extra = gatewaySpec.value("serviceLabels", json::object()); extra.is_object())
            serviceLabels.update(extra);
        json serviceMeta = {{"name", workloadName}, {"namespace", ns}, {"labels", serviceLabels}, {"ownerReferences", json::array({owner})}};
        if (const json annotations = gatewaySpec.value("serviceAnnotations", json::object()); annotations.is_object() && !annotations.empty())
            serviceMeta["annotations"] = annotations;
        out.service = {{"apiVersion", "v1"}, {"kind", "Service"}, {"metadata", serviceMeta}, {"spec", serviceSpec}};
    }
    return out;
}

} // namespace spillway::network
