#include "kube/Kubeconfig.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QUrl>

#include <algorithm>

namespace spillway::kube {

namespace {

Error configError(const QString &message, const QString &hint, const QString &cluster = {})
{
    Error e;
    e.kind = Error::Kind::Config;
    e.message = message;
    e.hint = hint;
    e.cluster = cluster;
    return e;
}

QString quoted(const QString &s)
{
    return QLatin1Char('"') + s + QLatin1Char('"');
}

// Reads a file named by a kubeconfig field; the error names both so the user knows which line to fix.
Result<QByteArray> readReferenced(const QString &path, const char *field, const QString &owner, const QString &cluster)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return configError(QStringLiteral("cannot read %1 file %2 of %3: %4").arg(QLatin1String(field), path, owner, f.errorString()),
                           QStringLiteral("check the path in the kubeconfig or embed the content with the matching -data field"),
                           cluster);
    return f.readAll();
}

bool isKnownExecVersion(const QString &v)
{
    return v == QLatin1String("client.authentication.k8s.io/v1") || v == QLatin1String("client.authentication.k8s.io/v1beta1");
}

// kubectl accepts "host:port" and assumes TLS; anything else must be a usable http(s) URL.
Result<QString> normaliseServer(const QString &server, const QString &clusterName, const QString &contextName)
{
    QString s = server.trimmed();
    if (!s.contains(QStringLiteral("://")))
        s.prepend(QStringLiteral("https://"));
    const QUrl url(s, QUrl::StrictMode);
    if (!url.isValid() || url.host().isEmpty()
        || (url.scheme() != QLatin1String("https") && url.scheme() != QLatin1String("http")))
        return configError(QStringLiteral("server %1 of cluster %2 is not a valid https:// URL").arg(quoted(server), quoted(clusterName)),
                           QStringLiteral("set clusters[].cluster.server to https://<host>:<port>"), contextName);
    while (s.endsWith(QLatin1Char('/')))
        s.chop(1);
    return s;
}

} // namespace

Result<Kubeconfig> Kubeconfig::loadFiles(const QStringList &paths)
{
    Kubeconfig merged;
    QStringList seen;
    QStringList looked;
    bool any = false;
    for (const QString &raw : paths) {
        if (raw.isEmpty())
            continue;   // "a::b" in KUBECONFIG
        const QString path = QFileInfo(raw).absoluteFilePath();
        // A repeated entry must not count twice; kubectl de-duplicates the list as well.
        if (seen.contains(path))
            continue;
        seen << path;
        looked << path;
        const QFileInfo info(path);
        if (!info.exists())
            continue;
        if (info.isDir())
            return configError(QStringLiteral("kubeconfig %1 is a directory, not a file").arg(path),
                               QStringLiteral("point KUBECONFIG at the config file inside it"));
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly))
            return configError(QStringLiteral("cannot read kubeconfig %1: %2").arg(path, f.errorString()),
                               QStringLiteral("check the file's permissions or point KUBECONFIG elsewhere"));
        auto one = fromYaml(f.readAll(), info.absolutePath(), path);
        if (!one)
            return one.error();
        if (!any)
            merged = std::move(*one);
        else
            merged.mergeFrom(*one);
        any = true;
    }
    if (!any) {
        if (looked.isEmpty())
            return configError(QStringLiteral("no kubeconfig file given"),
                               QStringLiteral("set KUBECONFIG or create ~/.kube/config"));
        return configError(QStringLiteral("no kubeconfig found: %1 %2")
                               .arg(looked.join(QStringLiteral(", ")),
                                    looked.size() == 1 ? QStringLiteral("does not exist") : QStringLiteral("do not exist")),
                           QStringLiteral("set KUBECONFIG to an existing file or create ~/.kube/config "
                                          "(e.g. `kind export kubeconfig`)"));
    }
    return merged;
}

Result<Kubeconfig> Kubeconfig::loadDefault(const QProcessEnvironment &env)
{
    const QString list = env.value(QStringLiteral("KUBECONFIG"));
    if (!list.isEmpty())
        return loadFiles(list.split(QLatin1Char(':'), Qt::SkipEmptyParts));
    QString home = env.value(QStringLiteral("HOME"));
    if (home.isEmpty())
        home = QDir::homePath();
    return loadFiles({home + QStringLiteral("/.kube/config")});
}

void Kubeconfig::mergeFrom(const Kubeconfig &other)
{
    auto addMissing = [](auto &mine, const auto &theirs) {
        for (const auto &item : theirs) {
            const bool known = std::any_of(mine.cbegin(), mine.cend(), [&](const auto &m) { return m.name == item.name; });
            if (!known)
                mine.append(item);
        }
    };
    addMissing(m_clusters, other.m_clusters);
    addMissing(m_users, other.m_users);
    addMissing(m_contexts, other.m_contexts);
    if (m_currentContext.isEmpty())
        m_currentContext = other.m_currentContext;
    m_sources << other.m_sources;
}

QStringList Kubeconfig::contextNames() const
{
    QStringList names;
    for (const auto &c : m_contexts)
        names << c.name;
    return names;
}

QString Kubeconfig::currentContext() const { return m_currentContext; }
QStringList Kubeconfig::sources() const { return m_sources; }

std::optional<Kubeconfig::Context> Kubeconfig::context(const QString &name) const
{
    for (const auto &c : m_contexts)
        if (c.name == name)
            return c;
    return std::nullopt;
}

std::optional<Kubeconfig::Cluster> Kubeconfig::cluster(const QString &name) const
{
    for (const auto &c : m_clusters)
        if (c.name == name)
            return c;
    return std::nullopt;
}

std::optional<Kubeconfig::User> Kubeconfig::user(const QString &name) const
{
    for (const auto &u : m_users)
        if (u.name == name)
            return u;
    return std::nullopt;
}

QString Kubeconfig::describeSources() const
{
    return m_sources.isEmpty() ? QStringLiteral("(no file)") : m_sources.join(QStringLiteral(", "));
}

Result<RestConfig> Kubeconfig::restConfig(const QString &contextName) const
{
    const QString available = contextNames().isEmpty() ? QStringLiteral("none")
                                                       : contextNames().join(QStringLiteral(", "));
    const QString name = contextName.isEmpty() ? m_currentContext : contextName;
    if (name.isEmpty())
        return configError(QStringLiteral("kubeconfig %1 has no current-context and no context was given (available contexts: %2)")
                               .arg(describeSources(), available),
                           QStringLiteral("pass a context name or run `kubectl config use-context <name>`"));
    const auto ctx = context(name);
    if (!ctx)
        return configError(QStringLiteral("context %1 not found in kubeconfig %2 (available contexts: %3)")
                               .arg(quoted(name), describeSources(), available),
                           QStringLiteral("use one of the available contexts or fix current-context"));
    if (ctx->cluster.isEmpty())
        return configError(QStringLiteral("context %1 does not name a cluster").arg(quoted(name)),
                           QStringLiteral("set contexts[].context.cluster in the kubeconfig"), name);
    const auto cl = cluster(ctx->cluster);
    if (!cl)
        return configError(QStringLiteral("context %1 refers to cluster %2, which is not defined in kubeconfig %3")
                               .arg(quoted(name), quoted(ctx->cluster), describeSources()),
                           QStringLiteral("add the cluster to clusters[] or fix the context"), name);
    std::optional<User> us;
    if (!ctx->user.isEmpty()) {
        us = user(ctx->user);
        if (!us)
            return configError(QStringLiteral("context %1 refers to user %2, which is not defined in kubeconfig %3")
                                   .arg(quoted(name), quoted(ctx->user), describeSources()),
                               QStringLiteral("add the user to users[] or fix the context"), name);
    }

    RestConfig rc;
    rc.contextName = name;
    rc.clusterName = cl->name;
    rc.userName = ctx->user;
    if (!ctx->ns.isEmpty())
        rc.defaultNamespace = ctx->ns;

    if (cl->server.trimmed().isEmpty())
        return configError(QStringLiteral("cluster %1 (context %2) has no server").arg(quoted(cl->name), quoted(name)),
                           QStringLiteral("set clusters[].cluster.server to https://<host>:<port>"), name);
    auto server = normaliseServer(cl->server, cl->name, name);
    if (!server)
        return server.error();
    rc.server = *server;
    rc.insecureSkipTlsVerify = cl->insecureSkipTlsVerify;
    rc.tlsServerName = cl->tlsServerName;
    rc.proxyUrl = cl->proxyUrl;

    // Embedded data wins over the file, as in client-go.
    if (!cl->certificateAuthorityData.isEmpty()) {
        rc.caPem = cl->certificateAuthorityData;
        rc.caSource = QStringLiteral("certificate-authority-data of cluster %1").arg(quoted(cl->name));
    } else if (!cl->certificateAuthority.isEmpty()) {
        auto pem = readReferenced(cl->certificateAuthority, "certificate-authority",
                                  QStringLiteral("cluster %1").arg(quoted(cl->name)), name);
        if (!pem)
            return pem.error();
        rc.caPem = *pem;
        rc.caSource = cl->certificateAuthority;
    }
    // client-go refuses this combination too: a CA that is then ignored hides a misconfiguration.
    if (rc.insecureSkipTlsVerify && !rc.caPem.isEmpty())
        return configError(QStringLiteral("cluster %1 sets both insecure-skip-tls-verify and a certificate authority").arg(quoted(cl->name)),
                           QStringLiteral("remove insecure-skip-tls-verify (preferred) or the certificate-authority fields"), name);

    if (!us)
        return rc;
    const QString userLabel = QStringLiteral("user %1").arg(quoted(us->name));

    if (!us->clientCertificateData.isEmpty()) {
        rc.clientCertPem = us->clientCertificateData;
    } else if (!us->clientCertificate.isEmpty()) {
        auto pem = readReferenced(us->clientCertificate, "client-certificate", userLabel, name);
        if (!pem)
            return pem.error();
        rc.clientCertPem = *pem;
    }
    if (!us->clientKeyData.isEmpty()) {
        rc.clientKeyPem = us->clientKeyData;
    } else if (!us->clientKey.isEmpty()) {
        auto pem = readReferenced(us->clientKey, "client-key", userLabel, name);
        if (!pem)
            return pem.error();
        rc.clientKeyPem = *pem;
    }
    if (rc.clientCertPem.isEmpty() != rc.clientKeyPem.isEmpty())
        return configError(QStringLiteral("%1 has a client %2 but no client %3")
                               .arg(userLabel,
                                    rc.clientCertPem.isEmpty() ? QStringLiteral("key") : QStringLiteral("certificate"),
                                    rc.clientCertPem.isEmpty() ? QStringLiteral("certificate") : QStringLiteral("key")),
                           QStringLiteral("set both client-certificate(-data) and client-key(-data)"), name);

    if (!us->token.isEmpty()) {
        rc.bearerToken = us->token;
        rc.tokenFile = us->tokenFile;
    } else if (!us->tokenFile.isEmpty()) {
        auto token = readReferenced(us->tokenFile, "tokenFile", userLabel, name);
        if (!token)
            return token.error();
        rc.bearerToken = QString::fromUtf8(token->trimmed());
        rc.tokenFile = us->tokenFile;
    }
    rc.username = us->username;
    rc.password = us->password;
    if (!rc.bearerToken.isEmpty() && (!rc.username.isEmpty() || !rc.password.isEmpty()))
        return configError(QStringLiteral("%1 sets both a token and username/password").arg(userLabel),
                           QStringLiteral("keep only one authentication method for the user"), name);

    if (us->exec) {
        const ExecConfig &ex = *us->exec;
        if (ex.command.isEmpty())
            return configError(QStringLiteral("exec section of %1 has no command").arg(userLabel),
                               QStringLiteral("set users[].user.exec.command"), name);
        if (!isKnownExecVersion(ex.apiVersion))
            return configError(QStringLiteral("exec plugin of %1 uses apiVersion %2, which is not supported")
                                   .arg(userLabel, quoted(ex.apiVersion)),
                               QStringLiteral("use client.authentication.k8s.io/v1 or client.authentication.k8s.io/v1beta1"), name);
        const QString mode = ex.interactiveMode;
        if (!mode.isEmpty() && mode != QLatin1String("Never") && mode != QLatin1String("IfAvailable") && mode != QLatin1String("Always"))
            return configError(QStringLiteral("exec plugin of %1 has invalid interactiveMode %2").arg(userLabel, quoted(mode)),
                               QStringLiteral("use Never, IfAvailable or Always"), name);
        rc.exec = ex;
    }

    const bool hasCredential = !rc.clientCertPem.isEmpty() || !rc.bearerToken.isEmpty() || !rc.username.isEmpty() || rc.exec;
    if (!us->authProvider.isEmpty() && !hasCredential)
        return configError(QStringLiteral("%1 uses auth-provider %2, which Spillway does not support").arg(userLabel, quoted(us->authProvider)),
                           QStringLiteral("switch the user to an exec credential plugin (e.g. kubelogin or gke-gcloud-auth-plugin)"), name);
    return rc;
}

Result<RestConfig> inClusterConfig(const QProcessEnvironment &env, const QString &saDir)
{
    const QString host = env.value(QStringLiteral("KUBERNETES_SERVICE_HOST"));
    const QString port = env.value(QStringLiteral("KUBERNETES_SERVICE_PORT"));
    if (host.isEmpty() || port.isEmpty())
        return configError(QStringLiteral("not running inside a Kubernetes pod: KUBERNETES_SERVICE_HOST and KUBERNETES_SERVICE_PORT must both be set"),
                           QStringLiteral("outside a cluster, use a kubeconfig (KUBECONFIG or ~/.kube/config)"));

    RestConfig rc;
    rc.contextName = QStringLiteral("in-cluster");
    rc.clusterName = QStringLiteral("in-cluster");
    // Same as Go's net.JoinHostPort: an IPv6 literal needs brackets in a URL.
    const QString hostPart = host.contains(QLatin1Char(':')) && !host.startsWith(QLatin1Char('['))
                                 ? QLatin1Char('[') + host + QLatin1Char(']')
                                 : host;
    rc.server = QStringLiteral("https://%1:%2").arg(hostPart, port);

    const QString dir = QDir(saDir).absolutePath();
    const QString tokenPath = dir + QStringLiteral("/token");
    const QString caPath = dir + QStringLiteral("/ca.crt");
    const QString mountHint = QStringLiteral("make sure the pod mounts its service-account token "
                                             "(automountServiceAccountToken must not be false)");

    QFile tokenFile(tokenPath);
    if (!tokenFile.open(QIODevice::ReadOnly))
        return configError(QStringLiteral("cannot read service-account token %1: %2").arg(tokenPath, tokenFile.errorString()), mountHint);
    rc.bearerToken = QString::fromUtf8(tokenFile.readAll().trimmed());
    rc.tokenFile = tokenPath;
    if (rc.bearerToken.isEmpty())
        return configError(QStringLiteral("service-account token %1 is empty").arg(tokenPath), mountHint);

    QFile caFile(caPath);
    if (!caFile.open(QIODevice::ReadOnly))
        return configError(QStringLiteral("cannot read service-account CA %1: %2").arg(caPath, caFile.errorString()), mountHint);
    rc.caPem = caFile.readAll();
    rc.caSource = caPath;

    // POD_NAMESPACE (downward API) first, as client-go's in-cluster loader does.
    QString ns = env.value(QStringLiteral("POD_NAMESPACE")).trimmed();
    if (ns.isEmpty()) {
        QFile nsFile(dir + QStringLiteral("/namespace"));
        if (nsFile.open(QIODevice::ReadOnly))
            ns = QString::fromUtf8(nsFile.readAll().trimmed());
    }
    if (!ns.isEmpty())
        rc.defaultNamespace = ns;
    return rc;
}

Result<RestConfig> agentRestConfig(const QString &kubeconfigFile, const QString &context)
{
    if (kubeconfigFile.isEmpty() && qEnvironmentVariableIsSet("KUBERNETES_SERVICE_HOST"))
        return inClusterConfig();
    auto kc = kubeconfigFile.isEmpty() ? Kubeconfig::loadDefault() : Kubeconfig::loadFiles({kubeconfigFile});
    if (!kc)
        return kc.error();
    return kc->restConfig(context);
}

} // namespace spillway::kube
