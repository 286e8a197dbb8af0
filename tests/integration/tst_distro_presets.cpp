// `spillctl install <distribution>` against a real apiserver: what each preset reads from the
// cluster (kubeadm's ClusterConfiguration, k3s' node arguments, a control-plane node's address)
// and that every preset's rendered manifests pass the apiserver's server-side dry-run.
#include "Testbed.h"
#include "installer/DistroPreset.h"
#include "installer/Installer.h"
#include "installer/Manifests.h"
#include "kube/ApplyObject.h"

using namespace spillway;
using namespace spillway::installer;
using nlohmann::json;

namespace {

const QString kNs = QStringLiteral("spillway-preset-test");
const QString kNode = QStringLiteral("preset-test-control-plane");

const json *find(const std::vector<json> &objects, const std::string &kind, const std::string &name)
{
    for (const json &o : objects)
        if (o.value("kind", "") == kind && o["metadata"].value("name", "") == name)
            return &o;
    return nullptr;
}

QString arg(const json &deployment, const QString &flag)
{
    for (const json &a : deployment["spec"]["template"]["spec"]["containers"][0]["args"])
        if (const QString s = QString::fromStdString(a.get<std::string>()); s.startsWith(flag + QLatin1Char('=')))
            return s.mid(flag.size() + 1);
    return {};
}

} // namespace

class TestDistroPresets : public QObject
{
    Q_OBJECT
    std::unique_ptr<kube::KubeClient> admin;

    void removeFixtures()
    {
        admin->remove(kube::resources::configMaps(), QStringLiteral("kube-system"), QStringLiteral("kubeadm-config"));
        admin->remove(kube::resources::nodes(), {}, kNode);
    }

    Result<RenderInput> plan(const QString &distro, QMap<QString, QString> values = {})
    {
        InstallOptions o;
        o.distro = distro;
        o.ns = kNs;
        o.runtime = Runtime::Kubernetes;
        o.values = std::move(values);
        return Installer(*admin, o, {}).plan();
    }

private slots:
    void initTestCase()
    {
        admin = std::make_unique<kube::KubeClient>(testbed::restConfig(QStringLiteral("ci-provider")));
        removeFixtures();
        // A run just before this one may have left the namespace terminating, where nothing can be created.
        QTRY_VERIFY_WITH_TIMEOUT([this] {
            auto existing = admin->get(kube::resources::namespaces(), {}, kNs);
            return existing ? !(*existing)["metadata"].contains("deletionTimestamp") : existing.error().isNotFound();
        }(), 120000);
        auto ns = testbed::createNamespace(*admin, kNs);
        QVERIFY2(ns || ns.error().httpStatus == 409, qPrintable(ns ? QString() : ns.error().toString()));
    }

    void cleanupTestCase()
    {
        removeFixtures();
        admin->remove(kube::resources::namespaces(), {}, kNs);
    }

    // Nothing to read: each distribution's documented defaults, the kubeconfig's address.
    void presetsWithoutClusterFacts()
    {
        auto kind = plan(QStringLiteral("kind"));
        QVERIFY2(kind, qPrintable(kind ? QString() : kind.error().toString()));
        QCOMPARE(kind->options.podCidrs, QStringList{QStringLiteral("10.244.0.0/16")});
        QCOMPARE(kind->options.values.value(QStringLiteral("apiServer.address")), admin->config().server);
        QCOMPARE(kind->options.values.value(QStringLiteral("networking.gatewayServiceType")), QStringLiteral("NodePort"));
        auto eks = plan(QStringLiteral("eks"));
        QVERIFY(eks);
        QVERIFY(eks->options.podCidrs.isEmpty());   // EKS pods take VPC addresses: nothing to assume
        QCOMPARE(eks->options.values.value(QStringLiteral("networking.gatewayServiceType")), QStringLiteral("LoadBalancer"));
        QCOMPARE(eks->options.values.value(QStringLiteral("authentication.serviceType")), QStringLiteral("LoadBalancer"));
        // The testbed's apiserver has the ServiceCIDR API: the service CIDR is read, not assumed.
        QVERIFY(!eks->options.serviceCidr.isEmpty());
        QCOMPARE(eks->options.serviceCidr, kind->options.serviceCidr);
    }

    // What kubeadm, kind and k3s leave in the cluster is read and wins over the defaults.
    void presetsReadWhatTheClusterSays()
    {
        const json kubeadmConfig = {{"apiVersion", "v1"}, {"kind", "ConfigMap"},
                                    {"metadata", {{"name", "kubeadm-config"}, {"namespace", "kube-system"}}},
                                    {"data", {{"ClusterConfiguration",
                                               "apiVersion: kubeadm.k8s.io/v1beta3\nkind: ClusterConfiguration\n"
                                               "networking:\n  podSubnet: 10.123.0.0/16,fd00:10::/56\n  serviceSubnet: 10.124.0.0/16\n"}}}};
        QVERIFY(admin->create(kube::resources::configMaps(), QStringLiteral("kube-system"), kubeadmConfig));
        const json node = {{"apiVersion", "v1"}, {"kind", "Node"},
                           {"metadata", {{"name", kNode.toStdString()},
                                         {"labels", {{"node-role.kubernetes.io/control-plane", ""}}},
                                         {"annotations", {{"k3s.io/node-args", R"(["server","--cluster-cidr","10.52.0.0/16","--service-cidr=10.53.0.0/16"])"}}}}},
                           // Tainted as control planes are, so no other test's pod lands on it meanwhile.
                           {"spec", {{"taints", json::array({{{"key", "node-role.kubernetes.io/control-plane"}, {"effect", "NoSchedule"}}})}}}};
        auto created = admin->create(kube::resources::nodes(), {}, node);
        QVERIFY2(created, qPrintable(created ? QString() : created.error().toString()));
        kube::PatchOptions statusPatch;
        statusPatch.subresource = QStringLiteral("status");
        auto patched = admin->patch(kube::resources::nodes(), {}, kNode, kube::PatchType::Merge,
                                    QByteArray(R"({"status":{"addresses":[{"type":"InternalIP","address":"172.18.0.7"}]}})"), statusPatch);
        QVERIFY2(patched, qPrintable(patched ? QString() : patched.error().toString()));

        auto kind = plan(QStringLiteral("kind"));
        QVERIFY2(kind, qPrintable(kind ? QString() : kind.error().toString()));
        QCOMPARE(kind->options.podCidrs, QStringList{QStringLiteral("10.123.0.0/16")});   // IPv4 only
        QCOMPARE(kind->options.values.value(QStringLiteral("apiServer.address")), QStringLiteral("https://172.18.0.7:6443"));
        // A generic cluster's kubeconfig address is what peers are given.
        auto generic = plan(QStringLiteral("generic"));
        QVERIFY(generic);
        QCOMPARE(generic->options.values.value(QStringLiteral("apiServer.address")), admin->config().server);
        QCOMPARE(generic->options.podCidrs, QStringList{QStringLiteral("10.123.0.0/16")});

        // k3s: no kubeadm-config; the server's own arguments say it.
        QVERIFY(admin->remove(kube::resources::configMaps(), QStringLiteral("kube-system"), QStringLiteral("kubeadm-config")));
        auto k3s = plan(QStringLiteral("k3s"));
        QVERIFY(k3s);
        QCOMPARE(k3s->options.podCidrs, QStringList{QStringLiteral("10.52.0.0/16")});
        // The testbed's kubeconfig is on loopback, as k3s' own is: peers get the server node's address.
        QCOMPARE(k3s->options.values.value(QStringLiteral("apiServer.address")), QStringLiteral("https://172.18.0.7:6443"));

        // The user's choice wins over everything read.
        auto overridden = plan(QStringLiteral("kind"), {{QStringLiteral("apiServer.address"), QStringLiteral("https://peers.example:443")},
                                                       {QStringLiteral("networking.gatewayServiceType"), QStringLiteral("LoadBalancer")}});
        QVERIFY(overridden);
        QCOMPARE(overridden->options.values.value(QStringLiteral("apiServer.address")), QStringLiteral("https://peers.example:443"));
        QCOMPARE(overridden->options.values.value(QStringLiteral("networking.gatewayServiceType")), QStringLiteral("LoadBalancer"));
        removeFixtures();
    }

    // Every object of every preset, as `spillctl install <distro> --runtime kubernetes` would
    // apply it, accepted by the apiserver's admission and validation (server-side dry-run create).
    void everyPresetPassesServerSideDryRun_data()
    {
        QTest::addColumn<QString>("distro");
        for (const QString &d : kDistros)
            QTest::newRow(qPrintable(d)) << d;
    }

    void everyPresetPassesServerSideDryRun()
    {
        QFETCH(QString, distro);
        auto in = plan(distro, {{QStringLiteral("image.registry"), QStringLiteral("registry.example/spillway")}});
        QVERIFY2(in, qPrintable(in ? QString() : in.error().toString()));
        auto objects = renderManifests(*in);
        QVERIFY2(objects, qPrintable(objects ? QString() : objects.error().toString()));
        // CRDs are really applied (the dry-run of their instances needs them served).
        for (const json &o : *objects) {
            if (o.value("kind", "") != "CustomResourceDefinition")
                continue;
            QVERIFY(admin->apply(kube::resources::customResourceDefinitions(), {}, o, QStringLiteral("spillway-installer"), true));
            const QString name = QString::fromStdString(o["metadata"]["name"].get<std::string>());
            QTRY_VERIFY_WITH_TIMEOUT(([&] {
                auto crd = admin->get(kube::resources::customResourceDefinitions(), {}, name);
                if (crd)
                    for (const json &c : (*crd)["status"].value("conditions", json::array()))
                        if (c.value("type", "") == "Established" && c.value("status", "") == "True")
                            return true;
                return false;
            }()), 30000);
        }
        admin->invalidateDiscovery();
        int dryRun = 0;
        for (const json &o : *objects) {
            if (o.value("kind", "") == "CustomResourceDefinition" || o.value("kind", "") == "Namespace")
                continue;
            auto target = kube::targetOf(*admin, o);
            QVERIFY2(target, qPrintable(target ? QString() : target.error().toString()));
            // Created, not applied: validated as rendered, not merged with what other tests
            // installed into this shared cluster. A cluster-scoped object that exists is tried
            // under another name (namespaced ones go to this test's own, empty namespace).
            json candidate = o;
            if (target->ns.isEmpty() && admin->get(target->resource, {}, target->name))
                candidate["metadata"]["name"] = target->name.toStdString() + "-preset-dry-run";
            kube::WriteOptions dry;
            dry.dryRun = true;
            auto r = admin->create(target->resource, target->ns, candidate, dry);
            QVERIFY2(r, qPrintable(QStringLiteral("%1 %2: %3").arg(QString::fromStdString(o.value("kind", "")),
                                                                    QString::fromStdString(o["metadata"].value("name", "")),
                                                                    r ? QString() : r.error().toString())));
            ++dryRun;
        }
        QVERIFY(dryRun > 20);
        const json *deployment = find(*objects, "Deployment", names::kControllerManager);
        QVERIFY(deployment);
        QCOMPARE(QString::fromStdString((*deployment)["spec"]["template"]["spec"]["containers"][0]["image"].get<std::string>()),
                 QStringLiteral("registry.example/spillway/spillway-controller-manager:v") + Version::current().toString());
        QCOMPARE(arg(*deployment, QStringLiteral("--api-server-address-override")), in->options.values.value(QStringLiteral("apiServer.address")));
        // What liqoctl info and version look for: Liqo's two labels on the Deployment, its cluster labels in the args.
        QCOMPARE((*deployment)["metadata"]["labels"].value("app.kubernetes.io/name", ""), std::string("controller-manager"));
        QCOMPARE((*deployment)["metadata"]["labels"].value("app.kubernetes.io/component", ""), std::string("controller-manager"));
        if (distro != QLatin1String("generic"))
            QCOMPARE(arg(*deployment, QStringLiteral("--cluster-labels")), QStringLiteral("liqo.io/provider=") + distro);
        const json *auth = find(*objects, "Service", names::kAuthService);
        QVERIFY(auth);
        QCOMPARE(QString::fromStdString((*auth)["spec"]["type"].get<std::string>()), distroPreset(distro).serviceType);
        const json *record = find(*objects, "ConfigMap", names::kInstallRecord);
        QVERIFY(record);
        QCOMPARE(QString::fromStdString((*record)["data"]["gatewayServiceType"].get<std::string>()), distroPreset(distro).serviceType);
        // Dry-run changed nothing.
        QVERIFY(!admin->get(kube::resources::deployments(), kNs, QString::fromLatin1(names::kControllerManager)));
    }
};

QTEST_GUILESS_MAIN(TestDistroPresets)
#include "tst_distro_presets.moc"
