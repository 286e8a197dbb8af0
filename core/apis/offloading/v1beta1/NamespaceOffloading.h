#pragma once

#include "apis/offloading/v1beta1/Common.h"
#include "kube/Resource.h"

#include <nlohmann/json.hpp>

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

// offloading.liqo.io/v1beta1 NamespaceOffloading, as Liqo v1.2 serves it. The CRD in
// installer/crds is the schema; tests/unit/tst_api_drift.cpp fails when this type and it differ.
namespace spillway::apis::offloading::v1beta1 {

inline constexpr std::string_view kNamespaceOffloadingKind = "NamespaceOffloading";

// Where NamespaceOffloadings live in the API (namespaced, plural "namespaceoffloadings").
kube::ResourceRef namespaceOffloadingResource();

enum class NamespaceMappingStrategy { EnforceSameName, DefaultName, SelectedName };
enum class PodOffloadingStrategy { Local, Remote, LocalAndRemote };
enum class SelectorOperator { In, NotIn, Exists, DoesNotExist, Gt, Lt };

inline constexpr std::array<std::string_view, 3> kNamespaceMappingStrategies{"EnforceSameName", "DefaultName", "SelectedName"};
inline constexpr std::array<std::string_view, 3> kPodOffloadingStrategies{"Local", "Remote", "LocalAndRemote"};
inline constexpr std::array<std::string_view, 6> kSelectorOperators{"In", "NotIn", "Exists", "DoesNotExist", "Gt", "Lt"};

// Status values Liqo's controllers write (the schema keeps them free strings).
namespace phase {
inline constexpr std::string_view Ready = "Ready", NoClusterSelected = "NoClusterSelected", InProgress = "InProgress",
                                  SomeFailed = "SomeFailed", AllFailed = "AllFailed", Terminating = "Terminating";
}

struct SelectorRequirement {
    std::string key;
    SelectorOperator op = SelectorOperator::In;
    std::vector<std::string> values;
};

struct SelectorTerm {
    std::vector<SelectorRequirement> matchExpressions;
    std::vector<SelectorRequirement> matchFields;
};

struct RemoteNamespaceCondition {
    std::string type, status, lastTransitionTime, reason, message;
};

struct NamespaceOffloadingSpec {
    NamespaceMappingStrategy namespaceMappingStrategy = NamespaceMappingStrategy::DefaultName;
    PodOffloadingStrategy podOffloadingStrategy = PodOffloadingStrategy::LocalAndRemote;
    std::string remoteNamespaceName;                    // SelectedName only
    std::optional<std::vector<SelectorTerm>> clusterSelector;   // nodeSelectorTerms; unset = all peers
};

struct NamespaceOffloadingStatus {
    std::string remoteNamespaceName;
    std::string offloadingPhase;
    std::map<std::string, std::vector<RemoteNamespaceCondition>> remoteNamespacesConditions;   // by cluster ID
    std::int64_t observedGeneration = 0;
};

struct NamespaceOffloading {
    nlohmann::json metadata = nlohmann::json::object();
    NamespaceOffloadingSpec spec;
    NamespaceOffloadingStatus status;
};

void to_json(nlohmann::json &j, const SelectorRequirement &v);
void from_json(const nlohmann::json &j, SelectorRequirement &v);
void to_json(nlohmann::json &j, const SelectorTerm &v);
void from_json(const nlohmann::json &j, SelectorTerm &v);
void to_json(nlohmann::json &j, const RemoteNamespaceCondition &v);
void from_json(const nlohmann::json &j, RemoteNamespaceCondition &v);
void to_json(nlohmann::json &j, const NamespaceOffloadingSpec &v);
void from_json(const nlohmann::json &j, NamespaceOffloadingSpec &v);
void to_json(nlohmann::json &j, const NamespaceOffloadingStatus &v);
void from_json(const nlohmann::json &j, NamespaceOffloadingStatus &v);
void to_json(nlohmann::json &j, const NamespaceOffloading &v);
void from_json(const nlohmann::json &j, NamespaceOffloading &v);

} // namespace spillway::apis::offloading::v1beta1
