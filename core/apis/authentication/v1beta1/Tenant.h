#pragma once

#include "apis/authentication/v1beta1/Common.h"
#include "apis/core/v1beta1/Common.h"
#include "kube/Resource.h"

#include <nlohmann/json.hpp>

#include <array>
#include <string>
#include <string_view>

// authentication.liqo.io/v1beta1 Tenant, as Liqo v1.2 serves it: a consumer cluster as the provider
// sees it. The CRD in installer/crds is the schema; tests/unit/tst_api_drift.cpp fails when this type
// and it differ.
namespace spillway::apis::authentication::v1beta1 {

inline constexpr std::string_view kTenantKind = "Tenant";

// Where Tenants live in the API (namespaced, plural "tenants").
kube::ResourceRef tenantResource();

enum class AuthzPolicy { KeysExchange, TolerateNoHandshake };
enum class TenantCondition { Active, Cordoned, Drained };

inline constexpr std::array<std::string_view, 2> kAuthzPolicies{"KeysExchange", "TolerateNoHandshake"};
inline constexpr std::array<std::string_view, 3> kTenantConditions{"Active", "Cordoned", "Drained"};

struct TenantSpec {
    core::v1beta1::ClusterID clusterID;   // the consumer; immutable
    AuthzPolicy authzPolicy = AuthzPolicy::KeysExchange;
    std::string publicKey;   // raw bytes
    std::string csr;         // raw bytes
    std::string signature;   // raw bytes: the nonce signed by the consumer
    std::string proxyURL;
    TenantCondition tenantCondition = TenantCondition::Active;
};

struct TenantStatus {
    std::string tenantNamespace;
    AuthParams authParams;
};

struct Tenant {
    nlohmann::json metadata = nlohmann::json::object();
    TenantSpec spec;
    TenantStatus status;
};

void to_json(nlohmann::json &j, const TenantSpec &v);
void from_json(const nlohmann::json &j, TenantSpec &v);
void to_json(nlohmann::json &j, const TenantStatus &v);
void from_json(const nlohmann::json &j, TenantStatus &v);
void to_json(nlohmann::json &j, const Tenant &v);
void from_json(const nlohmann::json &j, Tenant &v);

} // namespace spillway::apis::authentication::v1beta1
