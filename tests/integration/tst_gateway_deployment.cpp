// Kubernetes runtime of the gateways: a GatewayServer gets its spillway-gateway as a Deployment
// rendered from the installer's wireguard-server template (and a UDP NodePort Service), which the
// real apiserver accepts and its controllers turn into a pod; the Service's port becomes the
// server's status.endpoint; the object's removal takes the workload with it. Running the
// container needs the images of #10.
#include "Testbed.h"

#include "apis/networking/v1beta1/GatewayServer.h"
#include "installer/Manifests.h"
#include "installer/InstallOptions.h"
#include "network/GatewayDeployment.h"
#include "network/GatewayRuntime.h"

using namespace spillway;
using nlohmann::json;

class TestGatewayDeployment : public QObject
{
    Q_OBJECT
    std::unique_ptr<kube::KubeClient> admin;
    const QString liqoNs = QStringLiteral("gwd-liqo-%1").arg(QCoreApplication::applicationPid());
    const QString ns = QStringLiteral("liqo-tenant-gwd-%1").arg(QCoreApplication::applicationPid());

    // A GatewayServer for peer `name` on the wireguard-server template; `extra` joins its spec.
    json gatewayServer(const char *name, int port, const json &extra = json::object()) const
    {
        json spec = {{"endpoint", {{"port", port}, {"serviceType", "NodePort"}}},
                     {"serverTemplateRef", {{"apiVersion", "networking.liqo.io/v1beta1"}, {"kind", "WgGatewayServerTemplate"},
                                            {"name", "wireguard-server"}, {"namespace", liqoNs.toStdString()}}}};
        spec.update(extra);
        return {{"apiVersion", "networking.liqo.io/v1beta1"}, {"kind", "GatewayServer"},
                {"metadata", {{"name", name}, {"namespace", ns.toStdString()}, {"labels", {{"liqo.io/remote-cluster-id", name}}}}},
                {"spec", spec}};
    }
    // The controller manager's runtime for servers, in-cluster, offering `address`.
    network::GatewayRuntime::Options serverRuntimeOptions(const QString &address) const
    {
        network::GatewayRuntime::Options o;
        o.localRuntime = false;
        o.endpointAddress = address;
        o.liqoNamespace = liqoNs;
        return o;
    }

private slots:
    void initTestCase()
    {
        admin = std::make_unique<kube::KubeClient>(testbed::restConfig(QStringLiteral("ci-consumer")));
        for (const char *crd : {"networking.liqo.io_gatewayservers.yaml", "networking.liqo.io_wggatewayservertemplates.yaml"})
            QVERIFY(testbed::applyCrd(*admin, QString::fromLatin1(crd)));
        QTRY_VERIFY_WITH_TIMEOUT((admin->invalidateDiscovery(),
                                  admin->resolve(QStringLiteral("networking.liqo.io/v1beta1"), QStringLiteral("WgGatewayServerTemplate")).ok()
                                      && admin->resolve(QStringLiteral("networking.liqo.io/v1beta1"), QStringLiteral("GatewayServer")).ok()), 30000);
        QVERIFY(testbed::createNamespace(*admin, liqoNs).ok());
        QVERIFY(testbed::createNamespace(*admin, ns).ok());
        auto templates = admin->resolve(QStringLiteral("networking.liqo.io/v1beta1"), QStringLiteral("WgGatewayServerTemplate"));
        QVERIFY(templates.ok());
        for (const json &t : installer::gatewayTemplates(liqoNs, installer::defaultValues()))
            if (t["kind"] == "WgGatewayServerTemplate")
                QVERIFY(admin->create(*templates, liqoNs, t).ok());
    }
    void cleanupTestCase()
    {
        if (!admin)
            return;
        for (const QString &n : {ns, liqoNs})
            (void)admin->remove(kube::resources::namespaces(), {}, n);
    }

    void serverRunsAsADeploymentBehindANodePort()
    {
        const auto servers = apis::networking::v1beta1::gatewayServerResource();
        const json server = gatewayServer("rome", 51840, {{"mtu", 1340}, {"serviceLabels", {{"team", "net"}}},
                                                          {"serviceAnnotations", {{"example.com/lb", "internal"}}}});
        auto created = admin->create(servers, ns, server);
        QVERIFY2(created, created ? "" : qPrintable(created.error().toString()));

        network::GatewayRuntime runtime(*admin, network::GatewayMode::Server, serverRuntimeOptions(QStringLiteral("192.0.2.10")));
        auto r = runtime.reconcile(ns + QStringLiteral("/rome"));
        QVERIFY2(r, r ? "" : qPrintable(r.error().toString()));
        QVERIFY2(runtime.reconcile(ns + QStringLiteral("/rome")).ok(), "reconciling again converges");

        auto deployments = admin->resolve(QStringLiteral("apps/v1"), QStringLiteral("Deployment"));
        QVERIFY(deployments.ok());
        auto d = admin->get(*deployments, ns, QStringLiteral("gw-rome"));
        QVERIFY2(d, d ? "" : qPrintable(d.error().toString()));
        const json pod = (*d)["spec"]["template"]["spec"];
        const json args = pod["containers"][0]["args"];
        for (const char *want : {"--mode=server", "--name=rome", "--remote-cluster-id=rome", "--keys-secret=wg-keys-rome", "--mtu=1340", "--listen-port=51840"})
            QVERIFY2(std::find(args.begin(), args.end(), want) != args.end(), want);
        QVERIFY2(std::find(args.begin(), args.end(), "--namespace=" + ns.toStdString()) != args.end(), "its namespace substituted");
        QCOMPARE(QString::fromStdString(pod.value("serviceAccountName", "")), QStringLiteral("spillway-gateway"));
        QVERIFY((*d)["metadata"]["ownerReferences"][0]["uid"] == (*created)["metadata"]["uid"]);
        QVERIFY(admin->get(kube::resources::serviceAccounts(), ns, QStringLiteral("spillway-gateway")).ok());
        auto crbs = admin->resolve(QStringLiteral("rbac.authorization.k8s.io/v1"), QStringLiteral("ClusterRoleBinding"));
        QVERIFY(crbs.ok());
        QVERIFY(admin->get(*crbs, {}, QStringLiteral("spillway-gateway-") + ns).ok());

        auto svc = admin->get(kube::resources::services(), ns, QStringLiteral("gw-rome"));
        QVERIFY(svc.ok());
        const json port = (*svc)["spec"]["ports"][0];
        QCOMPARE(QString::fromStdString((*svc)["spec"].value("type", "")), QStringLiteral("NodePort"));
        QCOMPARE(QString::fromStdString((*svc)["metadata"]["labels"].value("team", "")), QStringLiteral("net"));
        QCOMPARE(QString::fromStdString((*svc)["metadata"]["labels"].value("networking.liqo.io/gateway-name", "")), QStringLiteral("rome"));
        QCOMPARE(QString::fromStdString((*svc)["metadata"]["annotations"].value("example.com/lb", "")), QStringLiteral("internal"));
        QCOMPARE(QString::fromStdString(port.value("protocol", "")), QStringLiteral("UDP"));
        QVERIFY(port.value("nodePort", 0) >= 30000);
        auto now = admin->get(servers, ns, QStringLiteral("rome"));
        QVERIFY(now.ok());
        const json endpoint = (*now)["status"]["endpoint"];
        QVERIFY2(endpoint == json({{"addresses", {"192.0.2.10"}}, {"port", port.value("nodePort", 0)}, {"protocol", "UDP"}}), endpoint.dump().c_str());
        // The cluster's own controllers accept it: a ReplicaSet makes the gateway's pod.
        QTRY_VERIFY_WITH_TIMEOUT(admin->list(kube::resources::pods(), ns, kube::withLabels(QStringLiteral("networking.liqo.io/gateway-name=rome"))).ok()
                                     && !(*admin->list(kube::resources::pods(), ns, kube::withLabels(QStringLiteral("networking.liqo.io/gateway-name=rome"))))["items"].empty(),
                                 30000);

        QVERIFY(admin->remove(servers, ns, QStringLiteral("rome")).ok());
        // As the controller would, reconciled until the gateway's identity is gone with it.
        auto identityGone = [&] {
            auto again = runtime.reconcile(ns + QStringLiteral("/rome"));
            auto crb = admin->get(*crbs, {}, QStringLiteral("spillway-gateway-") + ns);
            return again.ok() && !crb.ok() && crb.error().isNotFound();
        };
        QTRY_VERIFY_WITH_TIMEOUT(identityGone(), 10000);
        // Owned by the gateway object: the garbage collector takes them — once it watches the
        // kind, which for a CRD applied moments ago is after its next discovery pass (30 s).
        auto gone = [](const Result<json> &r) { return !r.ok() && r.error().isNotFound(); };
        QTRY_VERIFY_WITH_TIMEOUT(gone(admin->get(*deployments, ns, QStringLiteral("gw-rome"))) && gone(admin->get(kube::resources::services(), ns, QStringLiteral("gw-rome"))),
                                 90000);
    }

    void anUpgradedGatewayKeepsItsServiceAndLosesItsOldDeployment()
    {
        // What an older Spillway ran for gateway "paris": a Deployment and a NodePort Service
        // named after the gateway itself, owned by it.
        const auto servers = apis::networking::v1beta1::gatewayServerResource();
        const json server = gatewayServer("paris", 51841);
        auto created = admin->create(servers, ns, server);
        QVERIFY2(created, created ? "" : qPrintable(created.error().toString()));
        const json owner = {{"apiVersion", "networking.liqo.io/v1beta1"}, {"kind", "GatewayServer"}, {"name", "paris"},
                            {"uid", (*created)["metadata"]["uid"]}, {"controller", true}};
        const json meta = {{"name", "paris"}, {"namespace", ns.toStdString()}, {"ownerReferences", json::array({owner})}};
        auto oldService = admin->create(kube::resources::services(), ns,
                                        {{"apiVersion", "v1"}, {"kind", "Service"}, {"metadata", meta},
                                         {"spec", {{"type", "NodePort"}, {"ports", json::array({{{"port", 51841}, {"protocol", "UDP"}}})}}}});
        QVERIFY2(oldService, oldService ? "" : qPrintable(oldService.error().toString()));
        const int nodePort = (*oldService)["spec"]["ports"][0].value("nodePort", 0);
        const json labels = {{"app", "old-gateway"}};
        QVERIFY(admin->create(kube::resources::deployments(), ns,
                              {{"apiVersion", "apps/v1"}, {"kind", "Deployment"}, {"metadata", meta},
                               {"spec", {{"replicas", 0}, {"selector", {{"matchLabels", labels}}},
                                         {"template", {{"metadata", {{"labels", labels}}},
                                                       {"spec", {{"containers", json::array({{{"name", "c"}, {"image", "x"}}})}}}}}}}})
                    .ok());

        network::GatewayRuntime runtime(*admin, network::GatewayMode::Server, serverRuntimeOptions(QStringLiteral("192.0.2.11")));
        auto r = runtime.reconcile(ns + QStringLiteral("/paris"));
        QVERIFY2(r, r ? "" : qPrintable(r.error().toString()));

        auto gone = [](const Result<json> &x) { return !x.ok() && x.error().isNotFound(); };
        QVERIFY2(admin->get(kube::resources::deployments(), ns, QStringLiteral("gw-paris")).ok(), "the gateway runs as gw-paris");
        QVERIFY2(gone(admin->get(kube::resources::deployments(), ns, QStringLiteral("paris"))), "its old Deployment is gone");
        QVERIFY2(gone(admin->get(kube::resources::services(), ns, QStringLiteral("gw-paris"))), "no second Service");
        auto kept = admin->get(kube::resources::services(), ns, QStringLiteral("paris"));
        QVERIFY2(kept, "the old Service stays");
        QCOMPARE((*kept)["spec"]["ports"][0].value("nodePort", 0), nodePort);
        QCOMPARE(QString::fromStdString((*kept)["metadata"]["labels"].value("networking.liqo.io/gateway-name", "")), QStringLiteral("paris"));
        auto now = admin->get(servers, ns, QStringLiteral("paris"));
        QVERIFY(now.ok());
        QCOMPARE((*now)["status"]["endpoint"].value("port", 0), nodePort);   // the peer keeps dialling the same port
        QVERIFY(admin->remove(servers, ns, QStringLiteral("paris")).ok());
        auto crbs = admin->resolve(QStringLiteral("rbac.authorization.k8s.io/v1"), QStringLiteral("ClusterRoleBinding"));
        QVERIFY(crbs.ok());
        QTRY_VERIFY_WITH_TIMEOUT(runtime.reconcile(ns + QStringLiteral("/paris")).ok() && gone(admin->get(*crbs, {}, QStringLiteral("spillway-gateway-") + ns)),
                                 10000);
    }

    void unknownTemplateFieldsAreNamed()
    {
        network::GatewayTemplateValues v{QStringLiteral("rome"), QStringLiteral("t"), QStringLiteral("rome"), QStringLiteral("k"), 1340, 51840, {}};
        auto r = network::renderGatewayTemplate({{"metadata", {{"name", "{{ .Name }}"}}}, {"spec", {{"x", "{{ .Spec.Unknown }}"}}}}, v);
        QVERIFY(!r && r.error().message.contains(QStringLiteral("{{ .Spec.Unknown }}")));
        auto ok = network::renderGatewayTemplate({{"metadata", {{"name", "{{ .Name }}-{{ .ClusterID }}"}}}}, v);
        QVERIFY(ok && (*ok)["metadata"]["name"] == "rome-rome");
    }
};

SPILLWAY_TESTBED_MAIN(QCoreApplication, TestGatewayDeployment)
#include "tst_gateway_deployment.moc"
