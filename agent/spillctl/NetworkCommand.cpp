// spillctl network init | reset — the network configuration between two clusters (Liqo's verbs).
#include "Cli.h"
#include "PeerFlags.h"

#include "apis/networking/v1beta1/Configuration.h"
#include "network/NetworkInit.h"
#include "peering/LocalCluster.h"
#include "peering/PeeringNames.h"

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
    std::printf("%s sees %s: pods %s, external %s\n", qPrintable(v.clusterId), qPrintable(v.peerId), qPrintable(seenAs(v.peerPod, v.peerPodAs)),
                qPrintable(seenAs(v.peerExternal, v.peerExternalAs)));
}

// Deletes the Configuration a cluster keeps about its peer (its Networks go with it).
Result<bool> removeConfiguration(kube::KubeClient &client, const QString &peerId)
{
    auto r = client.remove(apis::networking::v1beta1::configurationResource(), peering::tenantNamespace(peerId), peerId);
    if (!r && !r.error().isNotFound())
        return r.error();
    return r.ok();
}

} // namespace

int network(const QStringList &argsIn)
{
    const QString verb = argsIn.value(0);
    if (verb != QLatin1String("init") && verb != QLatin1String("reset"))
        return usage(QStringLiteral("spillctl network init | reset (got \"%1\")").arg(verb));
    QCommandLineParser p;
    p.setApplicationDescription(verb == QLatin1String("init")
                                    ? QStringLiteral("Exchange pod and external CIDRs between two clusters; each side's IPAM maps the other's "
                                                     "(remapping what clashes). Waits until both are configured.")
                                    : QStringLiteral("Remove the network configuration between two clusters on both sides."));
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
    if (!remote.given(p))
        return usage(QStringLiteral("name the other cluster with --remote-kubeconfig FILE and/or --remote-context NAME"));
    auto local = connect(p, cluster);
    if (!local)
        return fail(local.error());
    auto peer = connectRemote(p, cluster, remote);
    if (!peer)
        return fail(peer.error());

    if (verb == QLatin1String("reset")) {
        auto a = peering::readLocalCluster(**local, p.value(cluster.ns));
        if (!a)
            return fail(a.error());
        auto b = peering::readLocalCluster(**peer, p.value(remote.ns));
        if (!b)
            return fail(b.error());
        for (const auto &[client, self, other] : {std::tuple{local->get(), a->clusterId, b->clusterId}, std::tuple{peer->get(), b->clusterId, a->clusterId}}) {
            auto removed = removeConfiguration(*client, other);
            if (!removed)
                return fail(removed.error());
            std::printf("%s: %s\n", qPrintable(self),
                        *removed ? qPrintable(QStringLiteral("removed Configuration %1").arg(other)) : qPrintable(QStringLiteral("no Configuration for %1").arg(other)));
        }
        return 0;
    }

    network::NetworkInit::Options o;
    o.timeoutMs = seconds * 1000;
    const auto cancelled = installCancelHandler();
    o.cancelled = [cancelled] { return cancelled->load(); };
    o.progress = [](const QString &step) { std::fprintf(stderr, "• %s\n", qPrintable(step)); };
    auto outcome = network::NetworkInit({local->get(), p.value(cluster.ns)}, {peer->get(), p.value(remote.ns)}, o).run();
    if (!outcome)
        return fail(outcome.error());
    printView(outcome->first);
    printView(outcome->second);
    return 0;
}

} // namespace spillctl
