#include "peering/TenantProof.h"

#include "peering/Nonce.h"
#include "peering/PeeringNames.h"
#include "tls/Signature.h"

namespace spillway::peering {

ProofRefusal csrRefusal(const TenantProof &proof)
{
    auto subject = tls::csrSubject(proof.csrPem);
    if (!subject)
        return {QStringLiteral("csr"), QStringLiteral("spec.csr: %1").arg(subject.error().message)};
    const QStringList expected{QString::fromLatin1(kControlPlaneGroup)};
    if (subject->commonName != proof.consumerId || subject->organizations != expected)
        return {QStringLiteral("csr"), QStringLiteral("the CSR must be for CN=%1, O=%2 and nothing else (got CN=%3, O=%4)")
                                           .arg(proof.consumerId, QLatin1String(kControlPlaneGroup), subject->commonName,
                                                subject->organizations.join(QLatin1Char(',')))};
    if (subject->publicPem.trimmed() != proof.publicPem.trimmed())
        return {QStringLiteral("csr"), QStringLiteral("the CSR is for a different key than the one that signed the nonce")};
    return {};
}

ProofRefusal proofRefusal(const TenantProof &proof, const nlohmann::json &nonceSecret, qint64 now, qint64 nonceLifetimeSeconds)
{
    if (nonceSecret.is_null())
        return {QStringLiteral("nonce"), QStringLiteral("no nonce was issued for cluster %1; start the peering again").arg(proof.consumerId)};
    if (const QString problem = nonceProblem(nonceSecret, now, nonceLifetimeSeconds); !problem.isEmpty())
        return {QStringLiteral("nonce"), QStringLiteral("%1; start the peering again to be challenged with a fresh one").arg(problem)};
    if (!tls::verifyMessage(proof.publicPem, nonceValue(nonceSecret), proof.signature))
        return {QStringLiteral("signature"),
                QStringLiteral("the signature does not verify over this cluster's current nonce with the Tenant's public key "
                               "(a nonce is used once: a Tenant signed over an earlier one is refused)")};
    return csrRefusal(proof);
}

} // namespace spillway::peering
