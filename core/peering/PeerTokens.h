#pragma once

#include "common/Error.h"
#include "kube/KubeClient.h"
#include "peering/PeerInvitation.h"

#include <functional>

namespace spillway::peering {

// Single-use, expiring peering tokens for out-of-band peering. Each is a Secret
// `spillway-peer-token-<id>` in Spillway's namespace holding only the SHA-256 of its secret and
// when it expires. The first challenge binds it to the consumer's cluster ID; the first issued
// certificate redeems it for that cluster and key, and it stays spent: the Secret outlives an
// unpeer (which removes the tenant namespace) and restarts. A redeemed token still answers the
// same consumer and key while the peering it made stands (a lost response can be retried, the
// same command run twice is harmless) and nobody else; the bind and the redeem are
// optimistic-concurrency writes, so two consumers racing for one token cannot both win.
class PeerTokens
{
public:
    struct Options {
        QString ns = QStringLiteral("liqo");
        std::function<qint64()> now;                  // seconds since the epoch
        std::function<QByteArray(int)> randomBytes;   // cryptographically random
    };

    PeerTokens(kube::KubeClient &client, Options options);

    // A new token valid for ttlSeconds; the text is shown once and stored nowhere.
    Result<QString> issue(qint64 ttlSeconds);
    // Checks the token for a challenge by consumerId (holding publicKey) and binds it to that
    // cluster. peeringStands: consumerId's Tenant here holds a certificate for publicKey.
    Result<void> bind(const QString &token, const QString &consumerId, const QByteArray &publicKey, bool peeringStands);
    // Checks the token is bound to consumerId (and, once redeemed, to publicKey while the peering
    // stands); redeem = mark it used.
    Result<void> check(const QString &token, const QString &consumerId, const QByteArray &publicKey, bool redeem, bool peeringStands);

    // Why `secret` does not admit consumerId presenting `token` now; empty when it does.
    // Pure, for tests: the Secret as stored, the token as presented.
    static QString refusal(const nlohmann::json &secret, const PeerToken &token, const QString &consumerId,
                           const QByteArray &publicKey, qint64 now, bool mustBeBound, bool peeringStands);

    static QString secretName(const QString &id) { return QStringLiteral("spillway-peer-token-") + id; }

private:
    Result<nlohmann::json> load(const QString &token, PeerToken &parsed);

    kube::KubeClient &m_client;
    Options m_options;
};

} // namespace spillway::peering
