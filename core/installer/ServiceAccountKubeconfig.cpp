#include "installer/ServiceAccountKubeconfig.h"

#include "kube/TokenRequest.h"

#include "common/Yaml.h"

namespace spillway::installer {

using nlohmann::json;

Result<QByteArray> serviceAccountKubeconfig(kube::KubeClient &client, const QString &ns, const QString &serviceAccount,
                                            qint64 expirationSeconds)
{
    auto issued = kube::requestServiceAccountToken(client, ns, serviceAccount, expirationSeconds);
    if (!issued)
        return issued.error();
    const std::string token = issued->token.toStdString();

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

bool serviceAccountKubeconfigCurrent(kube::KubeClient &client, const QString &ns, const QString &serviceAccount, const QByteArray &kubeconfig)
{
    auto config = yamlToJson(kubeconfig);
    if (!config || !config->is_object())
        return false;
    std::string token;
    for (const auto &u : config->value("users", json::array()))
        if (u.is_object() && u.value("user", json::object()).is_object())
            token = u["user"].value("token", std::string());
    // A JWT: header.payload.signature, the payload base64url JSON.
    const QList<QByteArray> parts = QByteArray::fromStdString(token).split('.');
    if (parts.size() != 3)
        return false;
    const QByteArray payload = QByteArray::fromBase64(parts[1], QByteArray::Base64UrlEncoding);
    const json claims = json::parse(payload.constData(), payload.constData() + payload.size(), nullptr, false);
    if (!claims.is_object() || !claims.value("kubernetes.io", json::object()).is_object())
        return false;
    const json account = claims["kubernetes.io"].value("serviceaccount", json::object());
    auto current = client.get(kube::resources::serviceAccounts(), ns, serviceAccount);
    return account.is_object() && current && account.value("uid", std::string()) == (*current)["metadata"].value("uid", std::string("?"));
}

} // namespace spillway::installer
