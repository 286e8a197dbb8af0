#pragma once

#include <QByteArray>
#include <QString>

#include <nlohmann/json.hpp>

namespace spillway::peering {

// What a consumer proves when it asks a provider for a certificate: it holds the private key of
// `publicPem` (its signature over the provider's current nonce verifies, and its CSR is signed by
// the same key) and the CSR asks for exactly its own identity (CN = its cluster ID, O = liqo.io:
// any other organization would become a group in the provider's apiserver).
struct TenantProof {
    QString consumerId;
    QByteArray publicPem, csrPem, signature;
};

struct ProofRefusal {
    QString cause;     // "nonce", "signature" or "csr" (AuthenticationGuard's causes)
    QString message;   // why, for the Tenant's annotation and the endpoint's answer
    bool refused() const { return !cause.isEmpty(); }
};

// Why `proof` does not hold against the nonce Secret the provider issued (null when there is
// none) at `now`; nothing when it holds. Pure and total: every input is untrusted.
ProofRefusal proofRefusal(const TenantProof &proof, const nlohmann::json &nonceSecret, qint64 now, qint64 nonceLifetimeSeconds);

// Only the CSR's part: its subject and that it is for `publicPem`.
ProofRefusal csrRefusal(const TenantProof &proof);

} // namespace spillway::peering
