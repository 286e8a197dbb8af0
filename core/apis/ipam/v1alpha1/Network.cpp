#include "apis/ipam/v1alpha1/Network.h"

#include "apis/shared/Json.h"

namespace spillway::apis::ipam::v1alpha1 {

using nlohmann::json;
using namespace detail;

kube::ResourceRef networkResource()
{
    return {QStringLiteral("ipam.liqo.io"), QStringLiteral("v1alpha1"), QStringLiteral("networks"),
            QStringLiteral("Network"), true};
}

void to_json(json &j, const NetworkSpec &v)
{
    j = {{"cidr", v.cidr}};
    putIf(j, "preAllocated", v.preAllocated);
}

void from_json(const json &j, NetworkSpec &v)
{
    optionalField(j, "cidr", v.cidr);
    optionalField(j, "preAllocated", v.preAllocated);
}

void to_json(json &j, const NetworkStatus &v)
{
    j = json::object();
    putIf(j, "cidr", v.cidr);
}

void from_json(const json &j, NetworkStatus &v)
{
    optionalField(j, "cidr", v.cidr);
}

void to_json(json &j, const Network &v)
{
    j = {{"apiVersion", std::string(kGroupVersion)}, {"kind", std::string(kNetworkKind)}, {"metadata", v.metadata}, {"spec", v.spec}};
    putIf(j, "status", v.status);
}

void from_json(const json &j, Network &v)
{
    optionalField(j, "metadata", v.metadata);
    optionalField(j, "spec", v.spec);
    optionalField(j, "status", v.status);
}

} // namespace spillway::apis::ipam::v1alpha1
