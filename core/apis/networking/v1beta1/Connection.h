#pragma once

#include "apis/networking/v1beta1/Common.h"
#include "apis/shared/CoreV1.h"
#include "kube/Resource.h"

#include <nlohmann/json.hpp>

#include <array>
#include <string>
#include <string_view>

// networking.liqo.io/v1beta1 Connection, as Liqo v1.2 serves it: the state of the tunnel between a
// gateway client and a gateway server. The CRD in installer/crds is the schema;
// tests/unit/tst_api_drift.cpp fails when this type and it differ.
namespace spillway::apis::networking::v1beta1 {

inline constexpr std::string_view kConnectionKind = "Connection";

// Where Connections live in the API (namespaced, plural "connections").
kube::ResourceRef connectionResource();

enum class ConnectionType { Server, Client };

inline constexpr std::array<std::string_view, 2> kConnectionTypes{"Server", "Client"};

// status.value as Liqo's gateways write it (the schema keeps it a free string).
namespace connection {
inline constexpr std::string_view Connected = "Connected", Connecting = "Connecting", Error = "Error";
}

struct ConnectionLatency {
    std::string value;       // last measurement, as text
    std::string timestamp;   // RFC 3339
};

struct ConnectionSpec {
    ConnectionType type = ConnectionType::Server;   // required
    shared::ObjectReference gatewayRef;              // required: the GatewayServer or GatewayClient
};

struct ConnectionStatus {
    std::string value;
    ConnectionLatency latency;
};

struct Connection {
    nlohmann::json metadata = nlohmann::json::object();
    ConnectionSpec spec;
    ConnectionStatus status;
};

void to_json(nlohmann::json &j, const ConnectionLatency &v);
void from_json(const nlohmann::json &j, ConnectionLatency &v);
void to_json(nlohmann::json &j, const ConnectionSpec &v);
void from_json(const nlohmann::json &j, ConnectionSpec &v);
void to_json(nlohmann::json &j, const ConnectionStatus &v);
void from_json(const nlohmann::json &j, ConnectionStatus &v);
void to_json(nlohmann::json &j, const Connection &v);
void from_json(const nlohmann::json &j, Connection &v);

} // namespace spillway::apis::networking::v1beta1
