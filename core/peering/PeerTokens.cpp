#include "peering/PeerTokens.h"

#include "tls/Pki.h"

#include <QCryptographicHash>
#include <QDateTime>

#include <openssl/crypto.h>

namespace spillway::peering {

using nlohmann::json;

namespace {

constexpr const char *kExpiresAt = "spillway.dev/expires-at";
constexpr const char *kBoundTo = "spillway.dev/bound-cluster-id";
constexpr const char *kRedeemedBy = "spillway.dev/redeemed-key-sha256";
constexpr const char *kRedeemedAt = "spillway.dev/redeemed-at";
constexpr const char *kTokenLabel = "spillway.dev/peer-token";

std::string sha256Hex(const QByteArray &data)
{
    return QCryptographicHash::hash(data, QCryptographicHash::Sha256).toHex().toStdString();
}

Error refused(const QString &why)
{
    Error e = Error::of(Error::Kind::Auth, why, QStringLiteral("ask the provider for a new invitation: spillctl generate peer-command"));
    e.httpStatus = 403;
    return e;
}

} // namespace

PeerTokens::PeerTokens(kube::KubeClient &client, Options options) : m_client(client), m_options(std::move(options))
{
    if (!m_options.now)
        m_options.now = [] { return QDateTime::currentSecsSinceEpoch(); };
    if (!m_options.randomBytes)
        m_options.randomBytes = tls::randomBytes;
}

Result<QString> PeerTokens::issue(qint64 ttlSeconds)
{
    const PeerToken token{QString::fromLatin1(m_options.randomBytes(4).toHex()),
                          QString::fromLatin1(m_options.randomBytes(32).toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals))};
    const json secret = {{"apiVersion", "v1"}, {"kind", "Secret"}, {"type", "spillway.dev/peer-token"},
                         {"metadata", {{"name", secretName(token.id).toStdString()}, {"namespace", m_options.ns.toStdString()},
                                       {"labels", {{"app.kubernetes.io/part-of", "spillway"}, {kTokenLabel, "true"}}},
                                       {"annotations", {{kExpiresAt, std::to_string(m_options.now() + ttlSeconds)}}}}},
                         {"stringData", {{"sha256", sha256Hex(token.secret.toLatin1())}}}};
    if (auto r = m_client.create(kube::resources::secrets(), m_options.ns, secret); !r)
        return r.error();
    return token.toString();
}

QString PeerTokens::refusal(const json &secret, const PeerToken &token, const QString &consumerId, const QByteArray &publicKey, qint64 now,
                            bool mustBeBound, bool peeringStands)
{
    const QByteArray stored = QByteArray::fromBase64(QByteArray::fromStdString(secret.value("data", json::object()).value("sha256", "")));
    const std::string presented = sha256Hex(token.secret.toLatin1());
    if (stored.size() != qsizetype(presented.size()) || CRYPTO_memcmp(stored.constData(), presented.data(), presented.size()) != 0)
        return QStringLiteral("the peering token is not valid");
    const json annotations = secret["metadata"].value("annotations", json::object());
    bool ok = false;
    const qint64 expires = QString::fromStdString(annotations.value(kExpiresAt, "")).toLongLong(&ok);
    const QString bound = QString::fromStdString(annotations.value(kBoundTo, ""));
    const std::string redeemedBy = annotations.value(kRedeemedBy, "");
    if (!redeemedBy.empty()) {
        // Only the consumer and key it was redeemed for, and only while that peering stands.
        if (peeringStands && bound == consumerId && !publicKey.isEmpty() && redeemedBy == sha256Hex(publicKey.trimmed()))
            return {};
        bool atOk = false;
        const qint64 at = QString::fromStdString(annotations.value(kRedeemedAt, "")).toLongLong(&atOk);
        return QStringLiteral("the invitation was already used%1; an invitation's token works once")
            .arg(atOk ? QStringLiteral(" (by cluster %1 at %2)").arg(bound, QDateTime::fromSecsSinceEpoch(at, Qt::UTC).toString(Qt::ISODate))
                      : QString());
    }
    if (!ok || now >= expires)
        return QStringLiteral("the peering token expired at %1").arg(QDateTime::fromSecsSinceEpoch(ok ? expires : 0, Qt::UTC).toString(Qt::ISODate));
    if (!bound.isEmpty() && bound != consumerId)
        return QStringLiteral("the peering token is being used by another cluster");
    if (mustBeBound && bound.isEmpty())
        return QStringLiteral("the peering token has not been used for a challenge yet; start the peering again");
    return {};
}

Result<json> PeerTokens::load(const QString &token, PeerToken &parsed)
{
    const auto t = PeerToken::parse(token);
    if (!t)
        return refused(QStringLiteral("the peering token is malformed"));
    parsed = *t;
    auto secret = m_client.get(kube::resources::secrets(), m_options.ns, secretName(t->id));
    if (!secret)
        return secret.error().isNotFound() ? Result<json>(refused(QStringLiteral("the peering token is not valid"))) : Result<json>(secret.error());
    if ((*secret)["metadata"].value("labels", json::object()).value(kTokenLabel, "") != "true")
        return refused(QStringLiteral("the peering token is not valid"));
    return *secret;
}

Result<void> PeerTokens::bind(const QString &token, const QString &consumerId, const QByteArray &publicKey, bool peeringStands)
{
    PeerToken parsed;
    auto secret = load(token, parsed);
    if (!secret)
        return secret.error();
    if (const QString why = refusal(*secret, parsed, consumerId, publicKey, m_options.now(), false, peeringStands); !why.isEmpty())
        return refused(why);
    if ((*secret)["metadata"].value("annotations", json::object()).value(kBoundTo, "") == consumerId.toStdString())
        return {};
    json updated = *secret;
    updated["metadata"]["annotations"][kBoundTo] = consumerId.toStdString();
    // The resourceVersion makes this a compare-and-swap: a racing consumer gets a conflict.
    auto r = m_client.update(kube::resources::secrets(), m_options.ns, updated);
    if (!r)
        return r.error().isConflict() ? Result<void>(refused(QStringLiteral("the peering token is being used by another cluster"))) : Result<void>(r.error());
    return {};
}

Result<void> PeerTokens::check(const QString &token, const QString &consumerId, const QByteArray &publicKey, bool redeem, bool peeringStands)
{
    PeerToken parsed;
    auto secret = load(token, parsed);
    if (!secret)
        return secret.error();
    if (const QString why = refusal(*secret, parsed, consumerId, publicKey, m_options.now(), true, peeringStands); !why.isEmpty())
        return refused(why);
    if (!redeem || (*secret)["metadata"].value("annotations", json::object()).contains(kRedeemedBy))
        return {};
    json updated = *secret;
    updated["metadata"]["annotations"][kRedeemedBy] = sha256Hex(publicKey.trimmed());
    updated["metadata"]["annotations"][kRedeemedAt] = std::to_string(m_options.now());
    auto r = m_client.update(kube::resources::secrets(), m_options.ns, updated);
    if (!r)
        return r.error().isConflict() ? Result<void>(refused(QStringLiteral("the invitation was already used; an invitation's token works once"))) : Result<void>(r.error());
    return {};
}

} // namespace spillway::peering
