#include "installer/Installer.h"

#include "installer/ComponentReadiness.h"
#include "installer/DistroPreset.h"
#include "installer/LocalRuntime.h"
#include "kube/ApplyObject.h"
#include "installer/ServiceAccountKubeconfig.h"
#include "manager/WebhookConfiguration.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHostInfo>
#include <QStandardPaths>
#include <QTcpServer>
#include <QThread>

namespace spillway::installer {

using nlohmann::json;

namespace {

Error configError(const QString &message, const QString &hint = {})
{
    Error e;
    e.kind = Error::Kind::Config;
    e.message = message;
    e.hint = hint;
    return e;
}

QString describeObject(const json &o)
{
    const json meta = o.value("metadata", json::object());
    QString kind = QString::fromStdString(o.value("kind", "")).toLower();
    QString name = QString::fromStdString(meta.value("name", ""));
    if (meta.contains("namespace"))
        name = QString::fromStdString(meta["namespace"].get<std::string>()) + QLatin1Char('/') + name;
    return kind + QLatin1Char(' ') + name;
}

QString defaultStateDir(const QString &clusterId)
{
    QString base = qEnvironmentVariable("XDG_STATE_HOME");
    if (base.isEmpty())
        base = QDir::homePath() + QStringLiteral("/.local/state");
    return base + QStringLiteral("/spillway/") + clusterId;
}

// What a server-side apply cannot turn into `desired`, so it is deleted first: a webhook
// configuration switching between a URL (local runtime) and a Service (kubernetes) — the
// controller manager owns the old address too, so an apply would merge both into one
// clientConfig, which the apiserver refuses.
bool mustReplace(const json &current, const json &desired)
{
    const std::string kind = desired.value("kind", "");
    if (kind != "ValidatingWebhookConfiguration" && kind != "MutatingWebhookConfiguration")
        return false;
    auto usesUrl = [](const json &o) {
        const json hooks = o.value("webhooks", json::array());
        return !hooks.empty() && hooks[0].value("clientConfig", json::object()).contains("url");
    };
    return usesUrl(current) != usesUrl(desired);
}

} // namespace

quint16 pickFreePort(const kube::RandomSource &random)
{
    for (int attempt = 0; attempt < 200; ++attempt) {
        const quint16 port = quint16(20000 + int(random() * 12000));
        QTcpServer probe;
        if (probe.listen(QHostAddress::Any, port))
            return port;
    }
    return 0;
}

Installer::Installer(kube::KubeClient &client, InstallOptions options, Hooks hooks)
    : m_client(client), m_options(std::move(options)), m_hooks(std::move(hooks))
{
}

Result<void> Installer::checkCancelled() const
{
    if (m_hooks.cancelled && m_hooks.cancelled->load()) {
        Error e;
        e.kind = Error::Kind::Cancelled;
        e.message = QStringLiteral("install cancelled; objects applied so far stay in place, re-run install to finish or uninstall to remove them");
        return e;
    }
    return {};
}

Result<RenderInput> Installer::plan()
{
    const QStringList problems = validate(m_options);
    if (!problems.isEmpty())
        return configError(problems.join(QStringLiteral("; ")));

    m_hooks.progress(QStringLiteral("Checking the cluster at %1").arg(m_client.config().server));
    auto version = m_client.serverVersion();
    if (!version)
        return version.error();
    const QString minorText = QString::fromStdString(version->value("minor", ""));
    const int minor = QString(minorText).remove(QLatin1Char('+')).toInt();
    if (version->value("major", "") == "1" && minor > 0 && minor < kMinKubernetesMinor)
        return configError(QStringLiteral("the cluster runs Kubernetes %1, older than 1.%2, the oldest Spillway supports")
                               .arg(QString::fromStdString(version->value("gitVersion", ""))).arg(kMinKubernetesMinor),
                           QStringLiteral("upgrade the cluster to Kubernetes 1.%1 or newer").arg(kMinKubernetesMinor));

    auto existing = m_client.get(kube::resources::configMaps(), m_options.ns, QString::fromLatin1(names::kInstallRecord));
    if (!existing && !existing.error().isNotFound())
        return existing.error();
    m_previous.reset();
    if (existing) {
        auto record = parseInstallRecord(*existing);
        if (!record)
            return record.error();
        m_previous = *record;
    }
    const Version current = Version::current();
    if (m_previous && !m_previous->version.sameMinor(current) && !m_options.upgrade)
        return configError(QStringLiteral("Spillway %1 is installed in this cluster (namespace %2); this spillctl is %3, a different release")
                               .arg(m_previous->version.toString(), m_options.ns, current.toString()),
                           QStringLiteral("re-run with --upgrade to move the cluster to %1, or use spillctl %2.%3 to manage it")
                               .arg(current.toString()).arg(m_previous->version.major).arg(m_previous->version.minor));

    RenderInput in;
    in.options = m_options;
    in.version = current;
    in.host = QHostInfo::localHostName();
    if (m_previous && !m_previous->clusterId.isEmpty()) {
        if (!m_options.clusterId.isEmpty() && m_options.clusterId != m_previous->clusterId)
            return configError(QStringLiteral("this cluster is already installed with cluster ID \"%1\"; --cluster-id \"%2\" would change it "
                                              "and break every peering made with the old one").arg(m_previous->clusterId, m_options.clusterId),
                               QStringLiteral("leave --cluster-id out, or uninstall first to start over with a new ID"));
        in.clusterId = m_previous->clusterId;
    } else if (!m_options.clusterId.isEmpty()) {
        in.clusterId = m_options.clusterId;
    } else {
        in.clusterId = generateClusterId(m_hooks.random);
    }
    for (const QString &line : settlePreset(in.options, readClusterFacts(m_client, in.options.distro), m_previous, m_client.config().server))
        m_hooks.progress(line);
    if (m_options.runtime == Runtime::Local) {
        const bool reuse = m_previous && m_previous->runtime == Runtime::Local && m_previous->host == in.host
                           && m_previous->webhookPort && m_previous->healthPort;
        in.webhookPort = reuse ? m_previous->webhookPort : pickFreePort(m_hooks.random);
        in.healthPort = reuse ? m_previous->healthPort : pickFreePort(m_hooks.random);
        // Kept across reinstalls: outstanding invitations name it.
        in.authPort = m_previous && m_previous->authPort && m_previous->host == in.host ? m_previous->authPort : pickFreePort(m_hooks.random);
        if (!in.webhookPort || !in.healthPort || !in.authPort)
            return configError(QStringLiteral("found no free local port for the controller manager"));
        if (in.options.stateDir.isEmpty())
            in.options.stateDir = (m_previous && !m_previous->stateDir.isEmpty()) ? m_previous->stateDir : defaultStateDir(in.clusterId);
        in.options.stateDir = QFileInfo(in.options.stateDir).absoluteFilePath();
        if (in.options.binDir.isEmpty())
            in.options.binDir = QCoreApplication::applicationDirPath();
    }
    return in;
}

Result<void> Installer::apply(const std::vector<json> &objects, ApplyCounts &counts)
{
    for (const json &object : objects) {
        if (auto c = checkCancelled(); !c)
            return c;
        auto target = kube::targetOf(m_client, object);
        if (!target)
            return target.error();
        auto got = m_client.get(target->resource, target->ns, target->name);
        if (!got && !got.error().isNotFound())
            return got.error();
        std::optional<json> before;
        if (got)
            before = *got;
        if (before && mustReplace(*before, object)) {
            if (auto removed = m_client.remove(target->resource, target->ns, target->name); !removed && !removed.error().isNotFound())
                return removed.error();
            before.reset();
        }
        auto after = m_client.apply(target->resource, target->ns, object, QString::fromLatin1(names::kFieldManager), /*force=*/true);
        if (!after)
            return after.error();
        QString outcome;
        if (!before) {
            ++counts.created;
            outcome = QStringLiteral("created");
        } else if ((*before)["metadata"].value("resourceVersion", "") != (*after)["metadata"].value("resourceVersion", "")) {
            ++counts.configured;
            outcome = QStringLiteral("configured");
        } else {
            ++counts.unchanged;
            outcome = QStringLiteral("unchanged");
        }
        counts.lines << describeObject(object) + QLatin1Char(' ') + outcome;
    }
    return {};
}

Result<void> Installer::waitForCrds(const std::vector<json> &objects)
{
    QStringList pending;
    for (const json &o : objects)
        if (o.value("kind", "") == "CustomResourceDefinition")
            pending << QString::fromStdString(o["metadata"]["name"].get<std::string>());
    m_hooks.progress(QStringLiteral("Waiting for %1 CRDs to be established").arg(pending.size()));
    for (int waited = 0;; waited += 200) {
        for (auto it = pending.begin(); it != pending.end();) {
            auto crd = m_client.get(kube::resources::customResourceDefinitions(), {}, *it);
            bool established = false;
            if (crd)
                for (const auto &c : (*crd)["status"].value("conditions", json::array()))
                    established |= c.value("type", "") == "Established" && c.value("status", "") == "True";
            it = established ? pending.erase(it) : it + 1;
        }
        if (pending.isEmpty())
            break;
        if (auto c = checkCancelled(); !c)
            return c;
        if (waited > m_hooks.waitTimeoutMs)
        {
            Error e = Error::of(Error::Kind::Timeout, QStringLiteral("CRDs not established after %1 s: %2").arg(waited / 1000).arg(pending.join(QStringLiteral(", "))));
            e.cluster = m_client.clusterLabel();
            return e;
        }
        QThread::msleep(200);
    }
    m_client.invalidateDiscovery();
    return {};
}

Result<QStringList> Installer::startLocalRuntime(const RenderInput &in)
{
    const QString binDir = in.options.binDir;
    LocalRuntime runtime(in.options.stateDir, QDir(binDir).filePath(QStringLiteral("spillctl")));
    const QString cm = QString::fromLatin1(names::kControllerManager);
    const QString dir = runtime.dirOf(cm);
    if (!QDir().mkpath(dir))
        return configError(QStringLiteral("cannot create the state folder %1").arg(dir), QStringLiteral("choose a writable folder with --state-dir"));

    // Each locally run component authenticates as its own ServiceAccount. Bound tokens expire; a
    // year-long one is renewed by any install run in its last month.
    for (const char *component : {names::kControllerManager, names::kVirtualKubelet, names::kGateway}) {
        const QString componentDir = runtime.dirOf(QString::fromLatin1(component));
        const QString file = QDir(componentDir).filePath(QStringLiteral("kubeconfig"));
        const QFileInfo info(file);
        if (info.exists() && info.lastModified().daysTo(QDateTime::currentDateTime()) <= 335) {
            QFile existing(file);
            if (existing.open(QIODevice::ReadOnly)
                && serviceAccountKubeconfigCurrent(m_client, in.options.ns, QString::fromLatin1(component), existing.readAll()))
                continue;
        }
        if (!QDir().mkpath(componentDir))
            return configError(QStringLiteral("cannot create the state folder %1").arg(componentDir));
        m_hooks.progress(QStringLiteral("Issuing %1's ServiceAccount credentials").arg(QLatin1String(component)));
        auto config = serviceAccountKubeconfig(m_client, in.options.ns, QString::fromLatin1(component), 365LL * 24 * 3600);
        if (!config)
            return config.error();
        QFile f(file);
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || !f.setPermissions(QFile::ReadOwner | QFile::WriteOwner)
            || f.write(*config) != config->size())
            return configError(QStringLiteral("cannot write %1").arg(file));
    }
    const QString kubeconfig = QDir(dir).filePath(QStringLiteral("kubeconfig"));
    QMap<QString, QString> values = defaultValues();
    for (auto it = in.options.values.begin(); it != in.options.values.end(); ++it)
        values[it.key()] = it.value();
    LocalRuntime::Component component{cm, QDir(binDir).filePath(cm),
        {QStringLiteral("--kubeconfig=") + kubeconfig, QStringLiteral("--namespace=") + in.options.ns,
         QStringLiteral("--health-port=%1").arg(in.healthPort), QStringLiteral("--webhook-port=%1").arg(in.webhookPort),
         QStringLiteral("--webhook-host=127.0.0.1"), QStringLiteral("--identity=%1-local").arg(in.host),
         QStringLiteral("--qps=") + values[QStringLiteral("controllerManager.qps")],
         QStringLiteral("--burst=") + values[QStringLiteral("controllerManager.burst")],
         QStringLiteral("--workers=") + values[QStringLiteral("controllerManager.workers")],
         QStringLiteral("--webhook-failure-policy=") + values[QStringLiteral("webhook.failurePolicy")],
         QStringLiteral("--auth-port=%1").arg(in.authPort),
         QStringLiteral("--peer-certificate-lifetime=") + values[QStringLiteral("peering.certificateLifetime")],
         QStringLiteral("--peer-certificate-renew-before=") + values[QStringLiteral("peering.certificateRenewBefore")],
         QStringLiteral("--runtime=local"), QStringLiteral("--state-dir=") + in.options.stateDir, QStringLiteral("--bin-dir=") + binDir}};
    if (!values[QStringLiteral("authentication.url")].isEmpty())
        component.args << QStringLiteral("--auth-url=") + values[QStringLiteral("authentication.url")];
    component.args << storageArgs(values);
    if (!values[QStringLiteral("apiServer.address")].isEmpty())
        component.args << QStringLiteral("--api-server-url=") + values[QStringLiteral("apiServer.address")];
    if (!values[QStringLiteral("networking.gatewayNetns")].isEmpty())
        component.args << QStringLiteral("--gateway-netns=") + values[QStringLiteral("networking.gatewayNetns")];
    if (!values[QStringLiteral("networking.gatewayEndpointAddress")].isEmpty())
        component.args << QStringLiteral("--gateway-endpoint-address=") + values[QStringLiteral("networking.gatewayEndpointAddress")];
    if (!QFileInfo(component.program).isExecutable())
        return configError(QStringLiteral("%1 is not an executable").arg(component.program),
                           QStringLiteral("build Spillway (./run build) or point --bin-dir at the folder with its binaries"));
    m_hooks.progress(QStringLiteral("Starting %1 (local runtime, state in %2)").arg(cm, in.options.stateDir));
    auto started = runtime.ensureRunning(component);
    if (!started)
        return started.error();

    // Ready means the apiserver can reach the webhook: the controller manager put its CA in.
    m_hooks.progress(QStringLiteral("Waiting for %1 to register its admission webhook").arg(cm));
    for (int waited = 0;; waited += 200) {
        auto config = m_client.get(kube::resources::validatingWebhookConfigurations(), {}, QString::fromLatin1(manager::kValidatingWebhookName));
        bool ready = config.ok();
        if (config)
            for (const auto &w : (*config).value("webhooks", json::array()))
                ready &= !w.value("clientConfig", json::object()).value("caBundle", std::string()).empty();
        if (ready)
            break;
        if (!runtime.status(cm).supervisorAlive)
            return Error::of(Error::Kind::Internal, QStringLiteral("%1 stopped; see %2").arg(cm, runtime.status(cm).logPath));
        if (auto c = checkCancelled(); !c)
            return c.error();
        if (waited > m_hooks.waitTimeoutMs)
            return Error::of(Error::Kind::Timeout, QStringLiteral("%1 did not register its webhook within %2 s; see %3")
                                                   .arg(cm).arg(waited / 1000).arg(runtime.status(cm).logPath));
        QThread::msleep(200);
    }
    return *started ? QStringList{cm} : QStringList{};
}

Result<InstallResult> Installer::install()
{
    auto in = plan();
    if (!in)
        return in.error();
    auto objects = renderManifests(*in);
    if (!objects)
        return objects.error();
    InstallResult result;
    result.clusterId = in->clusterId;
    result.installed = in->version;
    if (m_previous)
        result.previous = m_previous->version;

    // CRDs first and established, so the objects of their kinds that follow can be applied.
    std::vector<json> crds, rest;
    for (json &o : *objects)
        (o.value("kind", "") == "CustomResourceDefinition" ? crds : rest).push_back(std::move(o));
    m_hooks.progress(QStringLiteral("Applying %1 CRDs").arg(crds.size()));
    if (auto r = apply(crds, result.counts); !r)
        return r.error();
    if (auto r = waitForCrds(crds); !r)
        return r.error();
    if (in->options.runtime == Runtime::Kubernetes && m_previous && m_previous->runtime == Runtime::Local && !m_previous->stateDir.isEmpty()) {
        // Switched to in-cluster Deployments: the local processes would fight them for the lease,
        // and must not register their URL again once the webhook configurations name the Service.
        m_hooks.progress(QStringLiteral("Stopping the local controller manager (switching to the kubernetes runtime)"));
        LocalRuntime(m_previous->stateDir, {}).stopAll();
    }
    m_hooks.progress(QStringLiteral("Applying %1 objects into namespace %2 and cluster scope").arg(rest.size()).arg(in->options.ns));
    if (auto r = apply(rest, result.counts); !r)
        return r.error();

    if (in->options.runtime == Runtime::Local) {
        if (m_previous && m_previous->runtime == Runtime::Kubernetes) {
            // Switched to the local runtime: the in-cluster replicas would compete for the lease.
            m_hooks.progress(QStringLiteral("Removing the in-cluster controller manager (switching to the local runtime)"));
            for (const auto &[ref, name] : {std::pair{kube::resources::deployments(), QString::fromLatin1(names::kControllerManager)},
                                            std::pair{kube::resources::services(), QString::fromLatin1(names::kWebhookService)},
                                            std::pair{kube::resources::services(), QString::fromLatin1(names::kAuthService)}})
                if (auto r = m_client.remove(ref, in->options.ns, name); !r && !r.error().isNotFound())
                    return r.error();
            // The local runtime's gateways live in a namespace of their own: no node routes to them.
            auto daemonSets = m_client.resolve(QStringLiteral("apps/v1"), QStringLiteral("DaemonSet"));
            if (!daemonSets)
                return daemonSets.error();
            if (auto r = m_client.remove(*daemonSets, in->options.ns, QString::fromLatin1(names::kFabric)); !r && !r.error().isNotFound())
                return r.error();
        }
        auto started = startLocalRuntime(*in);
        if (!started)
            return started.error();
        result.startedComponents = *started;
    } else if (m_hooks.waitForAgents) {
        if (auto r = waitForAgents(in->options.ns); !r)
            return r.error();
    }
    return result;
}

Result<void> Installer::waitForAgents(const QString &ns)
{
    auto daemonSets = m_client.resolve(QStringLiteral("apps/v1"), QStringLiteral("DaemonSet"));
    if (!daemonSets)
        return daemonSets.error();
    const kube::ListOptions ours = kube::withLabels(QStringLiteral("%1=%2").arg(QLatin1String(names::kPartOfLabel), QLatin1String(names::kPartOfValue)));
    QStringList reported;
    for (qint64 waited = 0;; waited += m_hooks.pollMs) {
        auto deployments = m_client.list(kube::resources::deployments(), ns, ours);
        auto sets = deployments ? m_client.list(*daemonSets, ns, ours) : Result<json>(deployments.error());
        auto pods = sets ? m_client.list(kube::resources::pods(), ns, ours) : Result<json>(sets.error());
        if (!pods)
            return pods.error();
        const std::vector<ComponentStatus> components = componentReadiness(*deployments, *sets, *pods);
        QStringList lines;
        bool allReady = !components.empty();
        for (const ComponentStatus &c : components) {
            lines << c.describe();
            allReady &= c.isReady();
        }
        // Each component's line when it changes, so a console or a terminal shows the progress.
        for (const QString &line : lines)
            if (!reported.contains(line))
                m_hooks.progress(line);
        reported = lines;
        if (allReady)
            return {};
        for (const ComponentStatus &c : components)
            if (c.hopeless) {
                Error e = Error::of(Error::Kind::Config, QStringLiteral("Spillway is applied, but %1 cannot start: %2").arg(c.name, c.problem), c.fix);
                e.cluster = m_client.clusterLabel();
                return e;
            }
        if (auto c = checkCancelled(); !c)
            return c;
        if (waited > m_hooks.waitTimeoutMs) {
            QStringList pending;
            QString fix;
            for (const ComponentStatus &c : components)
                if (!c.isReady()) {
                    pending << c.describe();
                    if (fix.isEmpty())
                        fix = c.fix;
                }
            Error e = Error::of(Error::Kind::Timeout, QStringLiteral("Spillway is applied, but its agents are not Ready after %1 s: %2")
                                                          .arg(waited / 1000).arg(pending.join(QStringLiteral("; "))),
                                fix.isEmpty() ? QStringLiteral("see kubectl -n %1 get pods; install again with a longer --timeout to keep waiting").arg(ns) : fix);
            e.cluster = m_client.clusterLabel();
            return e;
        }
        QThread::msleep(m_hooks.pollMs);
    }
}

} // namespace spillway::installer
