#include "apis/ipam/v1alpha1/IP.h"

#include "apis/shared/Json.h"

namespace spillway::apis::ipam::v1alpha1 {

using nlohmann::json;
using namespace detail;

kube::ResourceRef ipResource()
{
    return {QStringLiteral("ipam.liqo.io"), QStringLiteral("v1alpha1"), QStringLiteral("ips"), QStringLiteral("IP"),
            true};
}

void to_json(json &j, const EmbeddedObjectMeta &v)
{
    j = json::object();
    putIf(j, "name", v.name);
    putIf(j, "namespace", v.namespace_);
    putIf(j, "labels", v.labels);
    putIf(j, "annotations", v.annotations);
    putIf(j, "finalizers", v.finalizers);
}

void from_json(const json &j, EmbeddedObjectMeta &v)
{
    optionalField(j, "name", v.name);
    optionalField(j, "namespace", v.namespace_);
    optionalField(j, "labels", v.labels);
    optionalField(j, "annotations", v.annotations);
    optionalField(j, "finalizers", v.finalizers);
}

void to_json(json &j, const ServiceTemplate &v)
{
    j = json::object();
    putIf(j, "metadata", v.metadata);
    putIf(j, "spec", v.spec);
}

void from_json(const json &j, ServiceTemplate &v)
{
    optionalField(j, "metadata", v.metadata);
    optionalField(j, "spec", v.spec);
}

void to_json(json &j, const IPSpec &v)
{
    j = {{"ip", v.ip}};
    putIf(j, "networkRef", v.networkRef);
    putIf(j, "serviceTemplate", v.serviceTemplate);
    putIf(j, "masquerade", v.masquerade);
}

void from_json(const json &j, IPSpec &v)
{
    optionalField(j, "ip", v.ip);
    optionalField(j, "networkRef", v.networkRef);
    optionalField(j, "serviceTemplate", v.serviceTemplate);
    optionalField(j, "masquerade", v.masquerade);
}

void to_json(json &j, const IPStatus &v)
{
    j = json::object();
    putIf(j, "ip", v.ip);
    putIf(j, "cidr", v.cidr);
}

void from_json(const json &j, IPStatus &v)
{
    optionalField(j, "ip", v.ip);
    optionalField(j, "cidr", v.cidr);
}

void to_json(json &j, const IP &v)
{
    j = {{"apiVersion", std::string(kGroupVersion)}, {"kind", std::string(kIPKind)}, {"metadata", v.metadata}, {"spec", v.spec}};
    putIf(j, "status", v.status);
}

void from_json(const json &j, IP &v)
{
    optionalField(j, "metadata", v.metadata);
    optionalField(j, "spec", v.spec);
    optionalField(j, "status", v.status);
}

} // namespace spillway::apis::ipam::v1alpha1
