// spillctl unpeer [in-band | out-of-band NAME] — undo a peering.
#include "Cli.h"
#include "PeerFlags.h"

#include "apis/authentication/v1beta1/Tenant.h"
#include "apis/core/v1beta1/ForeignCluster.h"
#include "network/NetworkConnect.h"
#include "peering/LocalCluster.h"
#include "peering/PeeringNames.h"
#include "peering/Unpeering.h"

#include <cstdio>

namespace spillctl {

using namespace spillway;

namespace {

// NAME is the provider's cluster ID or the name given at `peer out-of-band NAME`.
Result<QString> providerNamed(kube::KubeClient &consumer, const QString &name)
{
    const kube::ResourceRef fcs = apis::core::v1beta1::foreignClusterResource();
    auto list = consumer.list(fcs, {});
    if (!list)
        return list.error();
    QStringList known;
    for (const auto &fc : (*list)["items"]) {
        const QString id = QString::fromStdString(fc["metadata"].value("name", ""));
        const QString alias = QString::fromStdString(fc["metadata"].value("annotations", nlohmann::json::object()).value(peering::kPeerNameAnnotation, ""));
        if (id == name || alias == name)
            return id;
        known << (alias.isEmpty() ? id : QStringLiteral("%1 (%2)").arg(alias, id));
    }
    return Error::of(Error::Kind::Config, QStringLiteral("this cluster has no peer named \"%1\"").arg(name),
                     known.isEmpty() ? QStringLiteral("it has no peers at all") : QStringLiteral("its peers: %1").arg(known.join(QStringLiteral(", "))));
}

int report(const Result<peering::Unpeering::Outcome> &outcome)
{
    if (!outcome)
        return fail(outcome.error());
    for (const QString &r : outcome->removed)
        std::printf("removed %s\n", qPrintable(r));
    for (const QString &k : outcome->kept)
        std::printf("kept %s\n", qPrintable(k));
    std::printf("Unpeered\n");
    return 0;
}

void progress(const QString &step)
{
    std::fprintf(stderr, "• %s\n", qPrintable(step));
}

// The tunnel between two clusters serves both directions of a peering: it goes with the last
// one. The reverse direction is in use while the provider has a Tenant here (it consumes from us).
Result<void> removeNetwork(kube::KubeClient &consumer, const QString &consumerNs, kube::KubeClient &provider, const QString &providerNs,
                           bool bothDirections, int timeoutMs, const std::shared_ptr<std::atomic_bool> &cancelled)
{
    auto providerSelf = peering::readLocalCluster(provider, providerNs);
    if (!providerSelf)
        return providerSelf.error();
    if (!bothDirections) {
        auto tenants = consumer.list(apis::authentication::v1beta1::tenantResource(), peering::tenantNamespace(providerSelf->clusterId));
        if (!tenants && !tenants.error().isNotFound())
            return tenants.error();
        if (tenants && !(*tenants)["items"].empty()) {
            progress(QStringLiteral("network kept: %1 still consumes from this cluster").arg(providerSelf->clusterId));
            return {};
        }
    }
    network::NetworkConnect::Options o;
    o.timeoutMs = timeoutMs;
    o.cancelled = [cancelled] { return cancelled->load(); };
    o.progress = progress;
    network::NetworkConnect net({&consumer, consumerNs}, {&provider, providerNs}, o);
    auto connected = net.connected();
    if (!connected)
        return connected.error();
    if (*connected)
        if (auto r = net.disconnect(); !r)
            return r;
    auto removed = net.reset();
    if (!removed)
        return removed.error();
    for (const QString &line : *removed)
        if (line.contains(QStringLiteral("removed")))
            progress(line);
    return {};
}

} // namespace

int unpeer(const QStringList &argsIn)
{
    QStringList args = argsIn;
    const bool outOfBand = args.value(0) == QLatin1String("out-of-band");
    if (outOfBand || args.value(0) == QLatin1String("in-band"))
        args.removeFirst();
    QCommandLineParser p;
    p.setApplicationDescription(outOfBand ? QStringLiteral("Undo an out-of-band peering with only this (the consumer's) kubeconfig.")
                                          : QStringLiteral("Undo a peering: the consumer's identity, the provider's tenant, and what only they used."));
    ClusterFlags cluster;
    cluster.addTo(p);
    RemoteFlags remote;
    if (outOfBand)
        p.addPositionalArgument(QStringLiteral("NAME"), QStringLiteral("The provider: its cluster ID or the name given when peering."));
    else
        remote.addTo(p);
    TimeoutFlag timeout;
    timeout.addTo(p);
    const QCommandLineOption bidirectional(QStringLiteral("bidirectional"), QStringLiteral("In-band: undo both directions."));
    if (!outOfBand)
        p.addOption(bidirectional);
    parseOrExit(p, args, outOfBand ? QStringLiteral("unpeer out-of-band") : QStringLiteral("unpeer"));
    const int seconds = timeout.seconds(p);
    if (!seconds)
        return 2;
    peering::Unpeering::Options o;
    o.consumerNamespace = p.value(cluster.ns);
    o.timeoutMs = seconds * 1000;
    auto consumer = connect(p, cluster);
    if (!consumer)
        return fail(consumer.error());
    if (outOfBand) {
        if (p.positionalArguments().size() != 1)
            return usage(QStringLiteral("unpeer out-of-band takes the provider's NAME"));
        auto id = providerNamed(**consumer, p.positionalArguments().first());
        if (!id)
            return fail(id.error());
        o.providerId = *id;
        return report(peering::Unpeering(**consumer, nullptr, o, progress, installCancelHandler()).run());
    }
    if (!p.positionalArguments().isEmpty())
        return usage(QStringLiteral("unpeer takes no arguments besides 'in-band' or 'out-of-band NAME' (got %1)").arg(p.positionalArguments().join(QLatin1Char(' '))));
    if (!remote.given(p))
        return usage(QStringLiteral("name the provider with --remote-kubeconfig FILE and/or --remote-context NAME (or use 'unpeer out-of-band NAME')"));
    o.providerNamespace = p.value(remote.ns);
    auto provider = connectRemote(p, cluster, remote);
    if (!provider)
        return fail(provider.error());
    const auto cancelled = installCancelHandler();
    if (auto r = removeNetwork(**consumer, o.consumerNamespace, **provider, o.providerNamespace, p.isSet(bidirectional), o.timeoutMs, cancelled); !r)
        return fail(r.error());
    if (int rc = report(peering::Unpeering(**consumer, provider->get(), o, progress, cancelled).run()); rc || !p.isSet(bidirectional))
        return rc;
    std::swap(o.consumerNamespace, o.providerNamespace);
    return report(peering::Unpeering(**provider, consumer->get(), o, progress, cancelled).run());
}

} // namespace spillctl
