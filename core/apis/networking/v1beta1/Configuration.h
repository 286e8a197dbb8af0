#pragma once

#include "apis/networking/v1beta1/Common.h"
#include "apis/shared/CoreV1.h"
#include "kube/Resource.h"

#include <nlohmann/json.hpp>

#include <string_view>
#include <vector>

// networking.liqo.io/v1beta1 Configuration, as Liqo v1.2 serves it: the CIDRs of both sides of a
// peering and how the peer's were remapped. The peer is named by the liqo.io/remote-cluster-id
// label. The CRD in installer/crds is the schema; tests/unit/tst_api_drift.cpp fails when this type
// and it differ.
namespace spillway::apis::networking::v1beta1 {

inline constexpr std::string_view kConfigurationKind = "Configuration";

// Where Configurations live in the API (namespaced, plural "configurations").
kube::ResourceRef configurationResource();

// Lists of CIDRs (the schema Spillway ships; some Liqo snapshots have single strings).
struct ClusterConfigCIDR {
    std::vector<CIDR> pod;
    std::vector<CIDR> external;
};

struct ClusterConfig {
    ClusterConfigCIDR cidr;
};

struct ConfigurationSpec {
    ClusterConfig local;    // the cluster holding the object
    ClusterConfig remote;   // the peer
};

struct ConfigurationStatus {
    ClusterConfig remote;   // the peer's CIDRs after remapping
    std::vector<shared::MetaCondition> conditions;   // Liqo's; Spillway's controllers write none
};

struct Configuration {
    nlohmann::json metadata = nlohmann::json::object();
    ConfigurationSpec spec;
    ConfigurationStatus status;
};

void to_json(nlohmann::json &j, const ClusterConfigCIDR &v);
void from_json(const nlohmann::json &j, ClusterConfigCIDR &v);
void to_json(nlohmann::json &j, const ClusterConfig &v);
void from_json(const nlohmann::json &j, ClusterConfig &v);
void to_json(nlohmann::json &j, const ConfigurationSpec &v);
void from_json(const nlohmann::json &j, ConfigurationSpec &v);
void to_json(nlohmann::json &j, const ConfigurationStatus &v);
void from_json(const nlohmann::json &j, ConfigurationStatus &v);
void to_json(nlohmann::json &j, const Configuration &v);
void from_json(const nlohmann::json &j, Configuration &v);

} // namespace spillway::apis::networking::v1beta1
