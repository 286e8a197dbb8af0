#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

// core.liqo.io/v1beta1 shared types (Liqo's apis/core/v1beta1/common_types.go): the cluster ID
// and the storage/ingress/load-balancer classes a provider offers. Other groups use them too.
namespace spillway::apis::core::v1beta1 {

inline constexpr std::string_view kGroupVersion = "core.liqo.io/v1beta1";

// A peer cluster's ID: an RFC 1123 label-like string, ^[a-z0-9]([-a-z0-9]*[a-z0-9])?$.
using ClusterID = std::string;
bool isValidClusterID(std::string_view id);

struct StorageType {
    std::string storageClassName;
    bool default_ = false;   // "default"
};

struct IngressType {
    std::string ingressClassName;
    bool default_ = false;
};

struct LoadBalancerType {
    std::string loadBalancerClassName;
    bool default_ = false;
};

void to_json(nlohmann::json &j, const StorageType &v);
void from_json(const nlohmann::json &j, StorageType &v);
void to_json(nlohmann::json &j, const IngressType &v);
void from_json(const nlohmann::json &j, IngressType &v);
void to_json(nlohmann::json &j, const LoadBalancerType &v);
void from_json(const nlohmann::json &j, LoadBalancerType &v);

} // namespace spillway::apis::core::v1beta1
