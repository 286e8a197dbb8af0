#include "apis/networking/v1beta1/GatewayServer.h"

#include "apis/shared/Json.h"

namespace spillway::apis::networking::v1beta1 {

using nlohmann::json;
using namespace detail;

kube::ResourceRef gatewayServerResource()
{
    return {QStringLiteral("networking.liqo.io"), QStringLiteral("v1beta1"), QStringLiteral("gatewayservers"),
            QStringLiteral("GatewayServer"), true};
}

void to_json(json &j, const Endpoint &v)
{
    j = {{"serviceType", enumName(v.serviceType, kServiceTypes)}};
    putIf(j, "port", v.port);
    putIf(j, "nodePort", v.nodePort);
    putIf(j, "loadBalancerIP", v.loadBalancerIP);
}

void from_json(const json &j, Endpoint &v)
{
    optionalField(j, "port", v.port);
    enumField(j, "serviceType", v.serviceType, kServiceTypes);
    optionalField(j, "nodePort", v.nodePort);
    optionalField(j, "loadBalancerIP", v.loadBalancerIP);
}

void to_json(json &j, const GatewayServerSpec &v)
{
    j = json::object();
    putIf(j, "serverTemplateRef", v.serverTemplateRef);
    putIf(j, "mtu", v.mtu);
    putIf(j, "endpoint", v.endpoint);
    putIf(j, "secretRef", v.secretRef);
    putIf(j, "serviceLabels", v.serviceLabels);
    putIf(j, "serviceAnnotations", v.serviceAnnotations);
}

void from_json(const json &j, GatewayServerSpec &v)
{
    optionalField(j, "serverTemplateRef", v.serverTemplateRef);
    optionalField(j, "mtu", v.mtu);
    optionalField(j, "endpoint", v.endpoint);
    optionalField(j, "secretRef", v.secretRef);
    optionalField(j, "serviceLabels", v.serviceLabels);
    optionalField(j, "serviceAnnotations", v.serviceAnnotations);
}

void to_json(json &j, const GatewayServerStatus &v)
{
    j = json::object();
    putIf(j, "serverRef", v.serverRef);
    putIf(j, "endpoint", v.endpoint);
    putIf(j, "secretRef", v.secretRef);
    putIf(j, "internalEndpoint", v.internalEndpoint);
}

void from_json(const json &j, GatewayServerStatus &v)
{
    optionalField(j, "serverRef", v.serverRef);
    optionalField(j, "endpoint", v.endpoint);
    optionalField(j, "secretRef", v.secretRef);
    optionalField(j, "internalEndpoint", v.internalEndpoint);
}

void to_json(json &j, const GatewayServer &v)
{
    j = {{"apiVersion", std::string(kGroupVersion)}, {"kind", std::string(kGatewayServerKind)}, {"metadata", v.metadata}, {"spec", v.spec}};
    putIf(j, "status", v.status);
}

void from_json(const json &j, GatewayServer &v)
{
    optionalField(j, "metadata", v.metadata);
    optionalField(j, "spec", v.spec);
    optionalField(j, "status", v.status);
}

} // namespace spillway::apis::networking::v1beta1
