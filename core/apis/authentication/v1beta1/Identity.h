#pragma once

#include "apis/authentication/v1beta1/Common.h"
#include "apis/core/v1beta1/Common.h"
#include "apis/shared/CoreV1.h"
#include "kube/Resource.h"

#include <nlohmann/json.hpp>

#include <array>
#include <optional>
#include <string>
#include <string_view>

// authentication.liqo.io/v1beta1 Identity, as Liqo v1.2 serves it: credentials a consumer holds to
// act on a provider. The CRD in installer/crds is the schema; tests/unit/tst_api_drift.cpp fails when
// this type and it differ.
namespace spillway::apis::authentication::v1beta1 {

inline constexpr std::string_view kIdentityKind = "Identity";

// Where Identities live in the API (namespaced, plural "identities").
kube::ResourceRef identityResource();

enum class IdentityType { ControlPlane, ResourceSlice };

inline constexpr std::array<std::string_view, 2> kIdentityTypes{"ControlPlane", "ResourceSlice"};

struct IdentitySpec {
    core::v1beta1::ClusterID clusterID;   // the provider
    std::optional<IdentityType> type;
    AuthParams authParams;
    std::optional<std::string> namespace_;   // "namespace": where the identity operates on the provider
};

struct IdentityStatus {
    std::optional<shared::LocalObjectReference> kubeconfigSecretRef;
};

struct Identity {
    nlohmann::json metadata = nlohmann::json::object();
    IdentitySpec spec;
    IdentityStatus status;
};

void to_json(nlohmann::json &j, const IdentitySpec &v);
void from_json(const nlohmann::json &j, IdentitySpec &v);
void to_json(nlohmann::json &j, const IdentityStatus &v);
void from_json(const nlohmann::json &j, IdentityStatus &v);
void to_json(nlohmann::json &j, const Identity &v);
void from_json(const nlohmann::json &j, Identity &v);

} // namespace spillway::apis::authentication::v1beta1
