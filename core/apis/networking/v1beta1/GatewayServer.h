#pragma once

#include "apis/networking/v1beta1/Common.h"
#include "apis/shared/CoreV1.h"
#include "kube/Resource.h"

#include <nlohmann/json.hpp>

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

// networking.liqo.io/v1beta1 GatewayServer, as Liqo v1.2 serves it: the server side of an
// inter-cluster tunnel. The CRD in installer/crds is the schema; tests/unit/tst_api_drift.cpp fails
// when this type and it differ.
namespace spillway::apis::networking::v1beta1 {

inline constexpr std::string_view kGatewayServerKind = "GatewayServer";

// Where GatewayServers live in the API (namespaced, plural "gatewayservers").
kube::ResourceRef gatewayServerResource();

enum class ServiceType { ClusterIP, NodePort, LoadBalancer, ExternalName };

inline constexpr std::array<std::string_view, 4> kServiceTypes{"ClusterIP", "NodePort", "LoadBalancer", "ExternalName"};

// How the server is exposed.
struct Endpoint {
    std::int32_t port = 0;
    ServiceType serviceType = ServiceType::ClusterIP;
    std::optional<std::int32_t> nodePort;
    std::optional<std::string> loadBalancerIP;   // LoadBalancer only
};

struct GatewayServerSpec {
    shared::ObjectReference serverTemplateRef;
    int mtu = 0;
    std::optional<Endpoint> endpoint;
    std::optional<shared::LocalObjectReference> secretRef;   // unset: one is generated
    std::map<std::string, std::string> serviceLabels;        // extra labels of the exposing Service
    std::map<std::string, std::string> serviceAnnotations;   // and its extra annotations
};

struct GatewayServerStatus {
    shared::ObjectReference serverRef;
    EndpointStatus endpoint;   // what the clients must dial
    shared::ObjectReference secretRef;
    InternalGatewayEndpoint internalEndpoint;
};

struct GatewayServer {
    nlohmann::json metadata = nlohmann::json::object();
    GatewayServerSpec spec;
    GatewayServerStatus status;
};

void to_json(nlohmann::json &j, const Endpoint &v);
void from_json(const nlohmann::json &j, Endpoint &v);
void to_json(nlohmann::json &j, const GatewayServerSpec &v);
void from_json(const nlohmann::json &j, GatewayServerSpec &v);
void to_json(nlohmann::json &j, const GatewayServerStatus &v);
void from_json(const nlohmann::json &j, GatewayServerStatus &v);
void to_json(nlohmann::json &j, const GatewayServer &v);
void from_json(const nlohmann::json &j, GatewayServer &v);

} // namespace spillway::apis::networking::v1beta1
