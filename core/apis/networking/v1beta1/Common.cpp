#include "apis/networking/v1beta1/Common.h"

#include "apis/shared/Json.h"

namespace spillway::apis::networking::v1beta1 {

using nlohmann::json;
using namespace detail;

void to_json(json &j, const EndpointStatus &v)
{
    j = json::object();
    putIf(j, "addresses", v.addresses);
    putIf(j, "port", v.port);
    putEnum(j, "protocol", v.protocol, kProtocols);
}

void from_json(const json &j, EndpointStatus &v)
{
    optionalField(j, "addresses", v.addresses);
    optionalField(j, "port", v.port);
    enumField(j, "protocol", v.protocol, kProtocols);
}

void to_json(json &j, const InternalGatewayEndpoint &v)
{
    j = json::object();
    putIf(j, "ip", v.ip);
    putIf(j, "node", v.node);
}

void from_json(const json &j, InternalGatewayEndpoint &v)
{
    optionalField(j, "ip", v.ip);
    optionalField(j, "node", v.node);
}

} // namespace spillway::apis::networking::v1beta1
