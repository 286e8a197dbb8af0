#include "apis/networking/v1beta1/GatewayClient.h"

#include "apis/shared/Json.h"

namespace spillway::apis::networking::v1beta1 {

using nlohmann::json;
using namespace detail;

kube::ResourceRef gatewayClientResource()
{
    return {QStringLiteral("networking.liqo.io"), QStringLiteral("v1beta1"), QStringLiteral("gatewayclients"),
            QStringLiteral("GatewayClient"), true};
}

void to_json(json &j, const GatewayClientSpec &v)
{
    j = json::object();
    putIf(j, "clientTemplateRef", v.clientTemplateRef);
    putIf(j, "mtu", v.mtu);
    putIf(j, "endpoint", v.endpoint);
    putIf(j, "secretRef", v.secretRef);
}

void from_json(const json &j, GatewayClientSpec &v)
{
    optionalField(j, "clientTemplateRef", v.clientTemplateRef);
    optionalField(j, "mtu", v.mtu);
    optionalField(j, "endpoint", v.endpoint);
    optionalField(j, "secretRef", v.secretRef);
}

void to_json(json &j, const GatewayClientStatus &v)
{
    j = json::object();
    putIf(j, "clientRef", v.clientRef);
    putIf(j, "secretRef", v.secretRef);
    putIf(j, "internalEndpoint", v.internalEndpoint);
}

void from_json(const json &j, GatewayClientStatus &v)
{
    optionalField(j, "clientRef", v.clientRef);
    optionalField(j, "secretRef", v.secretRef);
    optionalField(j, "internalEndpoint", v.internalEndpoint);
}

void to_json(json &j, const GatewayClient &v)
{
    j = {{"apiVersion", std::string(kGroupVersion)}, {"kind", std::string(kGatewayClientKind)}, {"metadata", v.metadata}, {"spec", v.spec}};
    putIf(j, "status", v.status);
}

void from_json(const json &j, GatewayClient &v)
{
    optionalField(j, "metadata", v.metadata);
    optionalField(j, "spec", v.spec);
    optionalField(j, "status", v.status);
}

} // namespace spillway::apis::networking::v1beta1
