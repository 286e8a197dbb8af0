#pragma once

#include <nlohmann/json.hpp>

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

// networking.liqo.io/v1beta1 shared types (Liqo's apis/networking/v1beta1/common_types.go and the
// endpoint shapes both gateway kinds use).
namespace spillway::apis::networking::v1beta1 {

inline constexpr std::string_view kGroupVersion = "networking.liqo.io/v1beta1";

using CIDR = std::string;   // OpenAPI format "cidr", e.g. "10.0.0.0/16"
using IP = std::string;     // OpenAPI format "ipv4"

enum class Protocol { TCP, UDP };

inline constexpr std::array<std::string_view, 2> kProtocols{"TCP", "UDP"};

// Where a gateway server can be reached (GatewayServer.status.endpoint, GatewayClient.spec.endpoint).
struct EndpointStatus {
    std::vector<std::string> addresses;
    std::int32_t port = 0;
    std::optional<Protocol> protocol;
};

// The gateway's address inside its own cluster and the node it runs on.
struct InternalGatewayEndpoint {
    IP ip;
    std::string node;
};

void to_json(nlohmann::json &j, const EndpointStatus &v);
void from_json(const nlohmann::json &j, EndpointStatus &v);
void to_json(nlohmann::json &j, const InternalGatewayEndpoint &v);
void from_json(const nlohmann::json &j, InternalGatewayEndpoint &v);

} // namespace spillway::apis::networking::v1beta1
