#include "kube/TokenRequest.h"

namespace spillway::kube {

using nlohmann::json;

Result<IssuedToken> requestServiceAccountToken(KubeClient &client, const QString &ns, const QString &serviceAccount, qint64 expirationSeconds)
{
    KubeRequest req;
    req.verb = "POST";
    req.path = resources::serviceAccounts().path(ns, serviceAccount, QStringLiteral("token"));
    req.describe = resources::serviceAccounts().describe(ns, serviceAccount) + QStringLiteral(" token");
    req.body = QByteArray::fromStdString(json({{"apiVersion", "authentication.k8s.io/v1"}, {"kind", "TokenRequest"},
                                               {"spec", {{"expirationSeconds", expirationSeconds}}}}).dump());
    auto response = client.call(req);
    if (!response)
        return response.error();
    if (response->status >= 300)
        return client.errorFromResponse(req, response->status, response->body);
    const json body = json::parse(response->body.toStdString(), nullptr, false);
    const json status = body.is_object() ? body.value("status", json::object()) : json::object();
    IssuedToken out;
    out.token = QByteArray::fromStdString(status.value("token", std::string()));
    out.expires = QDateTime::fromString(QString::fromStdString(status.value("expirationTimestamp", std::string())), Qt::ISODate);
    if (out.token.isEmpty()) {
        Error e = Error::of(Error::Kind::Decode, QStringLiteral("the TokenRequest answer has no token"));
        e.cluster = client.clusterLabel();
        e.resource = req.describe;
        return e;
    }
    return out;
}

} // namespace spillway::kube
