#include "apis/core/v1beta1/ForeignCluster.h"

#include "apis/shared/Json.h"

namespace spillway::apis::core::v1beta1 {

using nlohmann::json;
using namespace detail;

kube::ResourceRef foreignClusterResource()
{
    return {QStringLiteral("core.liqo.io"), QStringLiteral("v1beta1"), QStringLiteral("foreignclusters"),
            QStringLiteral("ForeignCluster"), false};
}

void to_json(json &j, const Condition &v)
{
    j = {{"type", enumName(v.type, kConditionTypes)}, {"status", enumName(v.status, kConditionStatuses)}};
    putIf(j, "lastTransitionTime", v.lastTransitionTime);
    putIf(j, "reason", v.reason);
    putIf(j, "message", v.message);
}

void from_json(const json &j, Condition &v)
{
    enumField(j, "type", v.type, kConditionTypes);
    enumField(j, "status", v.status, kConditionStatuses);
    optionalField(j, "lastTransitionTime", v.lastTransitionTime);
    optionalField(j, "reason", v.reason);
    optionalField(j, "message", v.message);
}

void to_json(json &j, const Module &v)
{
    j = {{"enabled", v.enabled}};
    putIf(j, "conditions", v.conditions);
}

void from_json(const json &j, Module &v)
{
    optionalField(j, "enabled", v.enabled);
    optionalField(j, "conditions", v.conditions);
}

void to_json(json &j, const Modules &v)
{
    j = {{"networking", v.networking}, {"authentication", v.authentication}, {"offloading", v.offloading}};
}

void from_json(const json &j, Modules &v)
{
    optionalField(j, "networking", v.networking);
    optionalField(j, "authentication", v.authentication);
    optionalField(j, "offloading", v.offloading);
}

void to_json(json &j, const TenantNamespace &v)
{
    j = json::object();
    putIf(j, "local", v.local);
    putIf(j, "remote", v.remote);
}

void from_json(const json &j, TenantNamespace &v)
{
    optionalField(j, "local", v.local);
    optionalField(j, "remote", v.remote);
}

void to_json(json &j, const ForeignClusterSpec &v)
{
    j = {{"clusterID", v.clusterID}};
}

void from_json(const json &j, ForeignClusterSpec &v)
{
    optionalField(j, "clusterID", v.clusterID);
}

void to_json(json &j, const ForeignClusterStatus &v)
{
    j = {{"role", enumName(v.role, kPeeringRoles)}};
    putIf(j, "modules", v.modules);
    putIf(j, "apiServerUrl", v.apiServerUrl);
    putIf(j, "foreignProxyUrl", v.foreignProxyUrl);
    putIf(j, "tenantNamespace", v.tenantNamespace);
    putIf(j, "conditions", v.conditions);
    putIf(j, "observedGeneration", v.observedGeneration);
}

void from_json(const json &j, ForeignClusterStatus &v)
{
    enumField(j, "role", v.role, kPeeringRoles);
    optionalField(j, "modules", v.modules);
    optionalField(j, "apiServerUrl", v.apiServerUrl);
    optionalField(j, "foreignProxyUrl", v.foreignProxyUrl);
    optionalField(j, "tenantNamespace", v.tenantNamespace);
    optionalField(j, "conditions", v.conditions);
    optionalField(j, "observedGeneration", v.observedGeneration);
}

void to_json(json &j, const ForeignCluster &v)
{
    j = {{"apiVersion", std::string(kGroupVersion)}, {"kind", std::string(kForeignClusterKind)}, {"metadata", v.metadata}, {"spec", v.spec}};
    putIf(j, "status", v.status);
}

void from_json(const json &j, ForeignCluster &v)
{
    optionalField(j, "metadata", v.metadata);
    optionalField(j, "spec", v.spec);
    optionalField(j, "status", v.status);
}

} // namespace spillway::apis::core::v1beta1
