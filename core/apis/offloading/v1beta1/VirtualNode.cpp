#include "apis/offloading/v1beta1/VirtualNode.h"

#include "apis/shared/Json.h"

namespace spillway::apis::offloading::v1beta1 {

using nlohmann::json;
using namespace detail;

kube::ResourceRef virtualNodeResource()
{
    return {QStringLiteral("offloading.liqo.io"), QStringLiteral("v1beta1"), QStringLiteral("virtualnodes"),
            QStringLiteral("VirtualNode"), true};
}

void to_json(json &j, const DeploymentTemplate &v)
{
    j = json::object();
    putIf(j, "metadata", v.metadata);
    putIf(j, "spec", v.spec);
}

void from_json(const json &j, DeploymentTemplate &v)
{
    optionalField(j, "metadata", v.metadata);
    optionalField(j, "spec", v.spec);
}

void to_json(json &j, const Toleration &v)
{
    j = json::object();
    putIf(j, "key", v.key);
    putIf(j, "operator", v.op);
    putIf(j, "value", v.value);
    putIf(j, "effect", v.effect);
    putIf(j, "tolerationSeconds", v.tolerationSeconds);
}

void from_json(const json &j, Toleration &v)
{
    optionalField(j, "key", v.key);
    optionalField(j, "operator", v.op);
    optionalField(j, "value", v.value);
    optionalField(j, "effect", v.effect);
    optionalField(j, "tolerationSeconds", v.tolerationSeconds);
}

void to_json(json &j, const OffloadingAffinity &v)
{
    j = json::object();
    putIf(j, "nodeAffinity", v.nodeAffinity);
}

void from_json(const json &j, OffloadingAffinity &v)
{
    optionalField(j, "nodeAffinity", v.nodeAffinity);
}

void to_json(json &j, const OffloadingPatch &v)
{
    j = json::object();
    putIf(j, "annotationsNotReflected", v.annotationsNotReflected);
    putIf(j, "labelsNotReflected", v.labelsNotReflected);
    putIf(j, "nodeSelector", v.nodeSelector);
    putIf(j, "tolerations", v.tolerations);
    putIf(j, "affinity", v.affinity);
    putIf(j, "runtimeClassName", v.runtimeClassName);
}

void from_json(const json &j, OffloadingPatch &v)
{
    optionalField(j, "annotationsNotReflected", v.annotationsNotReflected);
    optionalField(j, "labelsNotReflected", v.labelsNotReflected);
    optionalField(j, "nodeSelector", v.nodeSelector);
    optionalField(j, "tolerations", v.tolerations);
    optionalField(j, "affinity", v.affinity);
    optionalField(j, "runtimeClassName", v.runtimeClassName);
}

void to_json(json &j, const ContainerImage &v)
{
    j = json::object();
    putIf(j, "names", v.names);
    putIf(j, "sizeBytes", v.sizeBytes);
}

void from_json(const json &j, ContainerImage &v)
{
    optionalField(j, "names", v.names);
    optionalField(j, "sizeBytes", v.sizeBytes);
}

void to_json(json &j, const ResourceQuotaSpec &v)
{
    j = json::object();
    putIf(j, "hard", v.hard);
    putIf(j, "scopeSelector", v.scopeSelector);
    putIf(j, "scopes", v.scopes);
}

void from_json(const json &j, ResourceQuotaSpec &v)
{
    quantitiesField(j, "hard", v.hard);
    optionalField(j, "scopeSelector", v.scopeSelector);
    optionalField(j, "scopes", v.scopes);
}

void to_json(json &j, const Taint &v)
{
    j = {{"key", v.key}, {"effect", v.effect}};
    putIf(j, "value", v.value);
    putIf(j, "timeAdded", v.timeAdded);
}

void from_json(const json &j, Taint &v)
{
    optionalField(j, "key", v.key);
    optionalField(j, "value", v.value);
    optionalField(j, "effect", v.effect);
    optionalField(j, "timeAdded", v.timeAdded);
}

void to_json(json &j, const VirtualNodeCondition &v)
{
    j = {{"type", enumName(v.type, kVirtualNodeConditionTypes)},
         {"status", enumName(v.status, kVirtualNodeConditionStatuses)}};
    putIf(j, "lastTransitionTime", v.lastTransitionTime);
    putIf(j, "reason", v.reason);
    putIf(j, "message", v.message);
}

void from_json(const json &j, VirtualNodeCondition &v)
{
    enumField(j, "type", v.type, kVirtualNodeConditionTypes);
    enumField(j, "status", v.status, kVirtualNodeConditionStatuses);
    optionalField(j, "lastTransitionTime", v.lastTransitionTime);
    optionalField(j, "reason", v.reason);
    optionalField(j, "message", v.message);
}

void to_json(json &j, const VirtualNodeSpec &v)
{
    j = json::object();
    putIf(j, "clusterID", v.clusterID);
    putIf(j, "template", v.template_);
    putIf(j, "offloadingPatch", v.offloadingPatch);
    putIf(j, "createNode", v.createNode);
    putIf(j, "disableNetworkCheck", v.disableNetworkCheck);
    putIf(j, "kubeconfigSecretRef", v.kubeconfigSecretRef);
    putIf(j, "images", v.images);
    putIf(j, "resourceQuota", v.resourceQuota);
    putIf(j, "labels", v.labels);
    putIf(j, "annotations", v.annotations);
    putIf(j, "taints", v.taints);
    putIf(j, "storageClasses", v.storageClasses);
    putIf(j, "ingressClasses", v.ingressClasses);
    putIf(j, "loadBalancerClasses", v.loadBalancerClasses);
    putIf(j, "vkOptionsTemplateRef", v.vkOptionsTemplateRef);
}

void from_json(const json &j, VirtualNodeSpec &v)
{
    optionalField(j, "clusterID", v.clusterID);
    optionalField(j, "template", v.template_);
    optionalField(j, "offloadingPatch", v.offloadingPatch);
    optionalField(j, "createNode", v.createNode);
    optionalField(j, "disableNetworkCheck", v.disableNetworkCheck);
    optionalField(j, "kubeconfigSecretRef", v.kubeconfigSecretRef);
    optionalField(j, "images", v.images);
    optionalField(j, "resourceQuota", v.resourceQuota);
    optionalField(j, "labels", v.labels);
    optionalField(j, "annotations", v.annotations);
    optionalField(j, "taints", v.taints);
    optionalField(j, "storageClasses", v.storageClasses);
    optionalField(j, "ingressClasses", v.ingressClasses);
    optionalField(j, "loadBalancerClasses", v.loadBalancerClasses);
    optionalField(j, "vkOptionsTemplateRef", v.vkOptionsTemplateRef);
}

void to_json(json &j, const VirtualNodeStatus &v)
{
    j = json::object();
    putIf(j, "conditions", v.conditions);
}

void from_json(const json &j, VirtualNodeStatus &v)
{
    optionalField(j, "conditions", v.conditions);
}

void to_json(json &j, const VirtualNode &v)
{
    j = {{"apiVersion", std::string(kGroupVersion)}, {"kind", std::string(kVirtualNodeKind)}, {"metadata", v.metadata}, {"spec", v.spec}};
    putIf(j, "status", v.status);
}

void from_json(const json &j, VirtualNode &v)
{
    optionalField(j, "metadata", v.metadata);
    optionalField(j, "spec", v.spec);
    optionalField(j, "status", v.status);
}

} // namespace spillway::apis::offloading::v1beta1
