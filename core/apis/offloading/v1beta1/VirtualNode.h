#pragma once

#include "apis/core/v1beta1/Common.h"
#include "apis/offloading/v1beta1/Common.h"
#include "apis/shared/CoreV1.h"
#include "kube/Resource.h"

#include <nlohmann/json.hpp>

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

// offloading.liqo.io/v1beta1 VirtualNode, as Liqo v1.2 serves it: one virtual kubelet (and
// optionally its Node) standing for a peer's resources. The CRD in installer/crds is the schema;
// tests/unit/tst_api_drift.cpp fails when this type and it differ.
namespace spillway::apis::offloading::v1beta1 {

inline constexpr std::string_view kVirtualNodeKind = "VirtualNode";

// Where VirtualNodes live in the API (namespaced, plural "virtualnodes").
kube::ResourceRef virtualNodeResource();

enum class VirtualNodeConditionType { VirtualKubelet, Node };
enum class VirtualNodeConditionStatus { None, Running, Creating, Draining, Deleting };

inline constexpr std::array<std::string_view, 2> kVirtualNodeConditionTypes{"VirtualKubelet", "Node"};
inline constexpr std::array<std::string_view, 5> kVirtualNodeConditionStatuses{"None", "Running", "Creating", "Draining",
                                                                               "Deleting"};

// Template of the virtual-kubelet Deployment; both halves are kept as the apiserver sends them.
struct DeploymentTemplate {
    nlohmann::json metadata;   // ObjectMeta; null = unset
    nlohmann::json spec;       // apps/v1 DeploymentSpec; null = unset
};

// core/v1 Toleration.
struct Toleration {
    std::string key, op, value, effect;   // op is "operator"
    std::optional<std::int64_t> tolerationSeconds;
};

struct OffloadingAffinity {
    nlohmann::json nodeAffinity;   // core/v1 NodeAffinity; null = unset
};

// Extra constraints added to the pods offloaded through the virtual node.
struct OffloadingPatch {
    std::vector<std::string> annotationsNotReflected;
    std::vector<std::string> labelsNotReflected;
    std::map<std::string, std::string> nodeSelector;
    std::vector<Toleration> tolerations;
    OffloadingAffinity affinity;
    std::optional<std::string> runtimeClassName;
};

// core/v1 ContainerImage.
struct ContainerImage {
    std::vector<std::string> names;
    std::int64_t sizeBytes = 0;
};

// core/v1 ResourceQuotaSpec.
struct ResourceQuotaSpec {
    shared::ResourceList hard;
    nlohmann::json scopeSelector;   // null = unset
    std::vector<std::string> scopes;
};

// core/v1 Taint (key and effect required).
struct Taint {
    std::string key, value, effect, timeAdded;
};

struct VirtualNodeCondition {
    VirtualNodeConditionType type = VirtualNodeConditionType::VirtualKubelet;
    VirtualNodeConditionStatus status = VirtualNodeConditionStatus::None;
    std::string lastTransitionTime, reason, message;
};

struct VirtualNodeSpec {
    core::v1beta1::ClusterID clusterID;
    DeploymentTemplate template_;   // "template"
    OffloadingPatch offloadingPatch;
    std::optional<bool> createNode;
    std::optional<bool> disableNetworkCheck;
    std::optional<shared::LocalObjectReference> kubeconfigSecretRef;
    std::vector<ContainerImage> images;
    ResourceQuotaSpec resourceQuota;
    std::map<std::string, std::string> labels;
    std::map<std::string, std::string> annotations;
    std::vector<Taint> taints;
    std::vector<core::v1beta1::StorageType> storageClasses;
    std::vector<core::v1beta1::IngressType> ingressClasses;
    std::vector<core::v1beta1::LoadBalancerType> loadBalancerClasses;
    shared::ObjectReference vkOptionsTemplateRef;   // empty = the default VkOptionsTemplate
};

struct VirtualNodeStatus {
    std::vector<VirtualNodeCondition> conditions;
};

struct VirtualNode {
    nlohmann::json metadata = nlohmann::json::object();
    VirtualNodeSpec spec;
    VirtualNodeStatus status;
};

void to_json(nlohmann::json &j, const DeploymentTemplate &v);
void from_json(const nlohmann::json &j, DeploymentTemplate &v);
void to_json(nlohmann::json &j, const Toleration &v);
void from_json(const nlohmann::json &j, Toleration &v);
void to_json(nlohmann::json &j, const OffloadingAffinity &v);
void from_json(const nlohmann::json &j, OffloadingAffinity &v);
void to_json(nlohmann::json &j, const OffloadingPatch &v);
void from_json(const nlohmann::json &j, OffloadingPatch &v);
void to_json(nlohmann::json &j, const ContainerImage &v);
void from_json(const nlohmann::json &j, ContainerImage &v);
void to_json(nlohmann::json &j, const ResourceQuotaSpec &v);
void from_json(const nlohmann::json &j, ResourceQuotaSpec &v);
void to_json(nlohmann::json &j, const Taint &v);
void from_json(const nlohmann::json &j, Taint &v);
void to_json(nlohmann::json &j, const VirtualNodeCondition &v);
void from_json(const nlohmann::json &j, VirtualNodeCondition &v);
void to_json(nlohmann::json &j, const VirtualNodeSpec &v);
void from_json(const nlohmann::json &j, VirtualNodeSpec &v);
void to_json(nlohmann::json &j, const VirtualNodeStatus &v);
void from_json(const nlohmann::json &j, VirtualNodeStatus &v);
void to_json(nlohmann::json &j, const VirtualNode &v);
void from_json(const nlohmann::json &j, VirtualNode &v);

} // namespace spillway::apis::offloading::v1beta1
