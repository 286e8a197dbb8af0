// spillctl test network — traffic between two connected clusters' pods, both ways (liqoctl's verb).
#include "Cli.h"
#include "PeerFlags.h"

#include "network/NetworkTest.h"

#include <cstdio>

namespace spillctl {

using namespace spillway;

namespace {

void printTable(const std::vector<network::NetworkTest::Probe> &probes)
{
    const char *format = "%-12s %-12s %-16s %-16s %-22s %s\n";
    std::printf(format, "FROM", "TO", "ADDRESS", "ICMP", "TCP", "SOURCE SEEN");
    for (const auto &p : probes) {
        const QString seen = p.seenSource.isEmpty() ? QStringLiteral("-")
                             : p.seenSource == p.expectedSource ? p.seenSource
                                                                : QStringLiteral("%1 (expected %2)").arg(p.seenSource, p.expectedSource);
        std::printf(format, qPrintable(p.from), qPrintable(p.to), qPrintable(p.target), qPrintable(p.icmp), qPrintable(p.tcp), qPrintable(seen));
    }
}

} // namespace

int test(const QStringList &argsIn)
{
    if (argsIn.value(0) != QLatin1String("network"))
        return usage(QStringLiteral("spillctl test network (got \"%1\")").arg(argsIn.value(0)));
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "Check that two connected clusters' pods reach each other both ways, over the addresses each cluster knows the other's pods by "
        "(ICMP and TCP; TCP also checks the source the receiver sees). A test pod is attached to each cluster's gateway for the test and "
        "removed after it. Gateways in network namespaces of this machine (the local runtime) only; needs root."));
    const QCommandLineOption netns(QStringLiteral("netns"), QStringLiteral("Network namespace of this cluster's gateway (default: what the gateway says; host: this machine's own)."),
                                   QStringLiteral("name"));
    const QCommandLineOption remoteNetns(QStringLiteral("remote-netns"), QStringLiteral("The same for the remote cluster's gateway."), QStringLiteral("name"));
    const QCommandLineOption output({QStringLiteral("o"), QStringLiteral("output")}, QStringLiteral("json or yaml instead of the table."), QStringLiteral("format"));
    p.addOptions({netns, remoteNetns, output});
    ClusterFlags cluster;
    cluster.addTo(p);
    RemoteFlags remote;
    remote.addTo(p);
    parseOrExit(p, argsIn.mid(1), QStringLiteral("test network"));
    if (p.isSet(output) && !validOutput(p.value(output)))
        return 2;
    std::unique_ptr<kube::KubeClient> local, peer;
    if (int rc = connectBoth(p, cluster, remote, local, peer))
        return rc;

    network::NetworkTest::Options o;
    o.progress = [](const QString &step) { std::fprintf(stderr, "• %s\n", qPrintable(step)); };
    network::NetworkTest::End here, there;
    here.client = local.get();
    here.liqoNamespace = p.value(cluster.ns);
    here.netns = p.value(netns);
    there.client = peer.get();
    there.liqoNamespace = p.value(remote.ns);
    there.netns = p.value(remoteNetns);
    auto probes = network::NetworkTest(here, there, o).run();
    if (!probes)
        return fail(probes.error());
    bool ok = true;
    nlohmann::json out = nlohmann::json::array();
    for (const auto &probe : *probes) {
        ok &= probe.ok();
        out.push_back({{"from", probe.from.toStdString()}, {"to", probe.to.toStdString()}, {"address", probe.target.toStdString()},
                       {"icmp", probe.icmp.toStdString()}, {"tcp", probe.tcp.toStdString()}, {"sourceSeen", probe.seenSource.toStdString()},
                       {"sourceExpected", probe.expectedSource.toStdString()}, {"ok", probe.ok()}});
    }
    if (p.isSet(output))
        printStructured(out, p.value(output));
    else
        printTable(*probes);
    if (!ok)
        std::fprintf(stderr, "error: pods do not reach each other both ways\n  hint: spillctl info shows the tunnel's state; kubectl get connections -A its latest check\n");
    return ok ? 0 : 1;
}

} // namespace spillctl
