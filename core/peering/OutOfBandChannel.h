#pragma once

#include "peering/PeerInvitation.h"
#include "peering/ProviderChannel.h"

#include <functional>
#include <memory>

class QNetworkAccessManager;

namespace spillway::peering {

// The provider's answer to a challenge: its cluster ID, release and nonce. Pure, for untrusted answers.
Result<Challenge> decodeChallenge(const nlohmann::json &body);

// How long a provider that answered 429 asks the consumer to wait: Retry-After's seconds (or the
// body's retryAfterSeconds), -1 when it says neither. Pure, for untrusted answers.
qint64 retryAfterSeconds(const QByteArray &retryAfterHeader, const nlohmann::json &body);

// Out-of-band: the consumer has only an invitation. It talks to the provider's authentication
// endpoint over HTTPS, checking the endpoint's certificate against the invitation's fingerprint
// (or, without one, against the system's trusted CAs). A provider that throttles failed attempts
// (429) is waited out, as long as Retry-After fits in maxThrottleWaitMs all told, and `notice`
// says so. Blocking; lives on a thread with no running event loop of its own (spillctl's main
// thread).
class OutOfBandChannel : public ProviderChannel
{
public:
    explicit OutOfBandChannel(PeerInvitation invitation, int requestTimeoutMs = 10000,
                              std::function<void(const QString &)> notice = {}, qint64 maxThrottleWaitMs = 120000);
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

    Result<Reply> postOnce(const QString &path, const nlohmann::json &body, qint64 &retryAfter);

    PeerInvitation m_invitation;
    int m_timeoutMs;
    std::function<void(const QString &)> m_notice;
    qint64 m_throttleBudgetMs;
    std::unique_ptr<QNetworkAccessManager> m_nam;
};

} // namespace spillway::peering
