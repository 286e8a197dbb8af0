#include "apis/networking/v1beta1/Configuration.h"

#include "apis/shared/Json.h"

namespace spillway::apis::networking::v1beta1 {

using nlohmann::json;
using namespace detail;

kube::ResourceRef configurationResource()
{
    return {QStringLiteral("networking.liqo.io"), QStringLiteral("v1beta1"), QStringLiteral("configurations"),
            QStringLiteral("Configuration"), true};
}

void to_json(json &j, const ClusterConfigCIDR &v)
{
    j = json::object();
    putIf(j, "pod", v.pod);
    putIf(j, "external", v.external);
}

void from_json(const json &j, ClusterConfigCIDR &v)
{
    optionalField(j, "pod", v.pod);
    optionalField(j, "external", v.external);
}

void to_json(json &j, const ClusterConfig &v)
{
    j = json::object();
    putIf(j, "cidr", v.cidr);
}

void from_json(const json &j, ClusterConfig &v)
{
    optionalField(j, "cidr", v.cidr);
}

void to_json(json &j, const ConfigurationSpec &v)
{
    j = json::object();
    putIf(j, "local", v.local);
    putIf(j, "remote", v.remote);
}

void from_json(const json &j, ConfigurationSpec &v)
{
    optionalField(j, "local", v.local);
    optionalField(j, "remote", v.remote);
}

void to_json(json &j, const ConfigurationStatus &v)
{
    j = json::object();
    putIf(j, "remote", v.remote);
    putIf(j, "conditions", v.conditions);
}

void from_json(const json &j, ConfigurationStatus &v)
{
    optionalField(j, "remote", v.remote);
    optionalField(j, "conditions", v.conditions);
}

void to_json(json &j, const Configuration &v)
{
    j = {{"apiVersion", std::string(kGroupVersion)}, {"kind", std::string(kConfigurationKind)}, {"metadata", v.metadata}, {"spec", v.spec}};
    putIf(j, "status", v.status);
}

void from_json(const json &j, Configuration &v)
{
    optionalField(j, "metadata", v.metadata);
    optionalField(j, "spec", v.spec);
    optionalField(j, "status", v.status);
}

} // namespace spillway::apis::networking::v1beta1
