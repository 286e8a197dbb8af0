// How apiserver answers and transport failures become actionable Error values.
#include "kube/KubeClient.h"

#include <QSslError>

namespace spillway::kube {

Error KubeClient::errorFromResponse(const KubeRequest &request, int status, const QByteArray &body) const
{
    Error e;
    e.kind = status == 401 ? Error::Kind::Auth : Error::Kind::Api;
    e.cluster = clusterLabel();
    e.resource = request.describe.isEmpty() ? QString::fromLatin1(request.verb) + QLatin1Char(' ') + request.path : request.describe;
    e.httpStatus = status;
    const auto j = nlohmann::json::parse(body.constData(), body.constData() + body.size(), nullptr, false);
    // Untrusted body (a proxy, or anything answering at that address): only strings are taken.
    auto text = [&j](const char *key) { return j.contains(key) && j[key].is_string() ? QString::fromStdString(j[key].get<std::string>()) : QString(); };
    if (j.is_object() && text("kind") == QLatin1String("Status")) {
        e.reason = text("reason");
        e.message = text("message");
    }
    if (e.message.isEmpty())
        e.message = QString::fromUtf8(body.left(300)).trimmed();
    if (e.message.isEmpty())
        e.message = QStringLiteral("HTTP %1").arg(status);
    switch (status) {
    case 401:
        if (e.reason.isEmpty()) e.reason = QStringLiteral("Unauthorized");
        e.hint = QStringLiteral("the apiserver rejected the credentials of user \"%1\"; refresh the token or certificate in the kubeconfig").arg(m_config.userName);
        break;
    case 403:
        if (e.reason.isEmpty()) e.reason = QStringLiteral("Forbidden");
        e.hint = QStringLiteral("user \"%1\" lacks RBAC permission for this").arg(m_config.userName);
        break;
    case 404:
        if (e.reason.isEmpty()) e.reason = QStringLiteral("NotFound");
        break;
    case 409:
        if (e.reason.isEmpty()) e.reason = QStringLiteral("Conflict");
        break;
    case 410:
        if (e.reason.isEmpty()) e.reason = QStringLiteral("Gone");
        break;
    case 429:
        if (e.reason.isEmpty()) e.reason = QStringLiteral("TooManyRequests");
        e.hint = QStringLiteral("the apiserver is throttling; lower --qps or retry later");
        break;
    default:
        break;
    }
    return e;
}

Error KubeClient::errorFromNetwork(const KubeRequest &request, QNetworkReply *reply) const
{
    Error e;
    e.kind = Error::Kind::Transport;
    e.cluster = clusterLabel();
    e.resource = request.describe.isEmpty() ? QString::fromLatin1(request.verb) + QLatin1Char(' ') + request.path : request.describe;
    const auto sslErrors = reply->property("spillway.sslErrors").value<QList<QSslError>>();
    switch (reply->error()) {
    case QNetworkReply::SslHandshakeFailedError: {
        e.kind = Error::Kind::Tls;
        QStringList what;
        bool untrusted = false, hostMismatch = false, expired = false;
        for (const QSslError &s : sslErrors) {
            what << s.errorString();
            switch (s.error()) {
            case QSslError::UnableToGetLocalIssuerCertificate:
            case QSslError::UnableToGetIssuerCertificate:
            case QSslError::SelfSignedCertificate:
            case QSslError::SelfSignedCertificateInChain:
            case QSslError::UnableToVerifyFirstCertificate:
            case QSslError::CertificateUntrusted:
            case QSslError::CertificateSignatureFailed:
                untrusted = true;
                break;
            case QSslError::HostNameMismatch:
                hostMismatch = true;
                break;
            case QSslError::CertificateExpired:
                expired = true;
                break;
            default:
                break;
            }
        }
        if (what.isEmpty())
            what << reply->errorString();
        e.message = QStringLiteral("TLS handshake with %1 failed: %2").arg(m_config.server, what.join(QStringLiteral("; ")));
        if (untrusted)
            e.hint = QStringLiteral("the server's certificate is not signed by the CA in %1; set the cluster's real CA there")
                         .arg(m_config.caSource.isEmpty() ? QStringLiteral("the system trust store") : m_config.caSource);
        else if (hostMismatch)
            e.hint = QStringLiteral("the server's certificate does not name this host; use the address it was issued for or set tls-server-name");
        else if (expired)
            e.hint = QStringLiteral("the server's certificate has expired; renew the apiserver's serving certificate");
        else
            e.hint = QStringLiteral("check the cluster's certificate-authority and the client certificate");
        break;
    }
    case QNetworkReply::ConnectionRefusedError:
        e.message = QStringLiteral("connection to %1 refused").arg(m_config.server);
        e.hint = QStringLiteral("is the apiserver running and is the kubeconfig's server address right?");
        break;
    case QNetworkReply::HostNotFoundError:
        e.message = QStringLiteral("host of %1 not found").arg(m_config.server);
        e.hint = QStringLiteral("check the server address in the kubeconfig and DNS");
        break;
    case QNetworkReply::TimeoutError:
    case QNetworkReply::OperationCanceledError:
        e.kind = Error::Kind::Timeout;
        e.message = QStringLiteral("no answer from %1 within %2 s").arg(m_config.server).arg(m_config.timeoutMs / 1000);
        e.hint = QStringLiteral("the cluster is unreachable or overloaded; check the network or VPN");
        break;
    default:
        e.message = QStringLiteral("request to %1 failed: %2").arg(m_config.server, reply->errorString());
        break;
    }
    return e;
}

} // namespace spillway::kube
