// libFuzzer: what an out-of-band peering reads from an untrusted side. A pasted peer invitation
// (`spillctl peer out-of-band ...`, the console's "Paste invitation") and the token in it: what
// parses must print as a command that parses the same. And, when the input is JSON, the
// challenge: the provider's answer (nonce, Retry-After) as the consumer decodes it, the request
// (Tenant) as the endpoint decodes it, and a nonce Secret as the provider checks it.
#include "peering/Nonce.h"
#include "peering/OutOfBandChannel.h"
#include "peering/PeerInvitation.h"
#include "peering/ProviderChannel.h"
#include "peering/TenantProof.h"

#include <algorithm>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    using namespace spillway::peering;
    const QString line = QString::fromUtf8(reinterpret_cast<const char *>(data), qsizetype(size));
    (void)PeerToken::parse(line);
    if (auto invitation = PeerInvitation::parse(line)) {
        (void)invitation->problems();
        auto again = PeerInvitation::parse(invitation->toCommand());
        if (!again || again->name != invitation->name || again->authUrl != invitation->authUrl || again->clusterId != invitation->clusterId
            || again->token != invitation->token || again->fingerprint != invitation->fingerprint)
            std::abort();
    }
    const auto body = nlohmann::json::parse(data, data + size, nullptr, false);
    if (body.is_discarded())
        return 0;
    if (auto challenge = decodeChallenge(body); challenge && challenge->nonce.isEmpty())
        std::abort();   // a decoded challenge always carries a nonce
    (void)retryAfterSeconds(QByteArray(reinterpret_cast<const char *>(data), qsizetype(std::min<size_t>(size, 32))), body);
    if (auto request = TenantRequest::fromJson(body)) {
        (void)request->toTenant();
        (void)csrRefusal(TenantProof{request->consumerId, request->publicPem, request->csrPem, request->signature});
    }
    const QString problem = nonceProblem(body, 1'000'000, 600);
    if (problem.isEmpty() && nonceValue(body).size() < 32)
        std::abort();   // a usable nonce is never short
    if (nonceRefreshAt(body, 600) < nonceHandOutUntil(body, 600))
        std::abort();   // a nonce is never replaced while it is still handed out
    return 0;
}
