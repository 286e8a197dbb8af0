#include "console/ClusterProbe.h"

#include "kube/KubeClient.h"
#include "kube/Kubeconfig.h"
#include "peering/LocalCluster.h"

#include <QDir>
#include <QFileInfo>
#include <QProcess>

namespace spillway::console {

QStringList defaultKubeconfigFiles(const QProcessEnvironment &env)
{
    QStringList files;
    const QString list = env.value(QStringLiteral("KUBECONFIG"));
    const QStringList candidates = list.isEmpty() ? QStringList{QDir::homePath() + QStringLiteral("/.kube/config")}
                                                  : list.split(QLatin1Char(':'), Qt::SkipEmptyParts);
    for (const QString &f : candidates)
        if (QFileInfo(f).isFile() && !files.contains(QFileInfo(f).absoluteFilePath()))
            files << QFileInfo(f).absoluteFilePath();
    return files;
}

Result<std::vector<ClusterEntry>> contextsOf(const QString &kubeconfig)
{
    const QString file = QFileInfo(kubeconfig).absoluteFilePath();
    if (!QFileInfo(file).isFile())
        return Error::of(Error::Kind::Config, QStringLiteral("%1 is not a file").arg(kubeconfig), QStringLiteral("choose a kubeconfig file"));
    auto config = kube::Kubeconfig::loadFiles({file});
    if (!config)
        return config.error();
    std::vector<ClusterEntry> out;
    for (const QString &context : config->contextNames())
        out.push_back({file, context, {}, {}});
    if (out.empty())
        return Error::of(Error::Kind::Config, QStringLiteral("%1 defines no context").arg(file),
                         QStringLiteral("add one with kubectl config set-context, or choose another file"));
    return out;
}

Result<kube::RestConfig> restConfigOf(const ClusterEntry &entry)
{
    auto config = kube::Kubeconfig::loadFiles({entry.kubeconfig});
    if (!config)
        return config.error();
    return config->restConfig(entry.context);
}

Result<ClusterFacts> probeCluster(const ClusterEntry &entry, int timeoutMs, const QString &ns)
{
    auto rest = restConfigOf(entry);
    if (!rest)
        return rest.error();
    rest->timeoutMs = timeoutMs;
    kube::KubeClient::Options o;
    o.maxRetries = 0;   // a row says what is wrong now; the user refreshes
    kube::KubeClient client(*rest, o);
    ClusterFacts facts;
    facts.server = rest->server;
    facts.tlsUnverified = rest->insecureSkipTlsVerify;
    auto version = client.serverVersion();
    if (!version)
        return version.error();
    facts.kubernetesVersion = QString::fromStdString(version->value("gitVersion", ""));
    auto local = peering::readLocalCluster(client, ns);
    if (local) {
        facts.spillwayInstalled = true;
        facts.spillwayVersion = local->version.toString();
        facts.clusterId = local->clusterId;
    } else if (!local.error().isNotFound()) {
        return local.error();
    }
    return facts;
}

QString adoptLoginShellPath(int timeoutMs)
{
    QString path = qEnvironmentVariable("PATH");
    const QString shell = qEnvironmentVariable("SHELL");
    if (shell.isEmpty())
        return path;
    QProcess p;
    p.start(shell, {QStringLiteral("-l"), QStringLiteral("-c"), QStringLiteral("printf %s \"$PATH\"")});
    if (!p.waitForFinished(timeoutMs) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        p.kill();
        return path;
    }
    QStringList merged = QString::fromLocal8Bit(p.readAllStandardOutput()).split(QLatin1Char(':'), Qt::SkipEmptyParts);
    for (const QString &dir : path.split(QLatin1Char(':'), Qt::SkipEmptyParts))
        if (!merged.contains(dir))
            merged << dir;
    path = merged.join(QLatin1Char(':'));
    qputenv("PATH", path.toLocal8Bit());
    return path;
}

} // namespace spillway::console
