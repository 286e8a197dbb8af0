#pragma once

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

#include <optional>

namespace spillway::kube {

// An exec credential plugin (client.authentication.k8s.io/v1 or v1beta1), as a kubeconfig
// user's `exec` section describes it. It is run by argv, never through a shell.
struct ExecConfig {
    QString apiVersion;                       // client.authentication.k8s.io/v1 or /v1beta1
    QString command;                          // resolved against the kubeconfig's folder when relative with a '/'
    QStringList args;
    QList<QPair<QString, QString>> env;       // added to the plugin's environment
    QString interactiveMode;                  // Never | IfAvailable | Always ("" = IfAvailable for v1beta1)
    bool provideClusterInfo = false;          // sets KUBERNETES_EXEC_INFO with spec.cluster
    QString installHint;
};

// Everything needed to talk to one apiserver as one identity: the resolved result of a
// kubeconfig context (or of the in-cluster environment). File references are already read
// into memory or kept as paths where Kubernetes re-reads them (tokenFile).
struct RestConfig {
    QString contextName;
    QString clusterName;
    QString userName;
    QString defaultNamespace = QStringLiteral("default");

    QString server;                           // https://host:port[/prefix]
    QByteArray caPem;                         // trusted CAs (PEM); empty = system CAs
    QString caSource;                         // where caPem came from, for error messages
    bool insecureSkipTlsVerify = false;
    QString tlsServerName;                    // SNI / name to verify instead of the URL's host
    QString proxyUrl;                         // http(s):// or socks5:// proxy

    QByteArray clientCertPem;                 // client certificate (PEM), may include a chain
    QByteArray clientKeyPem;                  // RSA, EC or Ed25519 private key (PEM: PKCS#1, SEC1 or PKCS#8)
    QString bearerToken;
    QString tokenFile;                        // re-read when it changes (service-account tokens rotate)
    QString username;                         // basic auth (legacy)
    QString password;
    std::optional<ExecConfig> exec;

    double qps = 100.0;                       // client-side rate limit
    int burst = 100;
    int timeoutMs = 30000;                    // per request, watches excluded
};

// What a user must be told before talking to this server: empty unless TLS verification is off
// (kubeconfig insecure-skip-tls-verify, the only way to turn it off).
inline QString insecureTlsWarning(const RestConfig &config)
{
    if (!config.insecureSkipTlsVerify)
        return {};
    return QStringLiteral("cluster \"%1\" sets insecure-skip-tls-verify: %2's certificate is not checked, so anyone on the network "
                          "path can read and change this traffic, credentials included; set certificate-authority(-data) instead")
        .arg(config.clusterName, config.server);
}

} // namespace spillway::kube
