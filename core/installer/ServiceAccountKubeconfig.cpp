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

} // namespace spillway::installer
