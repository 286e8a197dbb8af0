#pragma once

#include "apis/networking/v1beta1/Common.h"
#include "kube/Resource.h"

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

// networking.liqo.io/v1beta1 PublicKey, as Liqo v1.2 serves it: the tunnel public key of a peer's
// gateway. No status. The CRD in installer/crds is the schema; tests/unit/tst_api_drift.cpp fails
// when this type and it differ.
namespace spillway::apis::networking::v1beta1 {

inline constexpr std::string_view kPublicKeyKind = "PublicKey";

// Where PublicKeys live in the API (namespaced). The plural is Liqo's "publickeies", not "publickeys".
kube::ResourceRef publicKeyResource();

struct PublicKeySpec {
    std::string publicKey;   // raw key bytes (base64 on the wire), e.g. a 32-byte WireGuard key
};

struct PublicKey {
    nlohmann::json metadata = nlohmann::json::object();
    PublicKeySpec spec;
};

void to_json(nlohmann::json &j, const PublicKeySpec &v);
void from_json(const nlohmann::json &j, PublicKeySpec &v);
void to_json(nlohmann::json &j, const PublicKey &v);
void from_json(const nlohmann::json &j, PublicKey &v);

} // namespace spillway::apis::networking::v1beta1
