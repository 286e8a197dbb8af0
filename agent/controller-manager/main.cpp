// spillway-controller-manager — Spillway's in-cluster control loops and admission webhooks.
// This main only wires core's pieces together: client, leader election, health and metrics,
// the admission webhook server and the out-of-band peering endpoint.
#include "common/JsonText.h"
#include "common/Version.h"
#include "kube/Informer.h"
#include "kube/Kubeconfig.h"
#include "kube/KubeClient.h"
#include "kube/LeaderElector.h"
#include "apis/authentication/v1beta1/ResourceSlice.h"
#include "apis/authentication/v1beta1/Tenant.h"
#include "apis/offloading/v1beta1/NamespaceOffloading.h"
#include "apis/offloading/v1beta1/ShadowPod.h"
#include "offloading/OffloadingPolicy.h"
#include "offloading/ShadowPodUsage.h"
#include "manager/NetworkControllers.h"
#include "manager/OffloadingControllers.h"
#include "manager/PeeringControllers.h"
#include "manager/WebhookConfiguration.h"
#include "manager/WebhookRegistration.h"
#include "observe/HealthServer.h"
#include "observe/AgentConnection.h"
#include "observe/Log.h"
#include "observe/Metrics.h"
#include "observe/TerminationSignal.h"
#include "peering/AuthenticationEndpoint.h"
#include "peering/AuthenticationService.h"
#include "resources/ClusterUsage.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QHostInfo>
#include <QUrl>

#include <cstdio>

using namespace spillway;

namespace {

int fail(const QString &what)
{
    observe::log("error", QStringLiteral("controller-manager"), what);
    return 1;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("spillway-controller-manager"));
    QCoreApplication::setApplicationVersion(Version::current().toString());

    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral("Liqo-compatible controller manager: peering, resources, offloading, IPAM and admission webhooks."));
    p.addHelpOption();
    p.addVersionOption();
    const QCommandLineOption kubeconfig(QStringLiteral("kubeconfig"), QStringLiteral("Kubeconfig file (default: in-cluster, then KUBECONFIG / ~/.kube/config)."), QStringLiteral("file"));
    const QCommandLineOption context(QStringLiteral("context"), QStringLiteral("Kubeconfig context."), QStringLiteral("name"));
    const QCommandLineOption ns(QStringLiteral("namespace"), QStringLiteral("Namespace Spillway runs in."), QStringLiteral("ns"), QStringLiteral("liqo"));
    const QCommandLineOption identity(QStringLiteral("identity"), QStringLiteral("Leader-election identity."), QStringLiteral("id"));
    const QCommandLineOption leaderElect(QStringLiteral("leader-elect"), QStringLiteral("Elect a leader among replicas (true|false)."), QStringLiteral("bool"), QStringLiteral("true"));
    const QCommandLineOption healthAddress(QStringLiteral("health-address"), QStringLiteral("Address of /healthz, /readyz, /metrics."), QStringLiteral("ip"), QStringLiteral("127.0.0.1"));
    const QCommandLineOption healthPort(QStringLiteral("health-port"), QStringLiteral("Port of /healthz, /readyz, /metrics."), QStringLiteral("port"), QStringLiteral("8081"));
    const QCommandLineOption webhookAddress(QStringLiteral("webhook-address"), QStringLiteral("Address the webhook server listens on."), QStringLiteral("ip"), QStringLiteral("127.0.0.1"));
    const QCommandLineOption webhookPort(QStringLiteral("webhook-port"), QStringLiteral("Port of the webhook server."), QStringLiteral("port"), QStringLiteral("9443"));
    const QCommandLineOption webhookHost(QStringLiteral("webhook-host"), QStringLiteral("Host the apiserver uses to reach the webhook."), QStringLiteral("host"), QStringLiteral("127.0.0.1"));
    const QCommandLineOption webhookService(QStringLiteral("webhook-service"), QStringLiteral("Service (in --namespace) the apiserver reaches the webhook through, instead of --webhook-host."), QStringLiteral("name"));
    const QCommandLineOption webhookFailurePolicy(QStringLiteral("webhook-failure-policy"), QStringLiteral("What the apiserver does when the webhook is unreachable (Fail|Ignore)."), QStringLiteral("policy"), QStringLiteral("Fail"));
    // --api-server-address-override and --cluster-labels are Liqo's names: liqoctl info reads both
    // from this Deployment's args. The labels themselves live in the install record.
    const QCommandLineOption apiServerUrl(QStringList{QStringLiteral("api-server-url"), QStringLiteral("api-server-address-override")},
                                          QStringLiteral("This cluster's API server address as peers reach it (default: the one this process uses)."), QStringLiteral("url"));
    const QCommandLineOption clusterLabels(QStringLiteral("cluster-labels"), QStringLiteral("This cluster's labels, k=v,… (shown to liqoctl info; spillctl install records them)."), QStringLiteral("labels"));
    const QCommandLineOption runtime(QStringLiteral("runtime"), QStringLiteral("Where virtual kubelets run: local (supervised processes) or kubernetes."), QStringLiteral("runtime"), QStringLiteral("kubernetes"));
    const QCommandLineOption stateDir(QStringLiteral("state-dir"), QStringLiteral("Local runtime: the state folder spillctl install made."), QStringLiteral("dir"));
    const QCommandLineOption binDir(QStringLiteral("bin-dir"), QStringLiteral("Local runtime: folder with the Spillway binaries."), QStringLiteral("dir"));
    const QCommandLineOption authAddress(QStringLiteral("auth-address"), QStringLiteral("Address the out-of-band peering endpoint listens on."), QStringLiteral("ip"), QStringLiteral("127.0.0.1"));
    const QCommandLineOption authPort(QStringLiteral("auth-port"), QStringLiteral("Port of the out-of-band peering endpoint (0: any free port)."), QStringLiteral("port"), QStringLiteral("9444"));
    const QCommandLineOption authUrl(QStringLiteral("auth-url"), QStringLiteral("The endpoint's address as consumers reach it (default: https://<auth-address>:<auth-port>)."), QStringLiteral("url"));
    const QCommandLineOption certLifetime(QStringLiteral("peer-certificate-lifetime"), QStringLiteral("Seconds the certificates issued to consumers last (at least 600)."), QStringLiteral("s"), QStringLiteral("2592000"));
    const QCommandLineOption nonceLifetime(QStringLiteral("nonce-lifetime"), QStringLiteral("Seconds a peering nonce may be signed and verified; it is replaced at half of it and once used."), QStringLiteral("s"), QStringLiteral("600"));
    const QCommandLineOption authFreeFailures(QStringLiteral("auth-failures-before-backoff"), QStringLiteral("Failed authentications a consumer or address may have before it is throttled."), QStringLiteral("n"), QStringLiteral("5"));
    const QCommandLineOption authMaxBackoff(QStringLiteral("auth-max-backoff"), QStringLiteral("Longest a throttled consumer or address waits, in seconds (the wait doubles with each further failure)."), QStringLiteral("s"), QStringLiteral("300"));
    const QCommandLineOption certRenew(QStringLiteral("peer-certificate-renew-before"), QStringLiteral("Seconds before expiry a consumer's certificate is renewed (0: a third of its life)."), QStringLiteral("s"), QStringLiteral("0"));
    const QCommandLineOption gatewayNetns(QStringLiteral("gateway-netns"), QStringLiteral("Local runtime: network namespace the gateways put their tunnels in."), QStringLiteral("name"));
    const QCommandLineOption gatewayEndpoint(QStringLiteral("gateway-endpoint-address"), QStringLiteral("Where peers reach this cluster's gateway servers."), QStringLiteral("ip"));
    const QCommandLineOption vkImage(QStringLiteral("virtual-kubelet-image"), QStringLiteral("Kubernetes runtime: the virtual kubelet's image."), QStringLiteral("image"));
    const QCommandLineOption pullPolicy(QStringLiteral("image-pull-policy"), QStringLiteral("Kubernetes runtime: pull policy of the images it starts."), QStringLiteral("policy"), QStringLiteral("IfNotPresent"));
    const QCommandLineOption qps(QStringLiteral("qps"), QStringLiteral("Client-side requests per second to the apiserver."), QStringLiteral("n"), QStringLiteral("200"));
    const QCommandLineOption burst(QStringLiteral("burst"), QStringLiteral("Client-side request burst."), QStringLiteral("n"), QStringLiteral("400"));
    const QCommandLineOption workers(QStringLiteral("workers"), QStringLiteral("Workers per controller."), QStringLiteral("n"), QStringLiteral("4"));
    const QCommandLineOption shadowPodWorkers(QStringLiteral("shadow-pod-workers"), QStringLiteral("Workers making peers' pods from their ShadowPods."), QStringLiteral("n"), QStringLiteral("16"));
    const QCommandLineOption realStorageClass(QStringLiteral("real-storage-class"), QStringLiteral("Class of the real volumes behind the virtual storage class on local nodes (default: the cluster's default class)."), QStringLiteral("class"));
    const QCommandLineOption storageNamespace(QStringLiteral("storage-namespace"), QStringLiteral("Namespace the real claims of local virtual volumes are made in."), QStringLiteral("ns"), QStringLiteral("liqo-storage"));
    p.addOptions({realStorageClass, storageNamespace, nonceLifetime, authFreeFailures, authMaxBackoff, clusterLabels});
    p.addOptions({kubeconfig, context, ns, identity, leaderElect, healthAddress, healthPort, webhookAddress, webhookPort, webhookHost, webhookService,
                  webhookFailurePolicy, apiServerUrl, authAddress, authPort, authUrl, certLifetime, certRenew, vkImage, pullPolicy, runtime, stateDir, binDir, gatewayNetns, gatewayEndpoint, qps, burst, workers, shadowPodWorkers});
    p.process(app);

    auto number = [&](const QCommandLineOption &o, int min, int max) -> int {
        bool ok = false;
        const int v = p.value(o).toInt(&ok);
        if (!ok || v < min || v > max) {
            std::fprintf(stderr, "spillway-controller-manager: --%s must be a number from %d to %d (got \"%s\")\n",
                         qPrintable(o.names().first()), min, max, qPrintable(p.value(o)));
            std::exit(2);
        }
        return v;
    };
    const int qpsValue = number(qps, 0, 100000), burstValue = number(burst, 1, 100000);
    const int workersValue = number(workers, 1, 256);
    const int shadowPodWorkersValue = number(shadowPodWorkers, 1, 256);
    const quint16 hPort = quint16(number(healthPort, 0, 65535)), wPort = quint16(number(webhookPort, 0, 65535));
    const quint16 aPort = quint16(number(authPort, 0, 65535));
    const int lifetime = number(certLifetime, 600, 10 * 365 * 24 * 3600);
    const int renewBefore = number(certRenew, 0, lifetime - 10);
    const int nonceLifetimeValue = number(nonceLifetime, 60, 24 * 3600);
    const int authFreeFailuresValue = number(authFreeFailures, 1, 1000);
    const int authMaxBackoffValue = number(authMaxBackoff, 1, 24 * 3600);
    if (p.value(webhookFailurePolicy) != QLatin1String("Fail") && p.value(webhookFailurePolicy) != QLatin1String("Ignore")) {
        std::fprintf(stderr, "spillway-controller-manager: --webhook-failure-policy must be Fail or Ignore\n");
        return 2;
    }
    const QString leaderElectValue = p.value(leaderElect).toLower();
    if (leaderElectValue != QLatin1String("true") && leaderElectValue != QLatin1String("false")) {
        std::fprintf(stderr, "spillway-controller-manager: --leader-elect must be true or false\n");
        return 2;
    }

    Result<kube::RestConfig> config = observe::agentConnection(QStringLiteral("controller-manager"), p.value(kubeconfig), p.value(context));
    if (!config)
        return fail(config.error().toString());
    config->qps = qpsValue;
    config->burst = burstValue;
    kube::KubeClient client(*config);
    auto version = client.serverVersion();
    if (!version)
        return fail(version.error().toString());
    observe::log("info", QStringLiteral("controller-manager"), QStringLiteral("connected"),
                 {{"version", Version::current().toString()}, {"server", config->server},
                  {"kubernetes", QString::fromStdString(version->value("gitVersion", ""))}});

    observe::Metrics metrics;
    metrics.describe("spillway_leader", "1 while this replica holds the leader lease", "gauge");
    metrics.describe("spillway_webhook_reviews_total", "AdmissionReviews answered", "counter");
    metrics.describe("spillway_webhook_denied_total", "AdmissionReviews denied", "counter");
    metrics.describe("spillway_webhook_malformed_total", "Malformed webhook requests refused", "counter");
    metrics.describe("spillway_webhook_unready_total", "AdmissionReviews answered 503 because a cache had not listed yet", "counter");
    metrics.describe("spillway_apiserver_requests_total", "Requests sent to the apiserver", "counter");
    metrics.set("spillway_leader", 0);

    manager::WebhookRegistration::Options wo;
    wo.listenAddress = QHostAddress(p.value(webhookAddress));
    wo.port = wPort;
    wo.urlHost = p.value(webhookHost);
    if (p.isSet(webhookService)) {
        wo.serviceName = p.value(webhookService);
        wo.serviceNamespace = p.value(ns);
    }
    wo.failurePolicy = p.value(webhookFailurePolicy);
    wo.secretNamespace = p.value(ns);

    // The ResourceSlice webhook asks whether a name is taken among the slices this cluster
    // replicates to peers, and the ShadowPod webhook what each consumer was granted; one cache of
    // every slice answers both without a request per admission.
    kube::Informer slices(&client, apis::authentication::v1beta1::resourceSliceResource(), kube::Informer::Options{});
    const auto labelOf = [](const nlohmann::json &o, const char *key) { return textOf(memberOf(memberOf(o, "metadata"), "labels"), key); };
    slices.store().addIndexer(QStringLiteral("name"), [labelOf](const nlohmann::json &o) {
        return labelOf(o, "liqo.io/replication") == QLatin1String("true") ? QStringList{textOf(memberOf(o, "metadata"), "name")} : QStringList();
    });
    slices.store().addIndexer(QStringLiteral("consumer"), [labelOf](const nlohmann::json &o) {
        return labelOf(o, "liqo.io/replicated") == QLatin1String("true") ? QStringList{resources::sliceConsumer(o)} : QStringList();
    });
    slices.start();
    // The pod webhook steers by the namespace's NamespaceOffloading, from a cache too.
    kube::Informer offloadings(&client, apis::offloading::v1beta1::namespaceOffloadingResource(), kube::Informer::Options{});
    offloadings.start();
    // The ShadowPod webhook: whose namespace, whose tenant is cordoned, what each consumer uses.
    kube::Informer namespaces(&client, kube::resources::namespaces(), kube::Informer::Options{});
    namespaces.start();
    kube::Informer tenants(&client, apis::authentication::v1beta1::tenantResource(), kube::Informer::Options{});
    tenants.store().addIndexer(QStringLiteral("consumer"), [](const nlohmann::json &o) {
        return QStringList{textOf(memberOf(o, "spec"), "clusterID")};
    });
    tenants.start();
    offloading::ShadowPodUsage shadowPodUsage(kube::steadyClock());
    kube::Informer::Options slimShadowPods;
    slimShadowPods.transform = &offloading::ShadowPodUsage::slim;
    kube::Informer shadowPods(&client, apis::offloading::v1beta1::shadowPodResource(), slimShadowPods);
    shadowPods.addHandlers({[&](const nlohmann::json &o) { shadowPodUsage.upsert(o); },
                            [&](const nlohmann::json &, const nlohmann::json &o) { shadowPodUsage.upsert(o); },
                            [&](const nlohmann::json &o, bool) { shadowPodUsage.erase(o); }});
    shadowPods.start();
    // ...and the pods made from them, which are charged while they run, even past their ShadowPod.
    kube::Informer::Options offloadedPods;
    offloadedPods.labelSelector = QString::fromLatin1(offloading::kOriginLabel);
    offloadedPods.transform = &offloading::ShadowPodUsage::slimPod;
    kube::Informer shadowPodPods(&client, kube::resources::pods(), offloadedPods);
    shadowPodPods.addHandlers({[&](const nlohmann::json &o) { shadowPodUsage.upsertPod(o); },
                               [&](const nlohmann::json &, const nlohmann::json &o) { shadowPodUsage.upsertPod(o); },
                               [&](const nlohmann::json &o, bool) { shadowPodUsage.erasePod(o); }});
    shadowPodPods.start();
    manager::WebhookRegistration::Caches caches;
    caches.slicesNamed = [&slices](const QString &name) { return slices.store().byIndex(QStringLiteral("name"), name); };
    caches.slicesListed = [&slices] { return slices.hasSynced(); };
    caches.offloadingIn = [&offloadings](const QString &ns) {
        return offloadings.store().get(ns + QStringLiteral("/offloading")).value_or(nlohmann::json());
    };
    caches.offloadingsListed = [&offloadings] { return offloadings.hasSynced(); };
    caches.shadowPods = manager::shadowPodLookups(slices.store(), namespaces.store(), tenants.store(), shadowPodUsage);
    caches.shadowPodsListed = [&] {
        return slices.hasSynced() && namespaces.hasSynced() && tenants.hasSynced() && shadowPods.hasSynced() && shadowPodPods.hasSynced();
    };
    // Declared after the caches its handlers read, so it stops serving before they go.
    manager::WebhookRegistration webhooks(wo);
    auto served = webhooks.start(client, std::move(caches));
    if (!served)
        return fail(served.error().toString());
    metrics.setCallback("spillway_webhook_reviews_total", [&] { return double(webhooks.server()->reviews()); });
    metrics.setCallback("spillway_webhook_denied_total", [&] { return double(webhooks.server()->denied()); });
    metrics.setCallback("spillway_webhook_malformed_total", [&] { return double(webhooks.server()->malformed()); });
    metrics.setCallback("spillway_webhook_unready_total", [&] { return double(webhooks.server()->unready()); });
    metrics.setCallback("spillway_apiserver_requests_total", [&] { return double(client.stats().requests); });

    // Out-of-band peering: consumers holding an invitation authenticate here.
    const QUrl advertisedUrl(p.value(authUrl));
    if (p.isSet(authUrl) && (advertisedUrl.scheme() != QLatin1String("https") || advertisedUrl.host().isEmpty()))
        return fail(QStringLiteral("--auth-url \"%1\" is not an https:// address with a host").arg(p.value(authUrl)));
    const QString authHost = p.isSet(authUrl) ? advertisedUrl.host() : p.value(authAddress);
    auto endpoint = peering::prepareAuthenticationEndpoint(client, p.value(ns), authHost, QStringLiteral("spillway-controller-manager"));
    if (!endpoint)
        return fail(endpoint.error().toString());
    webhook::HttpsServer authServer(endpoint->certPem, endpoint->keyPem, QStringLiteral("peering authentication endpoint"));
    // Failed verifications, at the endpoint and in the Tenant controller, share one budget.
    peering::AuthenticationGuard::Options go;
    go.freeFailures = authFreeFailuresValue;
    go.maxBlockMs = qint64(authMaxBackoffValue) * 1000;
    go.log = [](const QString &cause, const QStringList &keys, qint64 blockedForMs) {
        observe::log("warning", QStringLiteral("authentication"), QStringLiteral("refused"),
                     {{"cause", cause}, {"from", keys.join(QLatin1Char(','))}, {"throttledForMs", QString::number(blockedForMs)}});
    };
    peering::AuthenticationGuard authGuard(go);
    peering::AuthenticationService::Options ao;
    ao.ns = p.value(ns);
    ao.nonce.lifetimeSeconds = nonceLifetimeValue;
    peering::AuthenticationService authentication(client, authGuard, ao);
    authentication.serveOn(authServer);
    auto authServed = authServer.listen(QHostAddress(p.value(authAddress)), aPort);
    if (!authServed)
        return fail(authServed.error().toString());
    endpoint->url = p.isSet(authUrl) ? p.value(authUrl) : QStringLiteral("https://%1:%2").arg(authHost).arg(*authServed);
    if (auto r = peering::publishAuthenticationEndpoint(client, p.value(ns), *endpoint, QStringLiteral("spillway-controller-manager")); !r)
        return fail(r.error().toString());
    metrics.describe("spillway_peering_auth_refused_total", "Out-of-band peering requests refused (bad token, release mismatch, bad Tenant)", "counter");
    metrics.describe("spillway_peering_auth_malformed_total", "Malformed out-of-band peering requests", "counter");
    metrics.setCallback("spillway_peering_auth_refused_total", [&] { return double(authentication.refused()); });
    metrics.setCallback("spillway_peering_auth_malformed_total", [&] { return double(authentication.malformed() + authServer.malformed()); });
    metrics.describe("spillway_peering_auth_failures_total", "Failed peering verifications (endpoint and Tenant controller), by cause", "counter");
    for (const QString &cause : peering::AuthenticationGuard::causes())
        metrics.setCallback("spillway_peering_auth_failures_total", [&authGuard, cause] { return double(authGuard.failures(cause)); },
                            "cause=\"" + cause.toStdString() + "\"");
    metrics.describe("spillway_peering_auth_throttled_total", "Peering attempts answered 429 or deferred because of earlier failures", "counter");
    metrics.setCallback("spillway_peering_auth_throttled_total", [&] { return double(authGuard.throttled()); });

    observe::HealthServer health(&metrics, [] { return true; });
    auto hp = health.listen(QHostAddress(p.value(healthAddress)), hPort);
    if (!hp)
        return fail(hp.error().toString());
    observe::log("info", QStringLiteral("controller-manager"), QStringLiteral("serving"),
                 {{"health", QStringLiteral("%1:%2").arg(p.value(healthAddress)).arg(*hp)},
                  {"webhook", QStringLiteral("%1:%2").arg(p.value(webhookAddress)).arg(*served)},
                  {"authentication", endpoint->url}});

    manager::PeeringControllers::Options po;
    po.liqoNamespace = p.value(ns);
    po.apiServerUrl = p.value(apiServerUrl);
    po.workers = workersValue;
    po.certificateLifetimeSeconds = lifetime;
    po.certificateRenewBeforeSeconds = renewBefore;
    po.nonceLifetimeSeconds = nonceLifetimeValue;
    po.authGuard = &authGuard;
    if (p.value(runtime) != QLatin1String("local") && p.value(runtime) != QLatin1String("kubernetes")) {
        std::fprintf(stderr, "spillway-controller-manager: --runtime must be local or kubernetes\n");
        return 2;
    }
    po.localRuntime = p.value(runtime) == QLatin1String("local");
    if (po.localRuntime && (!p.isSet(stateDir) || !p.isSet(binDir))) {
        std::fprintf(stderr, "spillway-controller-manager: --runtime local needs --state-dir and --bin-dir\n");
        return 2;
    }
    po.stateDir = p.value(stateDir);
    po.virtualKubeletImage = p.value(vkImage);
    po.imagePullPolicy = p.value(pullPolicy);
    if (!po.localRuntime && po.virtualKubeletImage.isEmpty())
        observe::log("warning", QStringLiteral("controller-manager"),
                     QStringLiteral("no --virtual-kubelet-image: virtual nodes cannot be served in the kubernetes runtime"));
    po.binDir = p.value(binDir);
    manager::PeeringControllers peering(&client, po);
    manager::OffloadingControllers::Options oo;
    oo.liqoNamespace = p.value(ns);
    oo.workers = workersValue;
    oo.shadowPodWorkers = shadowPodWorkersValue;
    oo.storage.realStorageClass = p.value(realStorageClass);
    oo.storage.storageNamespace = p.value(storageNamespace);
    manager::OffloadingControllers offloading(&client, oo);
    manager::NetworkControllers::Options no;
    no.liqoNamespace = p.value(ns);
    no.workers = workersValue;
    no.gateways.localRuntime = po.localRuntime;
    no.gateways.stateDir = po.stateDir;
    no.gateways.binDir = po.binDir;
    no.gateways.netns = p.value(gatewayNetns);
    no.gateways.endpointAddress = p.value(gatewayEndpoint);
    no.gateways.liqoNamespace = p.value(ns);
    manager::NetworkControllers network(&client, no);
    auto errorSink = [](const char *area) {
        return [area](const QString &key, const Error &e, bool givingUp) {
            // "Not yet" (a certificate being signed, a namespace being made) is progress, not a failure.
            observe::log(e.kind == Error::Kind::Timeout && !givingUp ? "debug" : "error", QString::fromLatin1(area), e.toString(),
                         {{"key", key}, {"givingUp", givingUp ? QStringLiteral("true") : QStringLiteral("false")}});
        };
    };
    peering.setErrorSink(errorSink("peering"));
    offloading.setErrorSink(errorSink("offloading"));
    network.setErrorSink(errorSink("network"));
    bool controllersRunning = false;

    auto lead = [&] {
        metrics.set("spillway_leader", 1);
        if (!controllersRunning) {
            peering.start();
            offloading.start();
            network.start();
            controllersRunning = true;
        }
        auto r = webhooks.registerWith(client);
        if (!r)
            observe::log("error", QStringLiteral("webhook"), r.error().toString());
        else
            observe::log("info", QStringLiteral("webhook"), QStringLiteral("registered"), {{"configuration", QString::fromLatin1(manager::kValidatingWebhookName)}});
    };
    std::unique_ptr<kube::LeaderElector> elector;
    if (leaderElectValue == QLatin1String("true")) {
        kube::LeaderElector::Options lo;
        lo.ns = p.value(ns);
        lo.name = QStringLiteral("spillway-controller-manager");
        lo.identity = p.isSet(identity) ? p.value(identity)
                                        : QStringLiteral("%1-%2").arg(QHostInfo::localHostName()).arg(QCoreApplication::applicationPid());
        elector = std::make_unique<kube::LeaderElector>(&client, lo);
        // The options end with this block; the signals come later, so the lambdas keep a copy.
        QObject::connect(elector.get(), &kube::LeaderElector::startedLeading, &app, [&, identity = lo.identity] {
            observe::log("info", QStringLiteral("leader-election"), QStringLiteral("started leading"), {{"identity", identity}});
            lead();
        });
        QObject::connect(elector.get(), &kube::LeaderElector::stoppedLeading, &app, [&, identity = lo.identity] {
            observe::log("info", QStringLiteral("leader-election"), QStringLiteral("stopped leading"), {{"identity", identity}});
            metrics.set("spillway_leader", 0);
            // Another replica leads now; two reconcilers of one object would fight.
            if (controllersRunning) {
                peering.stop();
                offloading.stop();
                network.stop();
                QCoreApplication::quit();
            }
        });
        QObject::connect(elector.get(), &kube::LeaderElector::newLeader, &app, [](const QString &who) {
            observe::log("info", QStringLiteral("leader-election"), QStringLiteral("leader"), {{"identity", who}});
        });
        elector->start();
    } else {
        lead();
    }

    // SIGTERM/SIGINT: release the lease and exit cleanly.
    observe::onTerminationSignal(&app, [&] {
        observe::log("info", QStringLiteral("controller-manager"), QStringLiteral("shutting down"));
        if (elector)
            elector->stop();
        QCoreApplication::quit();
    });
    return app.exec();
}
