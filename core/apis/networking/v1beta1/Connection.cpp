#include "apis/networking/v1beta1/Connection.h"

#include "apis/shared/Json.h"

namespace spillway::apis::networking::v1beta1 {

using nlohmann::json;
using namespace detail;

kube::ResourceRef connectionResource()
{
    return {QStringLiteral("networking.liqo.io"), QStringLiteral("v1beta1"), QStringLiteral("connections"),
            QStringLiteral("Connection"), true};
}

void to_json(json &j, const ConnectionLatency &v)
{
    j = json::object();
    putIf(j, "value", v.value);
    putIf(j, "timestamp", v.timestamp);
}

void from_json(const json &j, ConnectionLatency &v)
{
    optionalField(j, "value", v.value);
    optionalField(j, "timestamp", v.timestamp);
}

void to_json(json &j, const ConnectionSpec &v)
{
    j = {{"type", enumName(v.type, kConnectionTypes)}, {"gatewayRef", v.gatewayRef}};
}

void from_json(const json &j, ConnectionSpec &v)
{
    enumField(j, "type", v.type, kConnectionTypes);
    optionalField(j, "gatewayRef", v.gatewayRef);
}

void to_json(json &j, const ConnectionStatus &v)
{
    j = json::object();
    putIf(j, "value", v.value);
    putIf(j, "latency", v.latency);
}

void from_json(const json &j, ConnectionStatus &v)
{
    optionalField(j, "value", v.value);
    optionalField(j, "latency", v.latency);
}

void to_json(json &j, const Connection &v)
{
    j = {{"apiVersion", std::string(kGroupVersion)}, {"kind", std::string(kConnectionKind)}, {"metadata", v.metadata}, {"spec", v.spec}};
    putIf(j, "status", v.status);
}

void from_json(const json &j, Connection &v)
{
    optionalField(j, "metadata", v.metadata);
    optionalField(j, "spec", v.spec);
    optionalField(j, "status", v.status);
}

} // namespace spillway::apis::networking::v1beta1
