#pragma once

#include "apis/offloading/v1beta1/Common.h"
#include "kube/Resource.h"

#include <nlohmann/json.hpp>

#include <array>
#include <optional>
#include <string_view>

// offloading.liqo.io/v1beta1 ShadowPod, as Liqo v1.2 serves it: a pod the provider keeps running
// for a consumer. The CRD in installer/crds is the schema; tests/unit/tst_api_drift.cpp fails when
// this type and it differ.
namespace spillway::apis::offloading::v1beta1 {

inline constexpr std::string_view kShadowPodKind = "ShadowPod";

// Where ShadowPods live in the API (namespaced, plural "shadowpods").
kube::ResourceRef shadowPodResource();

enum class PodPhase { Pending, Running, Succeeded, Failed, Unknown };

inline constexpr std::array<std::string_view, 5> kPodPhases{"Pending", "Running", "Succeeded", "Failed", "Unknown"};

struct ShadowPodSpec {
    nlohmann::json pod;   // core/v1 PodSpec, as the apiserver sends it; null = unset
};

struct ShadowPodStatus {
    PodPhase phase = PodPhase::Unknown;   // copy of the managed pod's phase
};

struct ShadowPod {
    nlohmann::json metadata = nlohmann::json::object();
    ShadowPodSpec spec;
    std::optional<ShadowPodStatus> status;   // unset: not written (phase is required inside it)
};

void to_json(nlohmann::json &j, const ShadowPodSpec &v);
void from_json(const nlohmann::json &j, ShadowPodSpec &v);
void to_json(nlohmann::json &j, const ShadowPodStatus &v);
void from_json(const nlohmann::json &j, ShadowPodStatus &v);
void to_json(nlohmann::json &j, const ShadowPod &v);
void from_json(const nlohmann::json &j, ShadowPod &v);

} // namespace spillway::apis::offloading::v1beta1
