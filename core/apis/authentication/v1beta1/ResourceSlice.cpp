#include "apis/authentication/v1beta1/ResourceSlice.h"

#include "apis/shared/Json.h"

namespace spillway::apis::authentication::v1beta1 {

using nlohmann::json;
using namespace detail;

kube::ResourceRef resourceSliceResource()
{
    return {QStringLiteral("authentication.liqo.io"), QStringLiteral("v1beta1"), QStringLiteral("resourceslices"),
            QStringLiteral("ResourceSlice"), true};
}

void to_json(json &j, const ResourceSliceCondition &v)
{
    j = {{"type", enumName(v.type, kResourceSliceConditionTypes)},
         {"status", enumName(v.status, kResourceSliceConditionStatuses)}};
    putIf(j, "lastTransitionTime", v.lastTransitionTime);
    putIf(j, "reason", v.reason);
    putIf(j, "message", v.message);
}

void from_json(const json &j, ResourceSliceCondition &v)
{
    enumField(j, "type", v.type, kResourceSliceConditionTypes);
    enumField(j, "status", v.status, kResourceSliceConditionStatuses);
    optionalField(j, "lastTransitionTime", v.lastTransitionTime);
    optionalField(j, "reason", v.reason);
    optionalField(j, "message", v.message);
}

void to_json(json &j, const ResourceSliceSpec &v)
{
    j = json::object();
    putIf(j, "consumerClusterID", v.consumerClusterID);
    putIf(j, "providerClusterID", v.providerClusterID);
    putIf(j, "resources", v.resources);
    putIf(j, "class", v.class_);
    putBytes(j, "csr", v.csr);
}

void from_json(const json &j, ResourceSliceSpec &v)
{
    optionalField(j, "consumerClusterID", v.consumerClusterID);
    optionalField(j, "providerClusterID", v.providerClusterID);
    quantitiesField(j, "resources", v.resources);
    optionalField(j, "class", v.class_);
    bytesField(j, "csr", v.csr);
}

void to_json(json &j, const ResourceSliceStatus &v)
{
    j = json::object();
    putIf(j, "conditions", v.conditions);
    putIf(j, "resources", v.resources);
    putIf(j, "authParams", v.authParams);
    putIf(j, "storageClasses", v.storageClasses);
    putIf(j, "ingressClasses", v.ingressClasses);
    putIf(j, "loadBalancerClasses", v.loadBalancerClasses);
    putIf(j, "nodeLabels", v.nodeLabels);
    putIf(j, "nodeSelector", v.nodeSelector);
}

void from_json(const json &j, ResourceSliceStatus &v)
{
    optionalField(j, "conditions", v.conditions);
    quantitiesField(j, "resources", v.resources);
    optionalField(j, "authParams", v.authParams);
    optionalField(j, "storageClasses", v.storageClasses);
    optionalField(j, "ingressClasses", v.ingressClasses);
    optionalField(j, "loadBalancerClasses", v.loadBalancerClasses);
    optionalField(j, "nodeLabels", v.nodeLabels);
    optionalField(j, "nodeSelector", v.nodeSelector);
}

void to_json(json &j, const ResourceSlice &v)
{
    j = {{"apiVersion", std::string(kGroupVersion)}, {"kind", std::string(kResourceSliceKind)}, {"metadata", v.metadata}, {"spec", v.spec}};
    putIf(j, "status", v.status);
}

void from_json(const json &j, ResourceSlice &v)
{
    optionalField(j, "metadata", v.metadata);
    optionalField(j, "spec", v.spec);
    optionalField(j, "status", v.status);
}

} // namespace spillway::apis::authentication::v1beta1
