#pragma once

#include "apis/authentication/v1beta1/Common.h"
#include "apis/core/v1beta1/Common.h"
#include "apis/shared/CoreV1.h"
#include "kube/Resource.h"

#include <nlohmann/json.hpp>

#include <array>
#include <map>
#include <string>
#include <string_view>
#include <vector>

// authentication.liqo.io/v1beta1 ResourceSlice, as Liqo v1.2 serves it: resources a consumer asks
// of a provider (spec) and what the provider grants (status). The CRD in installer/crds is the
// schema; tests/unit/tst_api_drift.cpp fails when this type and it differ.
namespace spillway::apis::authentication::v1beta1 {

inline constexpr std::string_view kResourceSliceKind = "ResourceSlice";
inline constexpr std::string_view kDefaultResourceSliceClass = "default";   // the built-in class

// Where ResourceSlices live in the API (namespaced, plural "resourceslices").
kube::ResourceRef resourceSliceResource();

enum class ResourceSliceConditionType { Authentication, Resources };
enum class ResourceSliceConditionStatus { Accepted, Denied };

inline constexpr std::array<std::string_view, 2> kResourceSliceConditionTypes{"Authentication", "Resources"};
inline constexpr std::array<std::string_view, 2> kResourceSliceConditionStatuses{"Accepted", "Denied"};

struct ResourceSliceCondition {
    ResourceSliceConditionType type = ResourceSliceConditionType::Authentication;
    ResourceSliceConditionStatus status = ResourceSliceConditionStatus::Accepted;   // required, no schema default
    std::string lastTransitionTime, reason, message;
};

struct ResourceSliceSpec {
    core::v1beta1::ClusterID consumerClusterID;
    core::v1beta1::ClusterID providerClusterID;
    shared::ResourceList resources;   // requested
    std::string class_;               // "class"; empty = unspecified
    std::string csr;                  // raw bytes
};

struct ResourceSliceStatus {
    std::vector<ResourceSliceCondition> conditions;
    shared::ResourceList resources;   // granted
    AuthParams authParams;
    std::vector<core::v1beta1::StorageType> storageClasses;
    std::vector<core::v1beta1::IngressType> ingressClasses;
    std::vector<core::v1beta1::LoadBalancerType> loadBalancerClasses;
    std::map<std::string, std::string> nodeLabels;     // copied onto the virtual node
    std::map<std::string, std::string> nodeSelector;   // applied to offloaded pods
};

struct ResourceSlice {
    nlohmann::json metadata = nlohmann::json::object();
    ResourceSliceSpec spec;
    ResourceSliceStatus status;
};

void to_json(nlohmann::json &j, const ResourceSliceCondition &v);
void from_json(const nlohmann::json &j, ResourceSliceCondition &v);
void to_json(nlohmann::json &j, const ResourceSliceSpec &v);
void from_json(const nlohmann::json &j, ResourceSliceSpec &v);
void to_json(nlohmann::json &j, const ResourceSliceStatus &v);
void from_json(const nlohmann::json &j, ResourceSliceStatus &v);
void to_json(nlohmann::json &j, const ResourceSlice &v);
void from_json(const nlohmann::json &j, ResourceSlice &v);

} // namespace spillway::apis::authentication::v1beta1
