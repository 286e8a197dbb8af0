// spillway-virtual-kubelet — one virtual node: the provider's granted capacity as a Node here.
// This main only wires core's pieces together.
#include "common/Version.h"
#include "ipam/PodAddressMap.h"
#include "kube/Informer.h"
#include "kube/Kubeconfig.h"
#include "kube/KubeClient.h"
#include "observe/AgentConnection.h"
#include "storage/RemoteVolumeProvisioner.h"
#include "observe/Log.h"
#include "observe/TerminationSignal.h"
#include "peering/LocalCluster.h"
#include "virtualkubelet/EventReflector.h"
#include "virtualkubelet/KubeletServer.h"
#include "virtualkubelet/ResourceMetricsScraper.h"
#include "virtualkubelet/KubeletServing.h"
#include "virtualkubelet/NamespaceMappings.h"
#include "virtualkubelet/ObjectReflector.h"
#include "virtualkubelet/PodReflector.h"
#include "virtualkubelet/VirtualKubelet.h"

#include <QCommandLineParser>
#include <QCoreApplication>

#include <cstdio>
#include <memory>
#include <optional>

using namespace spillway;
using nlohmann::json;

namespace {
int fail(const QString &what)
{
    observe::log("error", QStringLiteral("virtual-kubelet"), what);
    return 1;
}
} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("spillway-virtual-kubelet"));
    QCoreApplication::setApplicationVersion(Version::current().toString());
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral("Liqo-compatible virtual kubelet: a provider's granted resources as a Node of this cluster."));
    p.addHelpOption();
    p.addVersionOption();
    const QCommandLineOption kubeconfig(QStringLiteral("kubeconfig"), QStringLiteral("This (consumer) cluster's kubeconfig (default: in-cluster)."), QStringLiteral("file"));
    const QCommandLineOption virtualNode(QStringLiteral("virtual-node"), QStringLiteral("The VirtualNode this process serves, namespace/name."), QStringLiteral("ns/name"));
    const QCommandLineOption nodeName(QStringLiteral("node-name"), QStringLiteral("Name of the Node to keep."), QStringLiteral("name"));
    const QCommandLineOption heartbeat(QStringLiteral("heartbeat-seconds"), QStringLiteral("Node status and Lease renewal period."), QStringLiteral("s"), QStringLiteral("10"));
    const QCommandLineOption liqoNamespace(QStringLiteral("liqo-namespace"), QStringLiteral("Namespace Spillway is installed in (for this cluster's ID)."), QStringLiteral("ns"), QStringLiteral("liqo"));
    // A worker spends its time waiting for an apiserver; while the consumer's control plane is busy
    // with a burst a status write takes seconds, and with 16 workers new statuses queued behind them.
    const QCommandLineOption podWorkers(QStringLiteral("pod-workers"), QStringLiteral("Pods reflected at once."), QStringLiteral("n"), QStringLiteral("64"));
    const QCommandLineOption qps(QStringLiteral("qps"), QStringLiteral("Client-side requests per second to each cluster."), QStringLiteral("n"), QStringLiteral("200"));
    const QCommandLineOption burst(QStringLiteral("burst"), QStringLiteral("Client-side request burst to each cluster."), QStringLiteral("n"), QStringLiteral("400"));
    const QCommandLineOption kubeletPort(QStringLiteral("kubelet-port"),
                                         QStringLiteral("Port of the HTTPS endpoint the apiserver calls for kubectl logs (0: any free port)."),
                                         QStringLiteral("port"), QStringLiteral("10250"));
    const QCommandLineOption kubeletAddress(QStringLiteral("kubelet-address"), QStringLiteral("Address that endpoint listens on."), QStringLiteral("ip"),
                                            QStringLiteral("0.0.0.0"));
    const QCommandLineOption nodeIp(QStringLiteral("node-ip"), QStringLiteral("The Node's InternalIP, where the apiserver reaches the endpoint (default: $POD_IP, else 127.0.0.1)."),
                                    QStringLiteral("ip"));
    p.addOptions({kubeconfig, virtualNode, nodeName, heartbeat, liqoNamespace, podWorkers, qps, burst, kubeletPort, kubeletAddress, nodeIp});
    p.process(app);
    const QString vn = p.value(virtualNode);
    if (!vn.contains(QLatin1Char('/')) || !p.isSet(nodeName)) {
        std::fprintf(stderr, "spillway-virtual-kubelet: --virtual-node NS/NAME and --node-name are required\n");
        return 2;
    }
    auto number = [&](const QCommandLineOption &o, int min, int max) -> std::optional<int> {
        bool valid = false;
        const int v = p.value(o).toInt(&valid);
        if (valid && v >= min && v <= max)
            return v;
        std::fprintf(stderr, "spillway-virtual-kubelet: --%s must be a number from %d to %d (got \"%s\")\n", qPrintable(o.names().first()), min, max,
                     qPrintable(p.value(o)));
        return std::nullopt;
    };
    const auto podWorkersValue = number(podWorkers, 1, 256), qpsValue = number(qps, 1, 100000), burstValue = number(burst, 1, 100000);
    const auto kubeletPortValue = number(kubeletPort, 0, 65535);
    if (!podWorkersValue || !qpsValue || !burstValue || !kubeletPortValue)
        return 2;
    const QHostAddress listenAddress(p.value(kubeletAddress));
    const QString nodeAddress = p.isSet(nodeIp) ? p.value(nodeIp) : qEnvironmentVariable("POD_IP", QStringLiteral("127.0.0.1"));
    if (listenAddress.isNull() || QHostAddress(nodeAddress).isNull()) {
        std::fprintf(stderr, "spillway-virtual-kubelet: --kubelet-address and --node-ip must be IP addresses\n");
        return 2;
    }
    bool ok = false;
    const int heartbeatSeconds = p.value(heartbeat).toInt(&ok);
    if (!ok || heartbeatSeconds < 1 || heartbeatSeconds > 300) {
        std::fprintf(stderr, "spillway-virtual-kubelet: --heartbeat-seconds must be from 1 to 300\n");
        return 2;
    }

    Result<kube::RestConfig> config = observe::agentConnection(QStringLiteral("virtual-kubelet"), p.value(kubeconfig));
    if (!config)
        return fail(config.error().toString());
    config->qps = *qpsValue;
    config->burst = *burstValue;
    kube::KubeClient consumer(*config);

    // The provider, through the consumer's identity named by the VirtualNode.
    const QString ns = vn.section(QLatin1Char('/'), 0, 0), name = vn.section(QLatin1Char('/'), 1);
    auto virtualNodeObj = consumer.get(kube::ResourceRef{QStringLiteral("offloading.liqo.io"), QStringLiteral("v1beta1"), QStringLiteral("virtualnodes"),
                                                         QStringLiteral("VirtualNode"), true}, ns, name);
    if (!virtualNodeObj)
        return fail(virtualNodeObj.error().toString());
    const QString secretName = QString::fromStdString((*virtualNodeObj)["spec"].value("kubeconfigSecretRef", json::object()).value("name", ""));
    auto secret = consumer.get(kube::resources::secrets(), ns, secretName);
    if (!secret)
        return fail(secret.error().toString());
    auto providerKc = kube::Kubeconfig::fromYaml(QByteArray::fromBase64(QByteArray::fromStdString((*secret)["data"].value("kubeconfig", ""))), {},
                                                 ns + QLatin1Char('/') + secretName);
    if (!providerKc)
        return fail(providerKc.error().toString());
    auto providerConfig = providerKc->restConfig();
    if (!providerConfig)
        return fail(providerConfig.error().toString());
    // Pods and their status travel over a client of their own; the probe's answers late are no answers.
    providerConfig->qps = *qpsValue;
    providerConfig->burst = *burstValue;
    kube::KubeClient reflectionClient(*providerConfig);
    providerConfig->timeoutMs = 3000;
    kube::KubeClient::Options probeOptions;
    probeOptions.maxRetries = 0;
    kube::KubeClient provider(*providerConfig, probeOptions);
    auto self = peering::readLocalCluster(consumer, p.value(liqoNamespace));
    if (!self)
        return fail(self.error().toString());

    virtualkubelet::VirtualKubelet::Options o;
    o.virtualNodeNamespace = ns;
    o.virtualNodeName = name;
    o.nodeName = p.value(nodeName);
    o.heartbeatMs = heartbeatSeconds * 1000;
    o.address = nodeAddress;
    const QString providerId = QString::fromStdString((*virtualNodeObj)["spec"].value("clusterID", ""));
    virtualkubelet::NamespaceMappings mappings(&consumer, ns, providerId);
    virtualkubelet::PodReflector::Options ro;
    ro.nodeName = o.nodeName;
    ro.localClusterId = self->clusterId;
    ro.providerClusterId = providerId;
    ro.workers = *podWorkersValue;
    virtualkubelet::ServiceAccountTokens::Options to;
    to.originClusterId = self->clusterId;
    to.destinationClusterId = providerId;
    virtualkubelet::ServiceAccountTokens tokens(&consumer, &reflectionClient, to);
    ro.tokens = &tokens;
    ipam::PodAddressMap addresses;
    ro.addresses = &addresses;
    virtualkubelet::PodReflector pods(&consumer, &reflectionClient, &mappings, ro);

    // kubectl logs and kubectl top: the endpoint the Node advertises. Without the client CA it
    // stays closed (and the node advertises no port) rather than serving anyone who asks.
    std::unique_ptr<virtualkubelet::KubeletServer> kubeletServer;
    virtualkubelet::ResourceMetricsScraper usage(&reflectionClient, [&mappings] { return mappings.all(); },
                                                 [&pods](const QString &podNs, const QString &pod) { return pods.hasLocalPod(podNs + QLatin1Char('/') + pod); });
    if (auto serving = virtualkubelet::prepareKubeletServing(consumer, o.nodeName, nodeAddress); !serving) {
        observe::log("warning", QStringLiteral("virtual-kubelet"), QStringLiteral("no kubelet endpoint, so no kubectl logs: ") + serving.error().toString());
    } else {
        virtualkubelet::KubeletServer::Options ko{o.nodeName, listenAddress, quint16(*kubeletPortValue), serving->certPem, serving->keyPem, serving->clientCa};
        // The reflector's cache holds only the pods bound to this node.
        auto remoteOf = [&pods, &mappings](const QString &podNs, const QString &pod) {
            return pods.hasLocalPod(podNs + QLatin1Char('/') + pod) ? mappings.remoteOf(podNs) : QString();
        };
        kubeletServer = std::make_unique<virtualkubelet::KubeletServer>(&consumer, &reflectionClient, remoteOf, ko);
        kubeletServer->setResourceMetrics([&usage](auto done) { usage.scrape(std::move(done)); });
        auto listening = kubeletServer->listen();
        if (!listening)
            return fail(listening.error().toString());
        o.kubeletPort = *listening;
    }
    virtualkubelet::VirtualKubelet vk(&consumer, &provider, o);
    if (auto started = vk.start(); !started)
        return fail(started.error().toString());
    mappings.start();
    tokens.start();
    // This cluster's Configuration about the provider says how it reaches the provider's pods.
    auto configurations = ipam::followPeerConfiguration(&consumer, providerId, addresses, [&pods] { pods.resync(); });
    pods.start();
    virtualkubelet::ObjectReflector::Options oo;
    oo.localClusterId = self->clusterId;
    oo.providerClusterId = providerId;
    oo.nodeName = o.nodeName;
    ipam::PodAddressMap providerView;
    oo.providerView = &providerView;
    virtualkubelet::ObjectReflector objects(&consumer, &reflectionClient, &mappings, oo);
    // The provider's Configuration about this cluster says how the provider reaches its pods.
    auto providerConfigurations = ipam::followPeerConfiguration(&reflectionClient, self->clusterId, providerView, [&objects] { objects.resyncEndpointSlices(); });
    objects.start();
    storage::RemoteVolumeProvisioner::Options vo;
    vo.nodeName = o.nodeName;
    vo.virtualNodeNamespace = ns;
    vo.virtualNodeName = name;
    vo.localClusterId = self->clusterId;
    vo.providerClusterId = providerId;
    vo.remoteNamespaceOf = [&mappings](const QString &local) { return mappings.remoteOf(local); };
    vo.mappedNamespaces = [&mappings] { return mappings.all(); };
    storage::RemoteVolumeProvisioner volumes(&consumer, &reflectionClient, vo);
    volumes.start();
    virtualkubelet::EventReflector::Options eo;
    eo.providerClusterId = providerId;
    eo.nodeName = o.nodeName;
    eo.localPod = [&pods](const QString &key) { return pods.localPod(key); };
    virtualkubelet::EventReflector events(&consumer, &reflectionClient, &mappings, eo);
    QObject::connect(&pods, &virtualkubelet::PodReflector::localPodsListed, &events, &virtualkubelet::EventReflector::resync);
    events.start();
    observe::log("info", QStringLiteral("virtual-kubelet"), QStringLiteral("serving"),
                 {{"node", o.nodeName}, {"virtualNode", vn}, {"kubeletEndpoint", QStringLiteral("%1:%2").arg(nodeAddress).arg(o.kubeletPort)}});

    auto shutdown = [&pods, &objects, &events, &volumes, &mappings, &configurations, &providerConfigurations] {
        configurations->stop();
        volumes.stop();
        providerConfigurations->stop();
        mappings.stop();
        events.stop();
        objects.stop();
        pods.stop();
        QCoreApplication::quit();
    };
    observe::onTerminationSignal(&app, shutdown);

    // Renewed provider credentials (the Identity's new certificate lands in this Secret): the
    // clients are built from them at start, so start again — the supervisor or the Deployment
    // brings us back at once, and every reconcile picks up where it was.
    const std::string loadedKubeconfig = (*secret)["data"].value("kubeconfig", "");
    kube::Informer::Options so;
    so.ns = ns;
    so.fieldSelector = QStringLiteral("metadata.name=") + secretName;
    kube::Informer credentials(&consumer, kube::resources::secrets(), so);
    bool restarting = false;
    auto onCredentials = [&](const json &s) {
        if (restarting || s.value("data", json::object()).value("kubeconfig", "") == loadedKubeconfig)
            return;
        restarting = true;
        observe::log("info", QStringLiteral("virtual-kubelet"), QStringLiteral("the provider's credentials changed; restarting to use them"),
                     {{"secret", ns + QLatin1Char('/') + secretName}});
        shutdown();
    };
    credentials.addHandlers({onCredentials, [onCredentials](const json &, const json &now) { onCredentials(now); }, {}});
    credentials.start();
    return app.exec();
}
