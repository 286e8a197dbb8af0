#pragma once

#include "apis/offloading/v1beta1/Common.h"
#include "kube/Resource.h"

#include <nlohmann/json.hpp>

#include <array>
#include <map>
#include <optional>
#include <string>
#include <string_view>

// offloading.liqo.io/v1beta1 NamespaceMap, as Liqo v1.2 serves it: the local namespaces offloaded
// to one peer and their remote twins. The CRD in installer/crds is the schema;
// tests/unit/tst_api_drift.cpp fails when this type and it differ.
namespace spillway::apis::offloading::v1beta1 {

inline constexpr std::string_view kNamespaceMapKind = "NamespaceMap";

// Where NamespaceMaps live in the API (namespaced, plural "namespacemaps").
kube::ResourceRef namespaceMapResource();

enum class MappingPhase { Accepted, CreationLoopBackOff, Terminating };

inline constexpr std::array<std::string_view, 3> kMappingPhases{"Accepted", "CreationLoopBackOff", "Terminating"};

struct RemoteNamespaceStatus {
    std::string remoteNamespace;
    std::optional<MappingPhase> phase;
};

struct NamespaceMapSpec {
    std::map<std::string, std::string> desiredMapping;   // local namespace -> wanted remote name
};

struct NamespaceMapStatus {
    std::map<std::string, RemoteNamespaceStatus> currentMapping;   // by local namespace
};

struct NamespaceMap {
    nlohmann::json metadata = nlohmann::json::object();
    NamespaceMapSpec spec;
    NamespaceMapStatus status;
};

void to_json(nlohmann::json &j, const RemoteNamespaceStatus &v);
void from_json(const nlohmann::json &j, RemoteNamespaceStatus &v);
void to_json(nlohmann::json &j, const NamespaceMapSpec &v);
void from_json(const nlohmann::json &j, NamespaceMapSpec &v);
void to_json(nlohmann::json &j, const NamespaceMapStatus &v);
void from_json(const nlohmann::json &j, NamespaceMapStatus &v);
void to_json(nlohmann::json &j, const NamespaceMap &v);
void from_json(const nlohmann::json &j, NamespaceMap &v);

} // namespace spillway::apis::offloading::v1beta1
