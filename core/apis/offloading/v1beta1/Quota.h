#pragma once

#include "apis/offloading/v1beta1/Common.h"
#include "apis/shared/CoreV1.h"
#include "kube/Resource.h"

#include <nlohmann/json.hpp>

#include <array>
#include <optional>
#include <string>
#include <string_view>

// offloading.liqo.io/v1beta1 Quota, as Liqo v1.2 serves it: limits on what one user may offload.
// No status. The CRD in installer/crds is the schema; tests/unit/tst_api_drift.cpp fails when this
// type and it differ.
namespace spillway::apis::offloading::v1beta1 {

inline constexpr std::string_view kQuotaKind = "Quota";

// Where Quotas live in the API (namespaced, plural "quotas").
kube::ResourceRef quotaResource();

enum class LimitsEnforcement { Hard, Soft, None };

inline constexpr std::array<std::string_view, 3> kLimitsEnforcements{"Hard", "Soft", "None"};

struct QuotaSpec {
    std::string user;                                      // required, non-empty
    std::optional<LimitsEnforcement> limitsEnforcement;    // no schema default
    shared::ResourceList resources;                        // required (written even when empty)
    std::optional<bool> cordoned;
};

struct Quota {
    nlohmann::json metadata = nlohmann::json::object();
    QuotaSpec spec;
};

void to_json(nlohmann::json &j, const QuotaSpec &v);
void from_json(const nlohmann::json &j, QuotaSpec &v);
void to_json(nlohmann::json &j, const Quota &v);
void from_json(const nlohmann::json &j, Quota &v);

} // namespace spillway::apis::offloading::v1beta1
