// spillctl peer [in-band | out-of-band NAME] — make this cluster (consumer) use a provider.
#include "Cli.h"
#include "PeerFlags.h"

#include "common/Quantity.h"
#include "peering/InBandChannel.h"
#include "peering/OutOfBandChannel.h"
#include "peering/PeerWorkflow.h"
#include "peering/Peering.h"


#include <cstdio>

namespace spillctl {

using namespace spillway;

namespace {

// What the consumer asks for, the same in both forms.
struct RequestFlags {
    QCommandLineOption networkingDisabled{QStringLiteral("networking-disabled"), QStringLiteral("Peer without the network fabric.")};
    QCommandLineOption createSlice{QStringLiteral("create-resource-slice"), QStringLiteral("Ask the provider for resources (true|false)."), QStringLiteral("bool"), QStringLiteral("true")};
    QCommandLineOption createNode{QStringLiteral("create-virtual-node"), QStringLiteral("Make a virtual node from the granted resources (true|false)."), QStringLiteral("bool"), QStringLiteral("true")};
    QCommandLineOption sliceClass{QStringLiteral("resource-slice-class"), QStringLiteral("ResourceSlice class (the provider's policy for it decides)."), QStringLiteral("class"), QStringLiteral("default")};
    QCommandLineOption cpu{QStringLiteral("cpu"), QStringLiteral("CPU to ask for (e.g. 4 or 500m); capped by the provider's policy."), QStringLiteral("quantity")};
    QCommandLineOption memory{QStringLiteral("memory"), QStringLiteral("Memory to ask for (e.g. 8Gi)."), QStringLiteral("quantity")};
    QCommandLineOption pods{QStringLiteral("pods"), QStringLiteral("Pods to ask for."), QStringLiteral("n")};
    QCommandLineOption resource{QStringLiteral("resource"), QStringLiteral("Any other resource, name=quantity (repeatable)."), QStringLiteral("name=quantity")};
    void addTo(QCommandLineParser &p) const { p.addOptions({networkingDisabled, createSlice, createNode, sliceClass, cpu, memory, pods, resource}); }

    // Fills the options; 0 when fine, else the exit code (usage printed).
    int read(const QCommandLineParser &p, peering::Peering::Options &o) const
    {
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
        o.createResourceSlice = p.value(createSlice) == QLatin1String("true");
        o.createVirtualNode = p.value(createNode) == QLatin1String("true");
        o.resourceSliceClass = p.value(sliceClass);
        o.requestedResources = requested;
        return 0;
    }
};

int runPeering(kube::KubeClient &consumer, peering::ProviderChannel &channel, peering::Peering::Options o)
{
    peering::Peering::Hooks hooks;
    hooks.cancelled = installCancelHandler();
    hooks.phaseDone = [](const QString &phase, qint64 ms) { std::fprintf(stderr, "• %s (%.1f s)\n", qPrintable(phase), double(ms) / 1000.0); };
    auto result = peering::Peering(consumer, channel, std::move(o), hooks).run();
    if (!result)
        return fail(result.error());
    qint64 total = 0;
    for (const auto &ph : result->phases)
        total += ph.second;
    std::printf("Peered: %s now consumes from %s (%.1f s)\n", qPrintable(result->consumer.clusterId), qPrintable(result->provider.clusterId),
                double(total) / 1000.0);
    return 0;
}

int peerOutOfBand(const QStringList &args)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral("Peer with a provider from its invitation (spillctl generate peer-command on the provider); "
                                               "only this cluster's kubeconfig is needed."));
    p.addPositionalArgument(QStringLiteral("NAME"), QStringLiteral("What to call the provider here (default: its cluster ID)."));
    ClusterFlags cluster;
    cluster.addTo(p);
    const QCommandLineOption authUrl(QStringLiteral("auth-url"), QStringLiteral("The provider's authentication endpoint."), QStringLiteral("url"));
    const QCommandLineOption clusterId(QStringLiteral("cluster-id"), QStringLiteral("The provider's cluster ID."), QStringLiteral("id"));
    const QCommandLineOption token(QStringLiteral("auth-token"), QStringLiteral("The invitation's single-use token."), QStringLiteral("token"));
    const QCommandLineOption fingerprint(QStringLiteral("auth-fingerprint"), QStringLiteral("SHA-256 fingerprint of the endpoint's certificate (from the invitation)."), QStringLiteral("sha256:hex"));
    p.addOptions({authUrl, clusterId, token, fingerprint});
    TimeoutFlag timeout;
    timeout.addTo(p);
    RequestFlags request;
    request.addTo(p);
    parseOrExit(p, args, QStringLiteral("peer out-of-band"));
    if (p.positionalArguments().size() > 1)
        return usage(QStringLiteral("peer out-of-band takes one NAME (got %1)").arg(p.positionalArguments().join(QLatin1Char(' '))));
    peering::PeerInvitation invitation{p.positionalArguments().value(0), p.value(authUrl), p.value(clusterId), p.value(token), p.value(fingerprint)};
    if (const QStringList problems = invitation.problems(); !problems.isEmpty())
        return usage(problems.join(QStringLiteral("; ")));
    const int seconds = timeout.seconds(p);
    if (!seconds)
        return 2;
    peering::Peering::Options o;
    o.consumerNamespace = p.value(cluster.ns);
    o.timeoutMs = seconds * 1000;
    o.peerName = invitation.name;
    if (int rc = request.read(p, o))
        return rc;
    if (!p.isSet(request.networkingDisabled))
        std::fprintf(stderr, "note: out of band, the network cannot be set up (it needs both clusters' kubeconfigs): peering with networking "
                             "disabled; `spillctl network connect` with both adds it\n");
    if (invitation.fingerprint.isEmpty())
        std::fprintf(stderr, "note: no --auth-fingerprint; the endpoint's certificate must be trusted by this machine's CAs\n");
    auto consumer = connect(p, cluster);
    if (!consumer)
        return fail(consumer.error());
    peering::OutOfBandChannel channel(invitation, 10000, [](const QString &line) { std::fprintf(stderr, "note: %s\n", qPrintable(line)); },
                                      qint64(seconds) * 1000);
    return runPeering(**consumer, channel, std::move(o));
}

} // namespace

int peer(const QStringList &argsIn)
{
    QStringList args = argsIn;
    if (args.value(0) == QLatin1String("out-of-band"))
        return peerOutOfBand(args.mid(1));
    if (args.value(0) == QLatin1String("in-band"))
        args.removeFirst();
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral("Peer a consumer cluster with a provider (in-band: both kubeconfigs at hand). "
                                               "With only an invitation from the provider, use 'spillctl peer out-of-band'."));
    ClusterFlags cluster;
    cluster.addTo(p);
    RemoteFlags remote;
    remote.addTo(p);
    TimeoutFlag timeout;
    timeout.addTo(p);
    RequestFlags request;
    request.addTo(p);
    const QCommandLineOption bidirectional(QStringLiteral("bidirectional"), QStringLiteral("Peer both ways: each cluster also consumes from the other."));
    p.addOption(bidirectional);
    parseOrExit(p, args, QStringLiteral("peer"));
    if (!p.positionalArguments().isEmpty())
        return usage(QStringLiteral("peer takes no arguments besides 'in-band' or 'out-of-band' (got %1)").arg(p.positionalArguments().join(QLatin1Char(' '))));
    if (!remote.given(p))
        return usage(QStringLiteral("name the provider with --remote-kubeconfig FILE and/or --remote-context NAME"));
    const int seconds = timeout.seconds(p);
    if (!seconds)
        return 2;
    peering::Peering::Options o;
    o.consumerNamespace = p.value(cluster.ns);
    o.timeoutMs = seconds * 1000;
    if (int rc = request.read(p, o))
        return rc;
    auto consumer = connect(p, cluster);
    if (!consumer)
        return fail(consumer.error());
    auto provider = connectRemote(p, cluster, remote);
    if (!provider)
        return fail(provider.error());
    peering::PeerWorkflow::Options wo;
    wo.peering = std::move(o);
    wo.providerNamespace = p.value(remote.ns);
    wo.networking = !p.isSet(request.networkingDisabled);
    wo.bidirectional = p.isSet(bidirectional);
    peering::PeerWorkflow::Hooks hooks;
    hooks.cancelled = installCancelHandler();
    hooks.progress = [](const QString &line) { std::fprintf(stderr, "• %s\n", qPrintable(line)); };
    auto outcome = peering::PeerWorkflow(**consumer, **provider, wo, hooks).run();
    if (auto *failure = std::get_if<peering::PeerWorkflow::Failure>(&outcome)) {
        Error e = failure->error;
        if (failure->stage == peering::PeerWorkflow::Stage::Network)
            e.hint = (e.hint.isEmpty() ? QString() : e.hint + QStringLiteral("; ")) + QStringLiteral("or peer with --networking-disabled");
        return fail(e);
    }
    const auto &done = std::get<peering::PeerWorkflow::Outcome>(outcome);
    auto peered = [](const peering::Peering::Result_ &r) {
        qint64 total = 0;
        for (const auto &ph : r.phases)
            total += ph.second;
        std::printf("Peered: %s now consumes from %s (%.1f s)\n", qPrintable(r.consumer.clusterId), qPrintable(r.provider.clusterId), double(total) / 1000.0);
    };
    peered(done.forward);
    if (done.reverse)
        peered(*done.reverse);
    return 0;
}

} // namespace spillctl
