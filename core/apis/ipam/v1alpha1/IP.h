#pragma once

#include "apis/ipam/v1alpha1/Common.h"
#include "apis/shared/CoreV1.h"
#include "kube/Resource.h"

#include <nlohmann/json.hpp>

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

// ipam.liqo.io/v1alpha1 IP, as Liqo v1.2 serves it: one address to remap through the IPAM. The CRD
// in installer/crds is the schema; tests/unit/tst_api_drift.cpp fails when this type and it differ.
namespace spillway::apis::ipam::v1alpha1 {

inline constexpr std::string_view kIPKind = "IP";

// Where IPs live in the API (namespaced, plural "ips").
kube::ResourceRef ipResource();

// The part of ObjectMeta an embedded template may carry.
struct EmbeddedObjectMeta {
    std::string name, namespace_;   // namespace_ is "namespace"
    std::map<std::string, std::string> labels, annotations;
    std::vector<std::string> finalizers;
};

// A Service (and EndpointSlice) to create for the address.
struct ServiceTemplate {
    EmbeddedObjectMeta metadata;
    nlohmann::json spec;   // core/v1 ServiceSpec, as the apiserver sends it; null = unset
};

struct IPSpec {
    std::string ip;                                  // required, immutable
    shared::ObjectReference networkRef;              // empty = the default network
    std::optional<ServiceTemplate> serviceTemplate;  // set = create a Service for the address
    std::optional<bool> masquerade;
};

struct IPStatus {
    std::string ip;     // remapped address; immutable once set
    std::string cidr;   // the CIDR it comes from; immutable once set
};

struct IP {
    nlohmann::json metadata = nlohmann::json::object();
    IPSpec spec;
    IPStatus status;
};

void to_json(nlohmann::json &j, const EmbeddedObjectMeta &v);
void from_json(const nlohmann::json &j, EmbeddedObjectMeta &v);
void to_json(nlohmann::json &j, const ServiceTemplate &v);
void from_json(const nlohmann::json &j, ServiceTemplate &v);
void to_json(nlohmann::json &j, const IPSpec &v);
void from_json(const nlohmann::json &j, IPSpec &v);
void to_json(nlohmann::json &j, const IPStatus &v);
void from_json(const nlohmann::json &j, IPStatus &v);
void to_json(nlohmann::json &j, const IP &v);
void from_json(const nlohmann::json &j, IP &v);

} // namespace spillway::apis::ipam::v1alpha1
