#pragma once

#include "apis/networking/v1beta1/Common.h"
#include "apis/shared/CoreV1.h"
#include "kube/Resource.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string_view>

// networking.liqo.io/v1beta1 GatewayClient, as Liqo v1.2 serves it: the client side of an
// inter-cluster tunnel, dialling the peer's GatewayServer. The CRD in installer/crds is the schema;
// tests/unit/tst_api_drift.cpp fails when this type and it differ.
namespace spillway::apis::networking::v1beta1 {

inline constexpr std::string_view kGatewayClientKind = "GatewayClient";

// Where GatewayClients live in the API (namespaced, plural "gatewayclients").
kube::ResourceRef gatewayClientResource();

struct GatewayClientSpec {
    shared::ObjectReference clientTemplateRef;
    int mtu = 0;
    EndpointStatus endpoint;   // the remote server to dial
    std::optional<shared::LocalObjectReference> secretRef;   // unset: one is generated
};

struct GatewayClientStatus {
    shared::ObjectReference clientRef;
    shared::ObjectReference secretRef;
    InternalGatewayEndpoint internalEndpoint;
};

struct GatewayClient {
    nlohmann::json metadata = nlohmann::json::object();
    GatewayClientSpec spec;
    GatewayClientStatus status;
};

void to_json(nlohmann::json &j, const GatewayClientSpec &v);
void from_json(const nlohmann::json &j, GatewayClientSpec &v);
void to_json(nlohmann::json &j, const GatewayClientStatus &v);
void from_json(const nlohmann::json &j, GatewayClientStatus &v);
void to_json(nlohmann::json &j, const GatewayClient &v);
void from_json(const nlohmann::json &j, GatewayClient &v);

} // namespace spillway::apis::networking::v1beta1
