// The installer's pure parts: option checks, cluster IDs, what is rendered for each runtime, and
// the install record read back.
#include "installer/DistroPreset.h"
#include "installer/InstallOptions.h"
#include "installer/Manifests.h"

#include <QTest>

using namespace spillway;
using namespace spillway::installer;
using nlohmann::json;

namespace {

RenderInput input(Runtime runtime)
{
    RenderInput in;
    in.options.distro = QStringLiteral("k3s");
    in.options.runtime = runtime;
    in.options.podCidrs = {QStringLiteral("10.42.0.0/16")};
    in.options.serviceCidr = QStringLiteral("10.43.0.0/16");
    in.options.stateDir = QStringLiteral("/var/lib/sw");
    in.clusterId = QStringLiteral("rome");
    in.webhookPort = 23456;
    in.healthPort = 23457;
    in.host = QStringLiteral("box");
    return in;
}

const json *find(const std::vector<json> &objects, const std::string &kind, const std::string &name)
{
    for (const json &o : objects)
        if (o.value("kind", "") == kind && o["metadata"].value("name", "") == name)
            return &o;
    return nullptr;
}

} // namespace

class TestInstaller : public QObject
{
    Q_OBJECT
private slots:
    void validOptionsPass()
    {
        InstallOptions o;
        o.clusterId = QStringLiteral("milan-1");
        o.clusterLabels = {{QStringLiteral("topology.kubernetes.io/region"), QStringLiteral("eu-south")}};
        o.podCidrs = {QStringLiteral("10.244.0.0/16"), QStringLiteral("fd00::/64")};
        o.values = {{QStringLiteral("controllerManager.workers"), QStringLiteral("8")}};
        QVERIFY2(validate(o).isEmpty(), qPrintable(validate(o).join(QLatin1Char('\n'))));
    }

    void everyBadOptionIsNamed_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("message");
        QTest::newRow("distro") << "distro" << "minikube" << "use one of: generic, kind";
        QTest::newRow("cluster id upper") << "clusterId" << "Rome" << "--cluster-id \"Rome\" is not valid";
        QTest::newRow("cluster id dash") << "clusterId" << "-rome" << "--cluster-id \"-rome\" is not valid";
        QTest::newRow("host bits") << "podCidr" << "10.0.0.1/8" << "--pod-cidr \"10.0.0.1/8\" is not a network";
        QTest::newRow("no prefix") << "podCidr" << "10.0.0.0" << "--pod-cidr \"10.0.0.0\" is not a network";
        QTest::newRow("label key") << "labelKey" << "-bad" << "\"-bad\" is not a valid label key";
        QTest::newRow("label value") << "labelValue" << "a b" << "\"a b\" is not a valid label value";
        QTest::newRow("set key") << "set" << "image.nope" << "--set image.nope: unknown value";
        QTest::newRow("namespace") << "ns" << "Liqo" << "--namespace \"Liqo\" is not a valid namespace name";
    }
    void everyBadOptionIsNamed()
    {
        QFETCH(QString, field);
        QFETCH(QString, value);
        QFETCH(QString, message);
        InstallOptions o;
        if (field == QLatin1String("distro")) o.distro = value;
        if (field == QLatin1String("clusterId")) o.clusterId = value;
        if (field == QLatin1String("podCidr")) o.podCidrs = {value};
        if (field == QLatin1String("labelKey")) o.clusterLabels = {{value, QStringLiteral("x")}};
        if (field == QLatin1String("labelValue")) o.clusterLabels = {{QStringLiteral("k"), value}};
        if (field == QLatin1String("set")) o.values = {{value, QStringLiteral("1")}};
        if (field == QLatin1String("ns")) o.ns = value;
        const QStringList problems = validate(o);
        QCOMPARE(problems.size(), 1);
        QVERIFY2(problems[0].contains(message), qPrintable(problems[0]));
    }

    void resourcePolicyFromSet()
    {
        InstallOptions o;
        o.values = {{QStringLiteral("resources.percentage"), QStringLiteral("100")}, {QStringLiteral("resources.overcommit"), QStringLiteral("1.5")}};
        auto policy = resourcePolicyJson(o);
        QVERIFY2(policy.ok(), qPrintable(policy.ok() ? QString() : policy.error().message));
        QCOMPARE((*policy).value("overcommit", 0.0), 1.5);
        QCOMPARE((*policy).value("percentage", 0), 100);
        QVERIFY(!resourcePolicyJson(InstallOptions{}).value().contains("overcommit"));   // 1: none, left out
        o.values[QStringLiteral("resources.overcommit")] = QStringLiteral("0.5");
        const QStringList problems = validate(o);
        QCOMPARE(problems.size(), 1);
        QVERIFY2(problems[0].contains(QLatin1String("overcommit must be a number from 1")), qPrintable(problems[0]));
    }

    void keyValuesParse()
    {
        auto kv = parseKeyValues(QStringLiteral("a=1, b = 2"), QStringLiteral("--x"));
        QVERIFY(kv.ok());
        QCOMPARE(kv->value(QStringLiteral("b")), QStringLiteral("2"));
        auto bad = parseKeyValues(QStringLiteral("a=1,b"), QStringLiteral("--cluster-labels"));
        QVERIFY(!bad.ok());
        QVERIFY(bad.error().message.contains(QStringLiteral("--cluster-labels: \"b\" is not key=value")));
    }

    void clusterIdsAreReadableValidAndFromTheInjectedRandomness()
    {
        double seq[] = {0.0, 0.5, 0.1, 0.2, 0.3, 0.4, 0.99};
        int i = 0;
        const QString a = generateClusterId([&] { return seq[i++ % 7]; });
        i = 0;
        const QString b = generateClusterId([&] { return seq[i++ % 7]; });
        QCOMPARE(a, b);
        QVERIFY(isValidClusterId(a));
        QCOMPARE(a.count(QLatin1Char('-')), 2);
        QCOMPARE(a, QStringLiteral("amber-otter-1346"));   // adjective 0.0, noun 0.5, then four hex digits
        QVERIFY(isValidClusterId(generateClusterId([] { return 0.999999; })));
    }

    void localRuntimeRendersEverythingLabelledWithAUrlWebhook()
    {
        auto objects = renderManifests(input(Runtime::Local));
        QVERIFY2(objects.ok(), objects ? "" : qPrintable(objects.error().toString()));
        int crds = 0;
        for (const json &o : *objects) {
            QVERIFY2(o["metadata"]["labels"].value("app.kubernetes.io/part-of", "") == "spillway", o.dump().c_str());
            crds += o.value("kind", "") == "CustomResourceDefinition";
            QVERIFY2(o.value("kind", "") != "Deployment" && o.value("kind", "") != "DaemonSet", "the local runtime runs processes, not Deployments");
        }
        QCOMPARE(crds, 18);
        QCOMPARE(objects->front().value("kind", ""), std::string("CustomResourceDefinition"));
        const json *id = find(*objects, "ConfigMap", names::kClusterIdConfigMap);
        QVERIFY(id);
        QVERIFY((*id)["data"] == json({{"CLUSTER_ID", "rome"}}));
        QVERIFY((*id)["metadata"]["labels"].value("app.kubernetes.io/name", "") == "clusterid-configmap");
        const json *record = find(*objects, "ConfigMap", names::kInstallRecord);
        QVERIFY(record);
        QVERIFY((*record)["data"].value("clusterLabels", "") == "liqo.io/provider=k3s");
        QVERIFY((*record)["data"].value("webhookPort", "") == "23456");
        const json *hook = find(*objects, "ValidatingWebhookConfiguration", "spillway-validating-webhook");
        QVERIFY(hook);
        QCOMPARE((*hook)["webhooks"].size(), size_t(3));
        QVERIFY((*hook)["webhooks"][2]["clientConfig"].value("url", "") == "https://127.0.0.1:23456/validate/shadowpod");
        QVERIFY((*hook)["webhooks"][1]["clientConfig"].value("url", "") == "https://127.0.0.1:23456/validate/resourceslice");
        QVERIFY(!(*hook)["webhooks"][0]["clientConfig"].contains("caBundle"));   // the controller manager owns it
        QVERIFY(find(*objects, "WgGatewayServerTemplate", "wireguard-server"));
        QVERIFY(find(*objects, "WgGatewayClientTemplate", "wireguard-client"));
        for (const char *component : {"spillway-controller-manager", "spillway-virtual-kubelet", "spillway-gateway"}) {
            QVERIFY(find(*objects, "ServiceAccount", component));
            QVERIFY(find(*objects, "ClusterRole", component));
            QVERIFY(find(*objects, "ClusterRoleBinding", component));
        }
    }

    void leastPrivilegeHasNoWildcardVerbsOrCoreResources()
    {
        for (const json &o : rbacManifests(QStringLiteral("liqo"))) {
            if (o.value("kind", "") != "ClusterRole" && o.value("kind", "") != "Role")
                continue;
            for (const json &rule : o["rules"]) {
                QVERIFY2(rule["verbs"] != json::array({"*"}), o.dump().c_str());
                for (const json &g : rule["apiGroups"])
                    if (g == "" || g == "rbac.authorization.k8s.io" || g == "admissionregistration.k8s.io")
                        QVERIFY2(rule["resources"] != json::array({"*"}), o.dump().c_str());
            }
        }
    }

    void kubernetesRuntimeRendersDeploymentServiceAndServiceWebhook()
    {
        RenderInput in = input(Runtime::Kubernetes);
        in.options.values = {{QStringLiteral("image.registry"), QStringLiteral("reg.example/sw")}};
        auto objects = renderManifests(in);
        QVERIFY(objects.ok());
        const json *d = find(*objects, "Deployment", "spillway-controller-manager");
        QVERIFY(d);
        // Two replicas by default (one leads, both serve webhooks), on different nodes when they can.
        QVERIFY((*d)["spec"]["replicas"] == 2);
        QVERIFY((*d)["spec"]["template"]["spec"]["affinity"]["podAntiAffinity"]["preferredDuringSchedulingIgnoredDuringExecution"][0]["podAffinityTerm"]["topologyKey"]
                == "kubernetes.io/hostname");
        const json &container = (*d)["spec"]["template"]["spec"]["containers"][0];
        QVERIFY(container.value("image", "") == "reg.example/sw/spillway-controller-manager:v" + Version::current().toString().toStdString());
        QVERIFY(container["args"].dump().find("--webhook-service=spillway-webhook") != std::string::npos);
        QVERIFY(find(*objects, "Service", "spillway-webhook"));
        const json *hook = find(*objects, "ValidatingWebhookConfiguration", "spillway-validating-webhook");
        QVERIFY((*hook)["webhooks"][0]["clientConfig"]["service"] == json({{"namespace", "liqo"}, {"name", "spillway-webhook"}, {"path", "/validate/namespaceoffloading"}, {"port", 443}}));
        const json *record = find(*objects, "ConfigMap", names::kInstallRecord);
        QVERIFY(!(*record)["data"].contains("stateDir"));

        // The fabric: on every real node's own network, with NET_ADMIN and nothing else.
        const json *fabric = find(*objects, "DaemonSet", "spillway-fabric");
        QVERIFY(fabric);
        const json &pod = (*fabric)["spec"]["template"]["spec"];
        QVERIFY(pod.value("hostNetwork", false));
        QVERIFY(pod["serviceAccountName"] == "spillway-fabric");
        QVERIFY(pod["containers"][0]["args"] == json::array({"--fabric", "--metrics-address=$(HOST_IP):9448"}));
        QVERIFY(pod["containers"][0]["readinessProbe"]["httpGet"]["path"] == "/readyz");
        QVERIFY(pod["containers"][0]["livenessProbe"]["httpGet"]["path"] == "/healthz");
        QVERIFY(pod["containers"][0]["env"][0]["valueFrom"]["fieldRef"]["fieldPath"] == "spec.nodeName");
        QVERIFY(pod["containers"][0]["securityContext"]["capabilities"]["add"] == json::array({"NET_ADMIN"}));
        QVERIFY(pod.dump().find("virtual-node") != std::string::npos);   // not on virtual nodes
        QVERIFY(find(*objects, "ClusterRole", "spillway-fabric"));

        // A gateway pod forwards: a privileged init step, then an unprivileged gateway.
        const json *server = find(*objects, "WgGatewayServerTemplate", "wireguard-server");
        QVERIFY(server);
        const json &gatewayPod = (*server)["spec"]["template"]["spec"]["deployment"]["spec"]["template"]["spec"];
        QVERIFY(gatewayPod["initContainers"][0]["args"] == json::array({"--enable-forwarding"}));
        QVERIFY(gatewayPod["initContainers"][0]["securityContext"]["privileged"] == true);
        QVERIFY(!gatewayPod["containers"][0]["securityContext"].contains("privileged"));
        // Probed on its health port; readiness is not "Connected" (GatewayAgent::ready).
        QVERIFY(gatewayPod["containers"][0]["args"].dump().find("--metrics-address=0.0.0.0:8082") != std::string::npos);
        QVERIFY(gatewayPod["containers"][0]["readinessProbe"]["httpGet"]["path"] == "/readyz");
        QVERIFY(gatewayPod["containers"][0]["livenessProbe"]["httpGet"]["path"] == "/healthz");
    }

    void renderRefusesBadOptions()
    {
        RenderInput in = input(Runtime::Local);
        in.options.serviceCidr = QStringLiteral("nope");
        auto objects = renderManifests(in);
        QVERIFY(!objects.ok());
        QVERIFY(objects.error().message.contains(QStringLiteral("--service-cidr")));
    }

    // The precedence of each choice: the user's flag, the previous install, the cluster, the preset.
    void presetsSettleEachChoiceAndSayWhere()
    {
        const QString kubeconfigServer = QStringLiteral("https://127.0.0.1:35000");
        InstallOptions kind;
        kind.distro = QStringLiteral("kind");
        QStringList lines = settlePreset(kind, {}, std::nullopt, kubeconfigServer);
        QCOMPARE(kind.podCidrs, QStringList{QStringLiteral("10.244.0.0/16")});
        QCOMPARE(kind.serviceCidr, QStringLiteral("10.96.0.0/12"));
        QCOMPARE(kind.values.value(QStringLiteral("apiServer.address")), kubeconfigServer);
        QVERIFY(lines.contains(QStringLiteral("Pod CIDR 10.244.0.0/16 (the kind default; pass --pod-cidr if this cluster uses another)")));
        QVERIFY(lines.contains(QStringLiteral("Gateway Service type NodePort (the kind preset; pass --gateway-service-type to override)")));
        QVERIFY2(lines.join(QLatin1Char('\n')).contains(QStringLiteral("Note: https://127.0.0.1:35000 is this machine's loopback")), qPrintable(lines.join(QLatin1Char('\n'))));

        ClusterFacts facts;
        facts.podCidrs = {QStringLiteral("10.1.0.0/16")};
        facts.podSource = QStringLiteral("kube-system/kubeadm-config");
        facts.controlPlaneAddress = QStringLiteral("172.18.0.2");
        InstallOptions kindRead;
        kindRead.distro = QStringLiteral("kind");
        lines = settlePreset(kindRead, facts, std::nullopt, kubeconfigServer);
        QCOMPARE(kindRead.podCidrs, QStringList{QStringLiteral("10.1.0.0/16")});
        QCOMPARE(kindRead.values.value(QStringLiteral("apiServer.address")), QStringLiteral("https://172.18.0.2:6443"));
        QVERIFY(lines.contains(QStringLiteral("Pod CIDR 10.1.0.0/16 (from kube-system/kubeadm-config; pass --pod-cidr to override)")));
        QVERIFY(lines.contains(QStringLiteral("API server URL for peers https://172.18.0.2:6443 (the control-plane node's InternalIP; pass --api-server-url to override)")));

        // A cloud's kubeconfig address is public; its nodes are not.
        InstallOptions gke;
        gke.distro = QStringLiteral("gke");
        gke.runtime = Runtime::Kubernetes;
        settlePreset(gke, facts, std::nullopt, QStringLiteral("https://34.1.2.3"));
        QCOMPARE(gke.values.value(QStringLiteral("apiServer.address")), QStringLiteral("https://34.1.2.3"));
        QCOMPARE(gke.values.value(QStringLiteral("networking.gatewayServiceType")), QStringLiteral("LoadBalancer"));
        QCOMPARE(gke.values.value(QStringLiteral("authentication.serviceType")), QStringLiteral("LoadBalancer"));

        // kubeadm's controlPlaneEndpoint is the address the cluster was set up to be reached by.
        InstallOptions kubeadm;
        kubeadm.distro = QStringLiteral("kubeadm");
        facts.controlPlaneEndpoint = QStringLiteral("cp.example");
        settlePreset(kubeadm, facts, std::nullopt, kubeconfigServer);
        QCOMPARE(kubeadm.values.value(QStringLiteral("apiServer.address")), QStringLiteral("https://cp.example:6443"));

        // What the user said, then what was installed before, win over what is read.
        InstallOptions given;
        given.distro = QStringLiteral("kind");
        given.podCidrs = {QStringLiteral("10.9.0.0/16")};
        given.values = {{QStringLiteral("apiServer.address"), QStringLiteral("https://me.example")},
                        {QStringLiteral("networking.gatewayServiceType"), QStringLiteral("ClusterIP")}};
        InstallRecord previous;
        previous.serviceCidr = QStringLiteral("10.8.0.0/16");
        previous.podCidrs = {QStringLiteral("10.7.0.0/16")};
        lines = settlePreset(given, facts, previous, kubeconfigServer);
        QCOMPARE(given.podCidrs, QStringList{QStringLiteral("10.9.0.0/16")});
        QCOMPARE(given.serviceCidr, QStringLiteral("10.8.0.0/16"));
        QCOMPARE(given.values.value(QStringLiteral("apiServer.address")), QStringLiteral("https://me.example"));
        QCOMPARE(given.values.value(QStringLiteral("networking.gatewayServiceType")), QStringLiteral("ClusterIP"));
        QVERIFY(!lines.join(QLatin1Char('\n')).contains(QStringLiteral("API server URL")));

        InstallOptions bad;
        bad.values = {{QStringLiteral("networking.gatewayServiceType"), QStringLiteral("Ingress")},
                      {QStringLiteral("apiServer.address"), QStringLiteral("http://plain")}};
        const QString problems = validate(bad).join(QLatin1Char('\n'));
        QVERIFY(problems.contains(QStringLiteral("--gateway-service-type must be")));
        QVERIFY(problems.contains(QStringLiteral("--api-server-url must be an https:// address")));
    }

    void theRecordReadsBackWhatWasRendered()
    {
        auto objects = renderManifests(input(Runtime::Local));
        auto record = parseInstallRecord(*find(*objects, "ConfigMap", names::kInstallRecord));
        QVERIFY(record.ok());
        QCOMPARE(record->version, Version::current());
        QCOMPARE(record->clusterId, QStringLiteral("rome"));
        QCOMPARE(record->runtime, Runtime::Local);
        QCOMPARE(record->healthPort, quint16(23457));
        QCOMPARE(record->podCidrs, QStringList{QStringLiteral("10.42.0.0/16")});
        QCOMPARE(record->clusterLabels.value(QStringLiteral("liqo.io/provider")), QStringLiteral("k3s"));
        QCOMPARE(record->gatewayServiceType, QStringLiteral("NodePort"));
        QVERIFY(!parseInstallRecord(json{{"data", {{"version", "banana"}}}}).ok());
    }
};

QTEST_GUILESS_MAIN(TestInstaller)
#include "tst_installer.moc"
