#pragma once

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <string_view>

// authentication.liqo.io/v1beta1 shared types (Liqo's apis/authentication/v1beta1/common_types.go).
namespace spillway::apis::authentication::v1beta1 {

inline constexpr std::string_view kGroupVersion = "authentication.liqo.io/v1beta1";

// Credentials for an EKS peer; when present, every field is required.
struct AwsConfig {
    std::string awsAccessKeyID, awsSecretAccessKey, awsRegion, awsClusterName, awsUserArn;
};

// Credentials a provider hands to a consumer. ca and signedCRT are raw bytes (base64 on the wire).
struct AuthParams {
    std::string ca;
    std::string signedCRT;
    std::string apiServer;
    std::string proxyURL;
    std::optional<AwsConfig> awsConfig;
};

void to_json(nlohmann::json &j, const AwsConfig &v);
void from_json(const nlohmann::json &j, AwsConfig &v);
void to_json(nlohmann::json &j, const AuthParams &v);
void from_json(const nlohmann::json &j, AuthParams &v);

} // namespace spillway::apis::authentication::v1beta1
