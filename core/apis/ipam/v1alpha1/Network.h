#pragma once

#include "apis/ipam/v1alpha1/Common.h"
#include "kube/Resource.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <string_view>

// ipam.liqo.io/v1alpha1 Network, as Liqo v1.2 serves it: a CIDR to reserve in the IPAM, remapped
// when it clashes with one in use. The CRD in installer/crds is the schema;
// tests/unit/tst_api_drift.cpp fails when this type and it differ.
namespace spillway::apis::ipam::v1alpha1 {

inline constexpr std::string_view kNetworkKind = "Network";

// Where Networks live in the API (namespaced, plural "networks").
kube::ResourceRef networkResource();

struct NetworkSpec {
    std::string cidr;                 // required, immutable
    std::uint32_t preAllocated = 0;   // addresses reserved from the start of the CIDR; immutable
};

struct NetworkStatus {
    std::string cidr;   // the CIDR the IPAM assigned
};

struct Network {
    nlohmann::json metadata = nlohmann::json::object();
    NetworkSpec spec;
    NetworkStatus status;
};

void to_json(nlohmann::json &j, const NetworkSpec &v);
void from_json(const nlohmann::json &j, NetworkSpec &v);
void to_json(nlohmann::json &j, const NetworkStatus &v);
void from_json(const nlohmann::json &j, NetworkStatus &v);
void to_json(nlohmann::json &j, const Network &v);
void from_json(const nlohmann::json &j, Network &v);

} // namespace spillway::apis::ipam::v1alpha1
