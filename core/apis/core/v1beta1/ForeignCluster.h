#pragma once

#include "apis/core/v1beta1/Common.h"
#include "kube/Resource.h"

#include <nlohmann/json.hpp>

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

// core.liqo.io/v1beta1 ForeignCluster, as Liqo v1.2 serves it. The CRD in installer/crds is the
// schema; tests/unit/tst_api_drift.cpp fails when this type and it differ.
namespace spillway::apis::core::v1beta1 {

inline constexpr std::string_view kForeignClusterKind = "ForeignCluster";

// Where ForeignClusters live in the API (cluster-scoped, plural "foreignclusters").
kube::ResourceRef foreignClusterResource();

enum class PeeringRole { Consumer, Provider, ConsumerAndProvider, Unknown };
enum class ConditionType {
    APIServerStatus,
    NetworkConnectionStatus,
    NetworkGatewayServerStatus,
    NetworkGatewayClientStatus,
    NetworkGatewayPresence,
    NetworkConfigurationStatus,
    AuthIdentityControlPlaneStatus,
    AuthTenantStatus,
    OffloadingVirtualNodeStatus,
    OffloadingNodeStatus,
};
enum class ConditionStatus { None, Pending, Established, Error, Ready, NotReady, SomeNotReady };

inline constexpr std::array<std::string_view, 4> kPeeringRoles{"Consumer", "Provider", "ConsumerAndProvider", "Unknown"};
inline constexpr std::array<std::string_view, 10> kConditionTypes{
    "APIServerStatus",          "NetworkConnectionStatus",        "NetworkGatewayServerStatus",
    "NetworkGatewayClientStatus", "NetworkGatewayPresence",       "NetworkConfigurationStatus",
    "AuthIdentityControlPlaneStatus", "AuthTenantStatus",         "OffloadingVirtualNodeStatus",
    "OffloadingNodeStatus"};
inline constexpr std::array<std::string_view, 7> kConditionStatuses{"None",  "Pending",  "Established", "Error",
                                                                    "Ready", "NotReady", "SomeNotReady"};

// A condition of the peering, in status.conditions or in a module. Which types belong to which
// module is convention only; the schema allows any type anywhere.
struct Condition {
    ConditionType type = ConditionType::APIServerStatus;
    ConditionStatus status = ConditionStatus::None;
    std::string lastTransitionTime, reason, message;
};

struct Module {
    bool enabled = false;
    std::vector<Condition> conditions;
};

struct Modules {
    Module networking, authentication, offloading;
};

struct TenantNamespace {
    std::string local, remote;
};

struct ForeignClusterSpec {
    ClusterID clusterID;   // required, immutable
};

struct ForeignClusterStatus {
    PeeringRole role = PeeringRole::Unknown;
    std::optional<Modules> modules;
    std::string apiServerUrl;
    std::string foreignProxyUrl;
    TenantNamespace tenantNamespace;
    std::vector<Condition> conditions;   // not tied to a module
    std::int64_t observedGeneration = 0;   // written only when set
};

struct ForeignCluster {
    nlohmann::json metadata = nlohmann::json::object();
    ForeignClusterSpec spec;
    std::optional<ForeignClusterStatus> status;   // unset: not written (role is required inside it)
};

void to_json(nlohmann::json &j, const Condition &v);
void from_json(const nlohmann::json &j, Condition &v);
void to_json(nlohmann::json &j, const Module &v);
void from_json(const nlohmann::json &j, Module &v);
void to_json(nlohmann::json &j, const Modules &v);
void from_json(const nlohmann::json &j, Modules &v);
void to_json(nlohmann::json &j, const TenantNamespace &v);
void from_json(const nlohmann::json &j, TenantNamespace &v);
void to_json(nlohmann::json &j, const ForeignClusterSpec &v);
void from_json(const nlohmann::json &j, ForeignClusterSpec &v);
void to_json(nlohmann::json &j, const ForeignClusterStatus &v);
void from_json(const nlohmann::json &j, ForeignClusterStatus &v);
void to_json(nlohmann::json &j, const ForeignCluster &v);
void from_json(const nlohmann::json &j, ForeignCluster &v);

} // namespace spillway::apis::core::v1beta1
