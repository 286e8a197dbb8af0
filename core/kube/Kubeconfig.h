#pragma once

#include "common/Error.h"
#include "kube/RestConfig.h"

#include <QByteArray>
#include <QList>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

#include <optional>

namespace spillway::kube {

// A kubeconfig as kubectl sees it: one or more files merged, with relative paths already made
// absolute against the folder of the file that mentioned them (a merged config has no single base).
// Loading only checks structure; the semantic checks kubectl does when a context is *used*
// (missing cluster, unreadable files, ...) happen in restConfig(), so one broken entry does not
// stop the other contexts from working.
class Kubeconfig
{
public:
    struct Cluster {
        QString name;
        QString server;
        QString certificateAuthority;           // path, absolute
        QByteArray certificateAuthorityData;    // decoded PEM
        bool insecureSkipTlsVerify = false;
        QString tlsServerName;
        QString proxyUrl;
    };
    struct User {
        QString name;
        QString clientCertificate;              // paths, absolute
        QString clientKey;
        QByteArray clientCertificateData;       // decoded PEM
        QByteArray clientKeyData;
        QString token;
        QString tokenFile;                      // absolute
        QString username;
        QString password;
        std::optional<ExecConfig> exec;
        QString authProvider;                   // legacy auth-provider name; only used to explain why it is unsupported
    };
    struct Context {
        QString name;
        QString cluster;
        QString user;
        QString ns;
    };

    // Merge as kubectl does: for clusters, users and contexts the FIRST file that defines a name
    // wins; current-context comes from the first file that sets a non-empty one. Missing files are
    // skipped; if none exists the result is an Error (Kind::Config) naming the paths.
    static Result<Kubeconfig> loadFiles(const QStringList &paths);
    // KUBECONFIG (':'-separated) if set and non-empty, else $HOME/.kube/config.
    static Result<Kubeconfig> loadDefault(const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment());
    // Parse one document. Relative certificate-authority, client-certificate, client-key, tokenFile
    // and exec.command (when it contains a '/') are resolved against baseDir (left alone when
    // baseDir is empty). sourceName is used in error messages.
    static Result<Kubeconfig> fromYaml(const QByteArray &yaml, const QString &baseDir, const QString &sourceName);

    QStringList contextNames() const;
    QString currentContext() const;
    std::optional<Context> context(const QString &name) const;
    std::optional<Cluster> cluster(const QString &name) const;
    std::optional<User> user(const QString &name) const;
    QStringList sources() const;    // files that contributed, in merge order

    // Resolve a context (empty = current-context) into a RestConfig: CA / client certificate / key
    // files are read into the PEM fields, the token comes from token or tokenFile (the path is kept
    // so it can be re-read), exec is copied, the namespace defaults to "default".
    Result<RestConfig> restConfig(const QString &contextName = {}) const;

private:
    // Adds what `other` defines and this one does not yet (first definition wins).
    void mergeFrom(const Kubeconfig &other);
    QString describeSources() const;

    QList<Cluster> m_clusters;
    QList<User> m_users;
    QList<Context> m_contexts;
    QString m_currentContext;
    QStringList m_sources;
};

// In-cluster (inside a pod): KUBERNETES_SERVICE_HOST/PORT (IPv6 hosts bracketed), the token from
// <saDir>/token (tokenFile kept so rotated tokens are re-read), the CA from <saDir>/ca.crt and the
// namespace from POD_NAMESPACE or <saDir>/namespace.
Result<RestConfig> inClusterConfig(const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment(),
                                   const QString &saDir = QStringLiteral("/var/run/secrets/kubernetes.io/serviceaccount"));

// How the agents connect: an explicit kubeconfig file (empty: none given), else in-cluster when in
// a pod, else the usual kubeconfig search ($KUBECONFIG, ~/.kube/config); `context` as kubectl's.
Result<RestConfig> agentRestConfig(const QString &kubeconfigFile, const QString &context = {});

} // namespace spillway::kube
