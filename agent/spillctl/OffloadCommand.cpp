// spillctl offload namespace NS / unoffload namespace NS — Liqo's NamespaceOffloading, from flags.
#include "Cli.h"
#include "PeerFlags.h"

#include "apis/offloading/v1beta1/NamespaceOffloading.h"
#include "offloading/ClusterSelectorText.h"
#include "offloading/NamespaceOffloadingDraft.h"
#include "offloading/NamespaceOffloadingReconciler.h"
#include "storage/VolumeInventory.h"

#include <QDateTime>
#include <QThread>
#include <cstdio>

namespace spillctl {

using namespace spillway;
using nlohmann::json;

namespace {

const QStringList kMappings = {QStringLiteral("DefaultName"), QStringLiteral("EnforceSameName"), QStringLiteral("SelectedName")};
const QStringList kPodStrategies = {QStringLiteral("LocalAndRemote"), QStringLiteral("Remote"), QStringLiteral("Local")};

// Waits until `done` says yes (printing nothing), the user cancels or the deadline passes.
bool waitUntil(const std::function<bool()> &done, int timeoutSeconds, const std::shared_ptr<std::atomic_bool> &cancelled)
{
    const qint64 deadline = QDateTime::currentMSecsSinceEpoch() + qint64(timeoutSeconds) * 1000;
    while (!done()) {
        if (cancelled->load() || QDateTime::currentMSecsSinceEpoch() > deadline)
            return false;
        QThread::msleep(200);
    }
    return true;
}

void printStatus(const json &status)
{
    std::printf("NamespaceOffloading: %s (remote namespace %s)\n", status.value("offloadingPhase", "").c_str(), status.value("remoteNamespaceName", "").c_str());
    const json byCluster = status.value("remoteNamespacesConditions", json::object());
    for (const auto &[cluster, conditions] : byCluster.items()) {
        QStringList parts;
        for (const auto &c : conditions)
            parts << QStringLiteral("%1=%2 (%3)").arg(QString::fromStdString(c.value("type", "")), QString::fromStdString(c.value("status", "")),
                                                   QString::fromStdString(c.value("reason", "")));
        std::printf("  %s: %s\n", cluster.c_str(), qPrintable(parts.join(QStringLiteral(", "))));
    }
}

int offloadNamespace(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral("Offload a namespace to the peers whose virtual nodes match (Liqo's NamespaceOffloading)."));
    p.addPositionalArgument(QStringLiteral("NAMESPACE"), QStringLiteral("The namespace to offload."));
    ClusterFlags cluster;
    cluster.addTo(p);
    const QCommandLineOption mapping(QStringLiteral("namespace-mapping-strategy"), QStringLiteral("DefaultName | EnforceSameName | SelectedName."),
                                     QStringLiteral("strategy"), QStringLiteral("DefaultName"));
    const QCommandLineOption pods(QStringLiteral("pod-offloading-strategy"), QStringLiteral("LocalAndRemote | Remote | Local."), QStringLiteral("strategy"),
                                  QStringLiteral("LocalAndRemote"));
    const QCommandLineOption remoteName(QStringLiteral("remote-namespace-name"), QStringLiteral("The remote name (SelectedName)."), QStringLiteral("name"));
    const QCommandLineOption selector(QStringLiteral("selector"), QStringLiteral("Peers whose virtual node labels match, e.g. topology.kubernetes.io/region=eu-west; "
                                                                                  "repeat for alternatives."), QStringLiteral("requirements"));
    const QCommandLineOption preferLocal(QStringLiteral("prefer-local"), QStringLiteral("LocalAndRemote: fill local nodes first (true|false)."),
                                         QStringLiteral("bool"), QStringLiteral("true"));
    const QCommandLineOption failover(QStringLiteral("failover-seconds"), QStringLiteral("Seconds pods stay on a lost provider's virtual node before they are "
                                                                                           "recreated elsewhere (-1: Kubernetes' 300)."),
                                      QStringLiteral("s"), QStringLiteral("60"));
    const QCommandLineOption output({QStringLiteral("o"), QStringLiteral("output")}, QStringLiteral("Print the NamespaceOffloading (yaml|json) instead of applying it."),
                                    QStringLiteral("format"));
    const TimeoutFlag timeout(QStringLiteral("60"));
    timeout.addTo(p);
    p.addOptions({mapping, pods, remoteName, selector, preferLocal, failover, output});
    parseOrExit(p, args, QStringLiteral("offload namespace"));
    if (p.positionalArguments().size() != 1)
        return usage(QStringLiteral("offload namespace takes one NAMESPACE"));
    const QString ns = p.positionalArguments().first();
    if (!kMappings.contains(p.value(mapping)))
        return usage(QStringLiteral("--namespace-mapping-strategy must be one of %1").arg(kMappings.join(QStringLiteral(", "))));
    if (!kPodStrategies.contains(p.value(pods)))
        return usage(QStringLiteral("--pod-offloading-strategy must be one of %1").arg(kPodStrategies.join(QStringLiteral(", "))));
    if ((p.value(mapping) == QLatin1String("SelectedName")) != p.isSet(remoteName))
        return usage(QStringLiteral("--remote-namespace-name goes with --namespace-mapping-strategy SelectedName, and only with it"));
    if (p.value(preferLocal) != QLatin1String("true") && p.value(preferLocal) != QLatin1String("false"))
        return usage(QStringLiteral("--prefer-local must be true or false"));
    if (p.isSet(output) && !validOutput(p.value(output)))
        return usage(QStringLiteral("-o must be yaml or json"));
    bool ok = false;
    const int failoverSeconds = p.value(failover).toInt(&ok);
    if (!ok || failoverSeconds < -1)
        return usage(QStringLiteral("--failover-seconds must be -1 or a number of seconds"));
    auto clusterSelector = offloading::parseClusterSelector(p.values(selector));
    if (!clusterSelector)
        return fail(clusterSelector.error());
    const int timeoutSeconds = timeout.seconds(p);
    if (!timeoutSeconds)
        return 2;

    // The same draft the console's editor fills, so both send the same object.
    offloading::NamespaceOffloadingDraft draft;
    draft.namespaceName = ns;
    draft.mapping = p.value(mapping);
    draft.podStrategy = p.value(pods);
    draft.remoteNamespaceName = p.value(remoteName);
    auto rows = offloading::NamespaceOffloadingDraft::requirementsOf(*clusterSelector);
    if (!rows)
        return fail(rows.error());
    draft.selector = std::move(*rows);
    if (p.value(preferLocal) == QLatin1String("false"))
        draft.preferLocal = false;
    if (p.isSet(failover))
        draft.failoverSeconds = failoverSeconds;
    if (const auto problems = draft.problems(); !problems.empty())
        return usage(QStringLiteral("%1: %2").arg(problems.front().field, problems.front().message));
    const json obj = draft.toObject();
    if (p.isSet(output)) {
        printStructured(obj, p.value(output));
        return 0;
    }
    auto client = connect(p, cluster);
    if (!client)
        return fail(client.error());
    const kube::ResourceRef offloadings = apis::offloading::v1beta1::namespaceOffloadingResource();
    if (auto r = (*client)->apply(offloadings, ns, obj, QStringLiteral("spillctl"), true); !r)
        return fail(r.error());
    std::fprintf(stderr, "• NamespaceOffloading %s/offloading applied; waiting for the remote namespaces\n", qPrintable(ns));
    json status;
    const bool settled = waitUntil([&] {
        auto o = (*client)->get(offloadings, ns, QStringLiteral("offloading"));
        if (!o)
            return false;
        status = (*o).value("status", json::object());
        const std::string phase = status.value("offloadingPhase", "");
        return (*o)["metadata"].value("generation", 0LL) == status.value("observedGeneration", -1LL)
               && (phase == "Ready" || phase == "NoClusterSelected" || phase == "AllFailed" || phase == "SomeFailed");
    }, timeoutSeconds, installCancelHandler());
    printStatus(status);
    const QStringList before = offloading::NamespaceOffloadingReconciler::podsPredating(**client, ns, QDateTime::currentDateTimeUtc().toString(Qt::ISODate).toStdString());
    if (!before.isEmpty() && p.value(pods) != QLatin1String("Local"))
        std::printf("warning: %lld pod(s) were already running in %s and stay where they are (%s); recreate them (e.g. kubectl -n %s rollout restart "
                    "deployment) to let them use the peers\n",
                    static_cast<long long>(before.size()), qPrintable(ns), qPrintable(before.mid(0, 5).join(QStringLiteral(", "))), qPrintable(ns));
    if (!settled)
        return fail(Error::of(Error::Kind::Timeout, QStringLiteral("the remote namespaces of %1 are not ready after %2 s").arg(ns).arg(timeoutSeconds),
                              QStringLiteral("check the peers with 'spillctl info' and 'kubectl -n %1 get namespaceoffloading offloading -o yaml'").arg(ns)));
    const std::string phase = status.value("offloadingPhase", "");
    if (phase == "NoClusterSelected")
        std::printf("note: no peer matches; pods stay local until one does\n");
    return phase == "AllFailed" || phase == "SomeFailed" ? 1 : 0;
}

int unoffloadNamespace(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral("Stop offloading a namespace: its remote twins and what was reflected there are deleted."));
    p.addPositionalArgument(QStringLiteral("NAMESPACE"), QStringLiteral("The offloaded namespace."));
    ClusterFlags cluster;
    cluster.addTo(p);
    const TimeoutFlag timeout;
    timeout.addTo(p);
    const QCommandLineOption deleteVolumes(QStringLiteral("delete-volumes"),
                                           QStringLiteral("Also delete the namespace's volumes that live in peers (their data is lost); without it, unoffload refuses while there are any."));
    p.addOption(deleteVolumes);
    parseOrExit(p, args, QStringLiteral("unoffload namespace"));
    if (p.positionalArguments().size() != 1)
        return usage(QStringLiteral("unoffload namespace takes one NAMESPACE"));
    const QString ns = p.positionalArguments().first();
    const int timeoutSeconds = timeout.seconds(p);
    if (!timeoutSeconds)
        return 2;
    auto client = connect(p, cluster);
    if (!client)
        return fail(client.error());
    const kube::ResourceRef offloadings = apis::offloading::v1beta1::namespaceOffloadingResource();
    if (auto existing = (*client)->get(offloadings, ns, QStringLiteral("offloading")); !existing) {
        if (!existing.error().isNotFound())
            return fail(existing.error());
        std::printf("%s is not offloaded\n", qPrintable(ns));
        return 0;
    }
    // The remote namespaces go, and the claims in them: data is deleted only when asked.
    auto volumes = storage::listVirtualVolumes(**client, ns);
    if (!volumes)
        return fail(volumes.error());
    auto reflected = storage::reflectedClaims(**client, ns);
    if (!reflected)
        return fail(reflected.error());
    std::vector<storage::ReflectedClaim> elsewhere = *reflected;   // claim and the peer holding its data
    for (const auto &v : *volumes)
        if (v.remote())
            elsewhere.push_back({v.claimName, v.location});
    QStringList remote;
    for (const auto &c : elsewhere)
        remote << QStringLiteral("%1 (in %2)").arg(c.name, c.peer);
    if (!remote.isEmpty() && !p.isSet(deleteVolumes))
        return fail(Error::of(Error::Kind::Config,
                              QStringLiteral("%1 has %2 volume(s) whose data lives in peers: %3; unoffloading deletes their remote namespaces and the data with them")
                                  .arg(ns).arg(remote.size()).arg(remote.join(QStringLiteral(", "))),
                              QStringLiteral("pass --delete-volumes to delete them, or keep the namespace offloaded")));
    for (const auto &c : elsewhere) {
        std::fprintf(stderr, "• deleting volume claim %s (its data in %s)\n", qPrintable(c.name), qPrintable(c.peer));
        if (auto r = (*client)->remove(kube::resources::persistentVolumeClaims(), ns, c.name); !r && !r.error().isNotFound())
            return fail(r.error());
    }
    if (auto r = (*client)->remove(offloadings, ns, QStringLiteral("offloading")); !r) {
        if (r.error().isNotFound()) {
            std::printf("%s is not offloaded\n", qPrintable(ns));
            return 0;
        }
        return fail(r.error());
    }
    std::fprintf(stderr, "• waiting for the remote namespaces of %s to be deleted\n", qPrintable(ns));
    const bool gone = waitUntil([&] { return !(*client)->get(offloadings, ns, QStringLiteral("offloading")); }, timeoutSeconds, installCancelHandler());
    if (!gone)
        return fail(Error::of(Error::Kind::Timeout, QStringLiteral("%1 is still being unoffloaded after %2 s").arg(ns).arg(timeoutSeconds),
                              QStringLiteral("see 'kubectl -n %1 get namespaceoffloading offloading -o yaml' for the clusters still terminating").arg(ns)));
    std::printf("Unoffloaded %s\n", qPrintable(ns));
    return 0;
}

} // namespace

int offload(const QStringList &args)
{
    if (args.value(0) == QLatin1String("namespace"))
        return offloadNamespace(args.mid(1));
    return usage(QStringLiteral("offload what? known: namespace NAME"));
}

int unoffload(const QStringList &args)
{
    if (args.value(0) == QLatin1String("namespace"))
        return unoffloadNamespace(args.mid(1));
    return usage(QStringLiteral("unoffload what? known: namespace NAME"));
}

} // namespace spillctl
