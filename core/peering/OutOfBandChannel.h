#pragma once

#include "peering/PeerInvitation.h"
#include "peering/ProviderChannel.h"

#include <memory>

class QNetworkAccessManager;

namespace spillway::peering {

// Out-of-band: the consumer has only an invitation. It talks to the provider's authentication
// endpoint over HTTPS, checking the endpoint's certificate against the invitation's fingerprint
// (or, without one, against the system's trusted CAs). Blocking; lives on a thread with no
// running event loop of its own (spillctl's main thread).
class OutOfBandChannel : public ProviderChannel
{
public:
    explicit OutOfBandChannel(PeerInvitation invitation, int requestTimeoutMs = 10000);
    ~OutOfBandChannel() override;
    Result<Challenge> challenge(const LocalCluster &consumer, const QByteArray &publicPem) override;
    Result<std::optional<nlohmann::json>> submit(const TenantRequest &request) override;
    int pollMs() const override { return 250; }

private:
    struct Reply {
        int status = 0;
        nlohmann::json body;
    };
    Result<Reply> post(const QString &path, const nlohmann::json &body);

    PeerInvitation m_invitation;
    int m_timeoutMs;
    std::unique_ptr<QNetworkAccessManager> m_nam;
};

} // namespace spillway::peering
