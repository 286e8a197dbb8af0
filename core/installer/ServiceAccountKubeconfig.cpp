#include "installer/ServiceAccountKubeconfig.h"

#include "common/Yaml.h"

namespace spillway::installer {

using nlohmann::json;

Result<QByteArray> serviceAccountKubeconfig(kube::KubeClient &client, const QString &ns, const QString &serviceAccount,
                                            qint64 expirationSeconds)
{
    kube::KubeRequest req;
    req.verb = "POST";
    req.path = kube::resources::serviceAccounts().path(ns, serviceAccount, QStringLiteral("token"));
    req.describe = kube::resources::serviceAccounts().describe(ns, serviceAccount) + QStringLiteral(" token");
    req.body = json({{"apiVersion", "authentication.k8s.io/v1"}, {"kind", "TokenRequest"},
                     {"spec", {{"expirationSeconds", expirationSeconds}}}}).dump().c_str();
    auto response = client.call(req);
    if (!response)
        return response.error();
    if (response->status >= 300)
        return client.errorFromResponse(req, response->status, response->body);
    const json body = json::parse(response->body.toStdString(), nullptr, false);
    const std::string token = body.is_object() ? body.value("status", json::object()).value("token", std::string()) : std::string();
    if (token.empty())
    {
        Error e = Error::of(Error::Kind::Decode, QStringLiteral("the TokenRequest answer has no token"));
        e.cluster = client.clusterLabel();
        e.resource = req.describe;
        return e;
    }

    const kube::RestConfig &rc = client.config();
    json cluster = {{"server", rc.server.toStdString()}};
    if (!rc.caPem.isEmpty())
        cluster["certificate-authority-data"] = rc.caPem.toBase64().toStdString();
    if (rc.insecureSkipTlsVerify)
        cluster["insecure-skip-tls-verify"] = true;
    if (!rc.tlsServerName.isEmpty())
        cluster["tls-server-name"] = rc.tlsServerName.toStdString();
    if (!rc.proxyUrl.isEmpty())
        cluster["proxy-url"] = rc.proxyUrl.toStdString();
    const std::string user = serviceAccount.toStdString();
    const json config = {{"apiVersion", "v1"}, {"kind", "Config"},
                         {"clusters", json::array({{{"name", "cluster"}, {"cluster", cluster}}})},
                         {"users", json::array({{{"name", user}, {"user", {{"token", token}}}}})},
                         {"contexts", json::array({{{"name", user}, {"context", {{"cluster", "cluster"}, {"user", user}, {"namespace", ns.toStdString()}}}}})},
                         {"current-context", user}};
    return jsonToYaml(config);
}

} // namespace spillway::installer
