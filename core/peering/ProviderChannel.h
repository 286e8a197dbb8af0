#pragma once

#include "common/Error.h"
#include "peering/LocalCluster.h"

#include <nlohmann/json.hpp>
#include <optional>

namespace spillway::peering {

// What the consumer sends to be authenticated: its cluster ID, public key, a CSR for that key,
// and its signature over the provider's nonce. Becomes the Tenant in the provider's tenant namespace.
struct TenantRequest {
    QString consumerId;
    QByteArray publicPem, csrPem, signature;

    nlohmann::json toTenant() const;
    nlohmann::json toJson() const;                                  // on the wire (out-of-band)
    static Result<TenantRequest> fromJson(const nlohmann::json &j); // untrusted
};

struct Challenge {
    LocalCluster provider;   // its cluster ID and release
    QByteArray nonce;
};

// How the consumer's side of a peering talks to the provider's authentication: in-band with the
// provider's kubeconfig at hand, or out-of-band through its HTTPS endpoint with a token.
class ProviderChannel
{
public:
    virtual ~ProviderChannel() = default;
    // The provider and its nonce for `consumer` (whose cluster key is publicPem); the provider's
    // tenant namespace and ForeignCluster for the consumer exist afterwards.
    virtual Result<Challenge> challenge(const LocalCluster &consumer, const QByteArray &publicPem) = 0;
    // Submits (or re-submits) the Tenant. The Tenant's authParams once a certificate for the
    // request's key is issued; nullopt while pending; an error when refused.
    virtual Result<std::optional<nlohmann::json>> submit(const TenantRequest &request) = 0;
    // Milliseconds between submit() calls while pending.
    virtual int pollMs() const { return 100; }
};

} // namespace spillway::peering
