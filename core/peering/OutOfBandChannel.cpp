#include "peering/OutOfBandChannel.h"

#include "peering/AuthenticationEndpoint.h"

#include <QEventLoop>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSslCertificate>
#include <QThread>
#include <QTimer>

namespace spillway::peering {

using nlohmann::json;

Result<Challenge> decodeChallenge(const json &body)
{
    auto text = [&](const char *name) {
        if (!body.is_object())
            return std::string();
        const auto it = body.find(name);
        return it != body.end() && it->is_string() ? it->get<std::string>() : std::string();
    };
    Challenge c;
    c.provider.clusterId = QString::fromStdString(text("clusterID"));
    const auto version = Version::parse(QString::fromStdString(text("version")));
    const auto nonce = QByteArray::fromBase64Encoding(QByteArray::fromStdString(text("nonce")), QByteArray::AbortOnBase64DecodingErrors);
    if (!version || !nonce || nonce.decoded.isEmpty())
        return Error::of(Error::Kind::Decode, QStringLiteral("the provider's challenge lacks its version or nonce"));
    c.provider.version = *version;
    c.nonce = nonce.decoded;
    return c;
}

qint64 retryAfterSeconds(const QByteArray &header, const json &body)
{
    bool ok = false;
    const qint64 fromHeader = header.trimmed().toLongLong(&ok);
    if (ok && fromHeader >= 0)
        return fromHeader;
    if (body.is_object()) {
        const auto it = body.find("retryAfterSeconds");
        if (it != body.end() && it->is_number_integer() && it->get<qint64>() >= 0)
            return it->get<qint64>();
    }
    return -1;
}

OutOfBandChannel::OutOfBandChannel(PeerInvitation invitation, int requestTimeoutMs, std::function<void(const QString &)> notice, qint64 maxThrottleWaitMs)
    : m_invitation(std::move(invitation)), m_timeoutMs(requestTimeoutMs), m_notice(std::move(notice)), m_throttleBudgetMs(maxThrottleWaitMs),
      m_nam(std::make_unique<QNetworkAccessManager>())
{
}

OutOfBandChannel::~OutOfBandChannel() = default;

Result<OutOfBandChannel::Reply> OutOfBandChannel::post(const QString &path, const json &body)
{
    for (;;) {
        qint64 retryAfter = -1;
        auto r = postOnce(path, body, retryAfter);
        if (r || r.error().httpStatus != 429)
            return r;
        const qint64 waitMs = std::max<qint64>(1, retryAfter) * 1000;
        if (retryAfter < 0 || waitMs > m_throttleBudgetMs)
            return r;
        m_throttleBudgetMs -= waitMs;
        if (m_notice)
            m_notice(QStringLiteral("the provider throttles failed authentication attempts; retrying in %1 s").arg(waitMs / 1000));
        QThread::msleep(static_cast<unsigned long>(waitMs));
    }
}

Result<OutOfBandChannel::Reply> OutOfBandChannel::postOnce(const QString &path, const json &body, qint64 &retryAfter)
{
    QNetworkRequest request(QUrl(m_invitation.authUrl + path));
    request.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
    request.setTransferTimeout(m_timeoutMs);
    QNetworkReply *reply = m_nam->post(request, QByteArray::fromStdString(body.dump()));
    std::unique_ptr<QNetworkReply> owner(reply);
    QString pinMismatch;
    auto pinned = [&] {
        const QString seen = certificateFingerprint(reply->sslConfiguration().peerCertificate().toPem());
        if (seen == m_invitation.fingerprint)
            return true;
        pinMismatch = QStringLiteral("the endpoint's certificate (%1) is not the one in the invitation (%2)").arg(seen, m_invitation.fingerprint);
        return false;
    };
    QObject::connect(reply, &QNetworkReply::sslErrors, reply, [&](const QList<QSslError> &) {
        // The invitation names the certificate: that, not a CA, is what we trust.
        if (!m_invitation.fingerprint.isEmpty() && pinned())
            reply->ignoreSslErrors();
    });
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    QTimer guard;
    guard.setSingleShot(true);
    QObject::connect(&guard, &QTimer::timeout, reply, &QNetworkReply::abort);
    guard.start(m_timeoutMs + 1000);
    if (!reply->isFinished())
        loop.exec();
    const QString where = m_invitation.authUrl;
    if (!pinMismatch.isEmpty())
        return Error::of(Error::Kind::Tls, pinMismatch, QStringLiteral("check the --auth-url, or ask the provider for a new invitation"));
    if (reply->error() != QNetworkReply::NoError && reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt() == 0) {
        const bool tls = reply->error() == QNetworkReply::SslHandshakeFailedError;
        return Error::of(tls ? Error::Kind::Tls : Error::Kind::Transport,
                         QStringLiteral("cannot reach the provider's authentication endpoint %1: %2").arg(where, reply->errorString()),
                         tls ? QStringLiteral("pass the invitation's --auth-fingerprint, or check the URL")
                             : QStringLiteral("check --auth-url and that the provider's controller manager is running and reachable from here"));
    }
    if (!m_invitation.fingerprint.isEmpty() && pinMismatch.isEmpty() && !pinned())
        return Error::of(Error::Kind::Tls, pinMismatch, QStringLiteral("check the --auth-url, or ask the provider for a new invitation"));
    Reply out;
    out.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QByteArray data = reply->readAll().left(1 << 20);
    out.body = json::parse(data.constData(), data.constData() + data.size(), nullptr, false);
    if (!out.body.is_object())
        return Error::of(Error::Kind::Decode, QStringLiteral("%1 answered HTTP %2 with something that is not Spillway's authentication endpoint").arg(where).arg(out.status),
                         QStringLiteral("check --auth-url"));
    if (out.status == 429)
        retryAfter = retryAfterSeconds(reply->rawHeader("Retry-After"), out.body);
    if (out.status >= 400) {
        Error e = Error::of(out.status == 403 ? Error::Kind::Auth : out.status == 409 ? Error::Kind::Config : Error::Kind::Api,
                            QString::fromStdString(out.body.value("error", std::string("no reason given"))),
                            QString::fromStdString(out.body.value("hint", std::string())));
        e.httpStatus = out.status;
        e.resource = where + path;
        return e;
    }
    return out;
}

Result<Challenge> OutOfBandChannel::challenge(const LocalCluster &consumer, const QByteArray &publicPem)
{
    auto r = post(QStringLiteral("/v1/peering/challenge"), {{"token", m_invitation.token.toStdString()},
                                                            {"clusterID", consumer.clusterId.toStdString()},
                                                            {"version", consumer.version.toString().toStdString()},
                                                            {"providerClusterID", m_invitation.clusterId.toStdString()},
                                                            {"publicKey", publicPem.toBase64().toStdString()}});
    if (!r)
        return r.error();
    auto c = decodeChallenge(r->body);
    if (!c)
        return c.error();
    if (c->provider.clusterId != m_invitation.clusterId)
        return Error::of(Error::Kind::Auth, QStringLiteral("the endpoint %1 belongs to cluster \"%2\", not \"%3\" as the invitation says")
                                                .arg(m_invitation.authUrl, c->provider.clusterId, m_invitation.clusterId),
                         QStringLiteral("check --cluster-id and --auth-url come from the same invitation"));
    c->provider.apiServer = m_invitation.authUrl;
    return c;
}

Result<std::optional<json>> OutOfBandChannel::submit(const TenantRequest &request)
{
    json body = request.toJson();
    body["token"] = m_invitation.token.toStdString();
    auto r = post(QStringLiteral("/v1/peering/tenant"), body);
    if (!r)
        return r.error();
    if (r->status == 202)
        return std::optional<json>();
    const json authParams = r->body.value("authParams", json::object());
    if (authParams.value("signedCRT", std::string()).empty())
        return Error::of(Error::Kind::Decode, QStringLiteral("the provider answered without a certificate"));
    return std::optional<json>(authParams);
}

} // namespace spillway::peering
