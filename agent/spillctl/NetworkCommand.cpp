// spillctl network init | connect | disconnect | reset — the network between two clusters (Liqo's verbs).
#include "Cli.h"
#include "PeerFlags.h"

#include "network/NetworkConnect.h"
#include "network/NetworkInit.h"

#include <cstdio>

namespace spillctl {

using namespace spillway;

namespace {

QString seenAs(const QString &real, const QString &as)
{
    return real == as ? QStringLiteral("%1 (as it is)").arg(real) : QStringLiteral("%1 as %2 (remapped)").arg(real, as);
}

void printView(const network::NetworkInit::View &v)
{
    QStringList pods;
    for (qsizetype i = 0; i < v.peerPods.size(); ++i)
        pods << seenAs(v.peerPods[i], v.peerPodsAs.value(i));
    std::printf("%s sees %s: pods %s, external %s\n", qPrintable(v.clusterId), qPrintable(v.peerId), qPrintable(pods.join(QStringLiteral(", "))),
                qPrintable(seenAs(v.peerExternal, v.peerExternalAs)));
}

} // namespace

int network(const QStringList &argsIn)
{
    const QString verb = argsIn.value(0);
    static const QMap<QString, QString> verbs = {
        {QStringLiteral("init"), QStringLiteral("Exchange pod and external CIDRs between two clusters; each side's IPAM maps the other's "
                                                "(remapping what clashes). Waits until both are configured.")},
        {QStringLiteral("connect"), QStringLiteral("Set up the WireGuard tunnel between two clusters (after init, which it runs first): a gateway "
                                                   "server in the remote cluster, a client here, their keys exchanged. Waits until both ends are Connected.")},
        {QStringLiteral("disconnect"), QStringLiteral("Take the tunnel between two clusters down on both sides (the network configuration stays).")},
        {QStringLiteral("reset"), QStringLiteral("Remove the network configuration between two clusters on both sides.")},
    };
    if (!verbs.contains(verb))
        return usage(QStringLiteral("spillctl network init | connect | disconnect | reset (got \"%1\")").arg(verb));
    QCommandLineParser p;
    p.setApplicationDescription(verbs.value(verb));
    const QCommandLineOption mtu(QStringLiteral("mtu"), QStringLiteral("connect: the tunnel's MTU."), QStringLiteral("bytes"), QString::number(network::kDefaultGatewayMtu));
    const QCommandLineOption port(QStringLiteral("gw-server-port"), QStringLiteral("connect: the UDP port the gateway server listens on."), QStringLiteral("port"),
                                  QString::number(network::kDefaultGatewayPort));
    if (verb == QLatin1String("connect"))
        p.addOptions({mtu, port});
    ClusterFlags cluster;
    cluster.addTo(p);
    RemoteFlags remote;
    remote.addTo(p);
    TimeoutFlag timeout;
    timeout.addTo(p);
    parseOrExit(p, argsIn.mid(1), QStringLiteral("network ") + verb);
    const int seconds = timeout.seconds(p);
    if (!seconds)
        return 2;
    std::unique_ptr<kube::KubeClient> local, peer;
    if (int rc = connectBoth(p, cluster, remote, local, peer))
        return rc;

    if (verb == QLatin1String("reset")) {
        auto removed = network::NetworkConnect({local.get(), p.value(cluster.ns)}, {peer.get(), p.value(remote.ns)}, {}).reset();
        if (!removed)
            return fail(removed.error());
        for (const QString &line : *removed)
            std::printf("%s\n", qPrintable(line));
        return 0;
    }

    const auto cancelled = installCancelHandler();
    if (verb == QLatin1String("connect") || verb == QLatin1String("disconnect")) {
        network::NetworkConnect::Options co;
        co.timeoutMs = seconds * 1000;
        co.cancelled = [cancelled] { return cancelled->load(); };
        co.progress = [](const QString &step) { std::fprintf(stderr, "• %s\n", qPrintable(step)); };
        if (verb == QLatin1String("connect")) {
            bool ok = false;
            co.mtu = p.value(mtu).toInt(&ok);
            if (!ok || co.mtu < 576 || co.mtu > 9000)
                return usage(QStringLiteral("--mtu must be from 576 to 9000 (got \"%1\")").arg(p.value(mtu)));
            co.port = p.value(port).toInt(&ok);
            if (!ok || co.port < 1 || co.port > 65535)
                return usage(QStringLiteral("--gw-server-port must be from 1 to 65535 (got \"%1\")").arg(p.value(port)));
        }
        // This cluster dials; the remote one (the provider, in a peering) listens.
        network::NetworkConnect connector({local.get(), p.value(cluster.ns)}, {peer.get(), p.value(remote.ns)}, co);
        if (verb == QLatin1String("disconnect")) {
            if (auto r = connector.disconnect(); !r)
                return fail(r.error());
            std::printf("disconnected\n");
            return 0;
        }
        auto outcome = connector.connect();
        if (!outcome)
            return fail(outcome.error());
        std::printf("%s dials %s at %s: Connected (latency %s; %s sees %s)\n", qPrintable(outcome->clientCluster), qPrintable(outcome->serverCluster),
                    qPrintable(outcome->endpoint), qPrintable(outcome->clientLatency.isEmpty() ? QStringLiteral("not measured yet") : outcome->clientLatency),
                    qPrintable(outcome->serverCluster), qPrintable(outcome->serverLatency.isEmpty() ? QStringLiteral("no latency yet") : outcome->serverLatency));
        return 0;
    }

    network::NetworkInit::Options o;
    o.timeoutMs = seconds * 1000;
    o.cancelled = [cancelled] { return cancelled->load(); };
    o.progress = [](const QString &step) { std::fprintf(stderr, "• %s\n", qPrintable(step)); };
    auto outcome = network::NetworkInit({local.get(), p.value(cluster.ns)}, {peer.get(), p.value(remote.ns)}, o).run();
    if (!outcome)
        return fail(outcome.error());
    printView(outcome->first);
    printView(outcome->second);
    return 0;
}

} // namespace spillctl
