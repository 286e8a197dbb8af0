// spillway-gateway — one end of the WireGuard tunnel between two clusters (a GatewayServer or a
// GatewayClient made real); with --fabric, the node side of the fabric (routes to the gateway
// pods); with --enable-forwarding, the gateway pod's init step. This main only wires core's pieces
// together.
#include "common/Version.h"
#include "kube/Kubeconfig.h"
#include "kube/KubeClient.h"
#include "network/FabricAgent.h"
#include "network/GatewayAgent.h"
#include "network/IpForwarding.h"
#include "observe/HealthServer.h"
#include "observe/AgentConnection.h"
#include "observe/Log.h"
#include "observe/Metrics.h"
#include "observe/TerminationSignal.h"
#include "peering/LocalCluster.h"

#include <QCommandLineParser>
#include <QCoreApplication>

#include <cstdio>

using namespace spillway;

namespace {
int fail(const QString &what)
{
    observe::log("error", QStringLiteral("gateway"), what);
    return 1;
}
int usage(const QString &what)
{
    std::fprintf(stderr, "spillway-gateway: %s\n", qPrintable(what));
    return 2;
}

int runFabric(QCoreApplication &app, const QString &kubeconfig, const QString &node, const QHostAddress &metricsHost, int metricsPort)
{
    Result<kube::RestConfig> config = observe::agentConnection(QStringLiteral("fabric"), kubeconfig);
    if (!config)
        return fail(config.error().toString());
    kube::KubeClient client(*config);
    network::FabricAgent::Options o;
    o.nodeName = node;
    network::FabricAgent agent(&client, o);
    observe::Metrics metrics;
    observe::HealthServer health(&metrics, [&agent] { return agent.synced(); });
    auto listening = health.listen(metricsHost, quint16(metricsPort));
    if (!listening)
        return fail(listening.error().toString());
    agent.start();
    observe::log("info", QStringLiteral("fabric"), QStringLiteral("running"),
                 {{"node", node}, {"metrics", QStringLiteral("%1:%2").arg(metricsHost.toString()).arg(*listening)}});
    // Stopping leaves the routes: a restarted fabric takes them over without a drop.
    observe::onTerminationSignal(&app, [&agent] {
        agent.stop();
        QCoreApplication::quit();
    });
    return app.exec();
}
} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("spillway-gateway"));
    QCoreApplication::setApplicationVersion(Version::current().toString());
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral("WireGuard gateway of the network fabric: one GatewayServer or GatewayClient made real."));
    p.addHelpOption();
    p.addVersionOption();
    const QCommandLineOption kubeconfig(QStringLiteral("kubeconfig"), QStringLiteral("This cluster's kubeconfig (default: in-cluster)."), QStringLiteral("file"));
    const QCommandLineOption mode(QStringLiteral("mode"), QStringLiteral("server or client."), QStringLiteral("mode"));
    const QCommandLineOption name(QStringLiteral("name"), QStringLiteral("The GatewayServer or GatewayClient this process runs."), QStringLiteral("name"));
    const QCommandLineOption ns(QStringLiteral("namespace"), QStringLiteral("Its namespace (the peer's tenant namespace)."), QStringLiteral("ns"));
    const QCommandLineOption remote(QStringLiteral("remote-cluster-id"), QStringLiteral("The peer's cluster ID."), QStringLiteral("id"));
    const QCommandLineOption local(QStringLiteral("cluster-id"), QStringLiteral("This cluster's ID (default: read from the liqo namespace)."), QStringLiteral("id"));
    const QCommandLineOption liqoNamespace(QStringLiteral("liqo-namespace"), QStringLiteral("Namespace Spillway is installed in."), QStringLiteral("ns"), QStringLiteral("liqo"));
    const QCommandLineOption keys(QStringLiteral("keys-secret"), QStringLiteral("Secret with the WireGuard key pair (made when missing)."), QStringLiteral("name"));
    const QCommandLineOption mtu(QStringLiteral("mtu"), QStringLiteral("The tunnel interface's MTU."), QStringLiteral("bytes"), QString::number(network::kDefaultGatewayMtu));
    const QCommandLineOption listenPort(QStringLiteral("listen-port"), QStringLiteral("Server: the UDP port WireGuard listens on."), QStringLiteral("port"),
                                        QString::number(network::kDefaultGatewayPort));
    const QCommandLineOption endpoint(QStringLiteral("endpoint"), QStringLiteral("Client: the server's ip:port when the GatewayClient names none."), QStringLiteral("ip:port"));
    const QCommandLineOption netns(QStringLiteral("netns"), QStringLiteral("Network namespace the tunnel lives in (default: this process's)."), QStringLiteral("name"));
    const QCommandLineOption metricsAddress(QStringLiteral("metrics-address"), QStringLiteral("Where /metrics and /healthz listen (port 0: any free port)."),
                                            QStringLiteral("ip:port"), QStringLiteral("127.0.0.1:0"));
    const QCommandLineOption fabric(QStringLiteral("fabric"), QStringLiteral("Keep this node's routes to the peers' networks pointing at the gateway pods "
                                                                             "(a host-network DaemonSet pod) instead of running a gateway."));
    const QCommandLineOption nodeName(QStringLiteral("node-name"), QStringLiteral("Fabric: the node this runs on (default: $NODE_NAME)."), QStringLiteral("name"),
                                      qEnvironmentVariable("NODE_NAME"));
    const QCommandLineOption enableForwarding(QStringLiteral("enable-forwarding"),
                                              QStringLiteral("Turn on IPv4 forwarding in this network namespace and exit (the gateway pod's privileged init container)."));
    p.addOptions({kubeconfig, mode, name, ns, remote, local, liqoNamespace, keys, mtu, listenPort, endpoint, netns, metricsAddress, fabric, nodeName,
                  enableForwarding});
    p.process(app);

    if (p.isSet(enableForwarding)) {
        auto enabled = network::enableIpForwarding();
        return enabled ? 0 : fail(enabled.error().toString());
    }
    bool ok = false;
    const QString metricsAt = p.value(metricsAddress);
    const QHostAddress metricsHost(metricsAt.section(QLatin1Char(':'), 0, 0));
    const int metricsPort = metricsAt.section(QLatin1Char(':'), 1).toInt(&ok);
    if (metricsHost.isNull() || !ok || metricsPort < 0 || metricsPort > 65535)
        return usage(QStringLiteral("--metrics-address must be ip:port (got \"%1\")").arg(metricsAt));
    if (p.isSet(fabric)) {
        if (p.value(nodeName).isEmpty())
            return usage(QStringLiteral("--fabric needs --node-name (or $NODE_NAME from the downward API)"));
        return runFabric(app, p.value(kubeconfig), p.value(nodeName), metricsHost, metricsPort);
    }

    network::GatewayAgent::Options o;
    if (p.value(mode) == QLatin1String("server"))
        o.mode = network::GatewayMode::Server;
    else if (p.value(mode) == QLatin1String("client"))
        o.mode = network::GatewayMode::Client;
    else
        return usage(QStringLiteral("--mode must be server or client (got \"%1\")").arg(p.value(mode)));
    if (!p.isSet(name) || !p.isSet(ns) || !p.isSet(remote))
        return usage(QStringLiteral("--name, --namespace and --remote-cluster-id are required"));
    o.name = p.value(name);
    o.ns = p.value(ns);
    o.remoteClusterId = p.value(remote);
    o.keysSecret = p.value(keys);
    o.netns = p.value(netns);
    o.endpoint = p.value(endpoint);
    o.mtu = p.value(mtu).toInt(&ok);
    if (!ok || o.mtu < 576 || o.mtu > 9000)
        return usage(QStringLiteral("--mtu must be from 576 to 9000 (got \"%1\")").arg(p.value(mtu)));
    o.listenPort = p.value(listenPort).toInt(&ok);
    if (!ok || o.listenPort < 1 || o.listenPort > 65535)
        return usage(QStringLiteral("--listen-port must be from 1 to 65535 (got \"%1\")").arg(p.value(listenPort)));

    Result<kube::RestConfig> config = observe::agentConnection(QStringLiteral("gateway"), p.value(kubeconfig));
    if (!config)
        return fail(config.error().toString());
    kube::KubeClient client(*config);
    if (p.isSet(local)) {
        o.localClusterId = p.value(local);
    } else {
        auto self = peering::readLocalCluster(client, p.value(liqoNamespace));
        if (!self)
            return fail(self.error().toString());
        o.localClusterId = self->clusterId;
    }

    observe::Metrics metrics;
    o.metrics = &metrics;
    if (o.netns.isEmpty() && !network::ipForwardingEnabled())
        observe::log("warning", QStringLiteral("gateway"), QStringLiteral("IPv4 forwarding is off in this network namespace: the tunnel comes up, "
                                                                          "but no pod's traffic crosses it (the gateway templates' init container turns it on)"));
    network::GatewayAgent agent(&client, o);
    observe::HealthServer health(&metrics, [&agent] { return agent.ready(); });
    auto listening = health.listen(metricsHost, quint16(metricsPort));
    if (!listening)
        return fail(listening.error().toString());
    agent.start();
    observe::log("info", QStringLiteral("gateway"), QStringLiteral("running"),
                 {{"gateway", o.ns + QLatin1Char('/') + o.name}, {"mode", network::gatewayModeName(o.mode)}, {"peer", o.remoteClusterId},
                  {"netns", o.netns}, {"metrics", QStringLiteral("%1:%2").arg(metricsHost.toString()).arg(*listening)}});
    // Stopping leaves the tunnel as it is: a restarted gateway takes it over without a drop.
    observe::onTerminationSignal(&app, [&agent] {
        agent.stop();
        QCoreApplication::quit();
    });
    return app.exec();
}
