// spillctl peer [in-band] — peer this cluster (consumer) with a provider, both kubeconfigs at hand.
#include "Cli.h"

#include "common/Quantity.h"
#include "kube/Kubeconfig.h"
#include "peering/InBandPeering.h"
#include "peering/Unpeering.h"

#include <cstdio>

namespace spillctl {

using namespace spillway;

namespace {

struct RemoteFlags {
    QCommandLineOption kubeconfig{QStringLiteral("remote-kubeconfig"), QStringLiteral("The provider's kubeconfig (default: the consumer's file)."), QStringLiteral("file")};
    QCommandLineOption context{QStringLiteral("remote-context"), QStringLiteral("The provider's context."), QStringLiteral("name")};
    QCommandLineOption ns{QStringLiteral("remote-namespace"), QStringLiteral("Namespace Spillway is installed in on the provider."), QStringLiteral("ns"), QStringLiteral("liqo")};
    QCommandLineOption timeout{QStringLiteral("timeout"), QStringLiteral("Seconds the whole operation may take."), QStringLiteral("s"), QStringLiteral("120")};
    void addTo(QCommandLineParser &p) const { p.addOptions({kubeconfig, context, ns, timeout}); }
};

// Checks the provider flags and the timeout; 0 when fine, else the exit code (usage printed).
int checkRemote(const QCommandLineParser &p, const RemoteFlags &remote, const QString &command, int &timeoutSeconds)
{
    if (!p.positionalArguments().isEmpty())
        return usage(QStringLiteral("%1 takes no arguments besides 'in-band' (got %2)").arg(command, p.positionalArguments().join(QLatin1Char(' '))));
    if (!p.isSet(remote.kubeconfig) && !p.isSet(remote.context))
        return usage(QStringLiteral("name the provider with --remote-kubeconfig FILE and/or --remote-context NAME"));
    bool ok = false;
    timeoutSeconds = p.value(remote.timeout).toInt(&ok);
    if (!ok || timeoutSeconds < 1)
        return usage(QStringLiteral("--timeout must be a positive number of seconds"));
    return 0;
}

Result<std::unique_ptr<kube::KubeClient>> connectRemote(const QCommandLineParser &p, const ClusterFlags &cluster, const RemoteFlags &remote)
{
    const QString file = p.isSet(remote.kubeconfig) ? p.value(remote.kubeconfig) : p.value(cluster.kubeconfig);
    auto kc = file.isEmpty() ? kube::Kubeconfig::loadDefault() : kube::Kubeconfig::loadFiles({file});
    if (!kc)
        return kc.error();
    auto config = kc->restConfig(p.value(remote.context));
    if (!config)
        return config.error();
    return std::make_unique<kube::KubeClient>(*config);
}

struct Sides {
    std::unique_ptr<kube::KubeClient> consumer, provider;
};

Result<Sides> connectBoth(const QCommandLineParser &p, const ClusterFlags &cluster, const RemoteFlags &remote)
{
    auto consumer = connect(p, cluster);
    if (!consumer)
        return consumer.error();
    auto provider = connectRemote(p, cluster, remote);
    if (!provider)
        return provider.error();
    return Sides{std::move(*consumer), std::move(*provider)};
}

} // namespace

int unpeer(const QStringList &argsIn)
{
    QStringList args = argsIn;
    if (args.value(0) == QLatin1String("in-band"))
        args.removeFirst();
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral("Undo a peering: the consumer's identity, the provider's tenant, and what only they used."));
    ClusterFlags cluster;
    cluster.addTo(p);
    RemoteFlags remote;
    remote.addTo(p);
    parseOrExit(p, args, QStringLiteral("unpeer"));
    int timeoutSeconds = 0;
    if (int rc = checkRemote(p, remote, QStringLiteral("unpeer"), timeoutSeconds))
        return rc;
    auto sides = connectBoth(p, cluster, remote);
    if (!sides)
        return fail(sides.error());
    peering::Unpeering::Options o;
    o.consumerNamespace = p.value(cluster.ns);
    o.providerNamespace = p.value(remote.ns);
    o.timeoutMs = timeoutSeconds * 1000;
    auto outcome = peering::Unpeering(*sides->consumer, *sides->provider, o, [](const QString &step) { std::fprintf(stderr, "• %s\n", qPrintable(step)); },
                                      installCancelHandler()).run();
    if (!outcome)
        return fail(outcome.error());
    for (const QString &r : outcome->removed)
        std::printf("removed %s\n", qPrintable(r));
    for (const QString &k : outcome->kept)
        std::printf("kept %s\n", qPrintable(k));
    std::printf("Unpeered\n");
    return 0;
}

int peer(const QStringList &argsIn)
{
    QStringList args = argsIn;
    if (args.value(0) == QLatin1String("in-band"))
        args.removeFirst();
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral("Peer a consumer cluster with a provider (in-band: both kubeconfigs at hand)."));
    ClusterFlags cluster;
    cluster.addTo(p);
    RemoteFlags remote;
    remote.addTo(p);
    const QCommandLineOption networkingDisabled(QStringLiteral("networking-disabled"), QStringLiteral("Peer without the network fabric."));
    const QCommandLineOption createSlice(QStringLiteral("create-resource-slice"), QStringLiteral("Ask the provider for resources (true|false)."), QStringLiteral("bool"), QStringLiteral("true"));
    const QCommandLineOption createNode(QStringLiteral("create-virtual-node"), QStringLiteral("Make a virtual node from the granted resources (true|false)."), QStringLiteral("bool"), QStringLiteral("true"));
    const QCommandLineOption sliceClass(QStringLiteral("resource-slice-class"), QStringLiteral("ResourceSlice class (the provider's policy for it decides)."), QStringLiteral("class"), QStringLiteral("default"));
    const QCommandLineOption cpu(QStringLiteral("cpu"), QStringLiteral("CPU to ask for (e.g. 4 or 500m); capped by the provider's policy."), QStringLiteral("quantity"));
    const QCommandLineOption memory(QStringLiteral("memory"), QStringLiteral("Memory to ask for (e.g. 8Gi)."), QStringLiteral("quantity"));
    const QCommandLineOption pods(QStringLiteral("pods"), QStringLiteral("Pods to ask for."), QStringLiteral("n"));
    const QCommandLineOption resource(QStringLiteral("resource"), QStringLiteral("Any other resource, name=quantity (repeatable)."), QStringLiteral("name=quantity"));
    p.addOptions({networkingDisabled, createSlice, createNode, sliceClass, cpu, memory, pods, resource});
    parseOrExit(p, args, QStringLiteral("peer"));
    int timeoutSeconds = 0;
    if (int rc = checkRemote(p, remote, QStringLiteral("peer"), timeoutSeconds))
        return rc;
    nlohmann::json requested = nlohmann::json::object();
    for (const auto &[option, name] : {std::pair{&cpu, "cpu"}, std::pair{&memory, "memory"}, std::pair{&pods, "pods"}})
        if (p.isSet(*option))
            requested[name] = p.value(*option).toStdString();
    for (const QString &kv : p.values(resource)) {
        if (!kv.contains(QLatin1Char('=')))
            return usage(QStringLiteral("--resource must be name=quantity (got \"%1\")").arg(kv));
        requested[kv.section(QLatin1Char('='), 0, 0).toStdString()] = kv.section(QLatin1Char('='), 1).toStdString();
    }
    for (auto it = requested.begin(); it != requested.end(); ++it)
        if (!Quantity::parse(QString::fromStdString(it->get<std::string>())))
            return usage(QStringLiteral("--%1 \"%2\" is not a quantity (e.g. 4, 500m, 8Gi)").arg(QString::fromStdString(it.key()), QString::fromStdString(it->get<std::string>())));
    for (const QCommandLineOption *b : {&createSlice, &createNode})
        if (p.value(*b) != QLatin1String("true") && p.value(*b) != QLatin1String("false"))
            return usage(QStringLiteral("--%1 must be true or false").arg(b->names().first()));
    if (!p.isSet(networkingDisabled))
        std::fprintf(stderr, "note: the network fabric is not available yet; peering with networking disabled\n");

    auto sides = connectBoth(p, cluster, remote);
    if (!sides)
        return fail(sides.error());

    peering::InBandPeering::Options o;
    o.consumerNamespace = p.value(cluster.ns);
    o.providerNamespace = p.value(remote.ns);
    o.timeoutMs = timeoutSeconds * 1000;
    o.createResourceSlice = p.value(createSlice) == QLatin1String("true");
    o.createVirtualNode = p.value(createNode) == QLatin1String("true");
    o.resourceSliceClass = p.value(sliceClass);
    o.requestedResources = requested;
    peering::InBandPeering::Hooks hooks;
    hooks.cancelled = installCancelHandler();
    hooks.phaseDone = [](const QString &phase, qint64 ms) { std::fprintf(stderr, "• %s (%.1f s)\n", qPrintable(phase), double(ms) / 1000.0); };
    auto result = peering::InBandPeering(*sides->consumer, *sides->provider, o, hooks).run();
    if (!result)
        return fail(result.error());
    qint64 total = 0;
    for (const auto &ph : result->phases)
        total += ph.second;
    std::printf("Peered: %s now consumes from %s (%.1f s)\n", qPrintable(result->consumer.clusterId), qPrintable(result->provider.clusterId),
                double(total) / 1000.0);
    return 0;
}

} // namespace spillctl
