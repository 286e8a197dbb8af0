// Which runtime an install uses: in-cluster when a node can run the agents' pods, local for
// KWOK-only clusters, and --runtime kubernetes refused, with each node's reason, when none can.
// Then, in-cluster, how far the agents are: each component's Ready pods and why one cannot start.
#include "installer/ComponentReadiness.h"
#include "installer/RuntimeChoice.h"

#include <QtTest>

using namespace spillway;
using namespace spillway::installer;
using nlohmann::json;

namespace {

json node(const char *name, bool ready = true)
{
    return {{"metadata", {{"name", name}, {"labels", {{"kubernetes.io/os", "linux"}}}}},
            {"spec", json::object()},
            {"status", {{"conditions", json::array({{{"type", "Ready"}, {"status", ready ? "True" : "False"}}})}}}};
}
json kwok(const char *name)
{
    json n = node(name);
    n["metadata"]["labels"]["kwok.x-k8s.io/node"] = "fake";
    return n;
}
json virtualNode(const char *name)
{
    json n = node(name);
    n["metadata"]["labels"]["liqo.io/type"] = "virtual-node";
    return n;
}
json list(std::initializer_list<json> items)
{
    json array = json::array();
    for (const json &item : items)
        array.push_back(item);
    return {{"kind", "NodeList"}, {"items", array}};
}

} // namespace

class TestRuntimeChoice : public QObject
{
    Q_OBJECT
private slots:
    void eachNodeSaysWhyItCannotRunPods()
    {
        QCOMPARE(whyNodeCannotRunPods(node("real")), QString());
        QVERIFY(whyNodeCannotRunPods(kwok("sim")).contains(QStringLiteral("KWOK")));
        json annotated = node("sim2");
        annotated["metadata"]["annotations"]["kwok.x-k8s.io/node"] = "fake";
        QVERIFY(whyNodeCannotRunPods(annotated).contains(QStringLiteral("KWOK")));
        QVERIFY(whyNodeCannotRunPods(virtualNode("liqo-rome")).contains(QStringLiteral("virtual node")));
        QCOMPARE(whyNodeCannotRunPods(node("down", false)), QStringLiteral("not Ready"));
        json cordoned = node("c");
        cordoned["spec"]["unschedulable"] = true;
        QVERIFY(whyNodeCannotRunPods(cordoned).contains(QStringLiteral("cordoned")));
        json tainted = node("t");
        tainted["spec"]["taints"] = json::array({{{"key", "dedicated"}, {"effect", "NoSchedule"}}});
        QCOMPARE(whyNodeCannotRunPods(tainted), QStringLiteral("tainted dedicated:NoSchedule"));
        json preferred = node("p");
        preferred["spec"]["taints"] = json::array({{{"key", "spot"}, {"effect", "PreferNoSchedule"}}});
        QCOMPARE(whyNodeCannotRunPods(preferred), QString());   // pods may still land there
        json noStatus = {{"metadata", {{"name", "bare"}}}};
        QCOMPARE(whyNodeCannotRunPods(noStatus), QStringLiteral("not Ready"));
    }

    void defaultIsKubernetesWhenANodeRunsPods()
    {
        auto c = chooseRuntime(std::nullopt, list({kwok("sim-1"), node("real-1"), virtualNode("liqo-rome")}));
        QVERIFY(c.ok());
        QCOMPARE(c->runtime, Runtime::Kubernetes);
        QCOMPARE(c->capableNodes, QStringList{QStringLiteral("real-1")});
        QVERIFY2(c->reason.contains(QStringLiteral("real-1")) && c->reason.contains(QStringLiteral("--runtime local")), qPrintable(c->reason));
    }

    void defaultIsLocalOnAKwokOnlyCluster()
    {
        auto c = chooseRuntime(std::nullopt, list({kwok("sim-1"), kwok("sim-2")}));
        QVERIFY(c.ok());
        QCOMPARE(c->runtime, Runtime::Local);
        QVERIFY(c->capableNodes.isEmpty());
        QVERIFY2(c->reason.contains(QStringLiteral("sim-1: simulated by KWOK")) && c->reason.contains(QStringLiteral("sim-2")), qPrintable(c->reason));
    }

    void kubernetesWithoutACapableNodeIsRefusedNamingTheCheck()
    {
        auto c = chooseRuntime(Runtime::Kubernetes, list({kwok("sim-1"), node("down", false)}));
        QVERIFY(!c.ok());
        QCOMPARE(c.error().kind, Error::Kind::Config);
        QVERIFY2(c.error().message.contains(QStringLiteral("--runtime kubernetes needs a node that can run pods")), qPrintable(c.error().message));
        QVERIFY2(c.error().message.contains(QStringLiteral("sim-1: simulated by KWOK")), qPrintable(c.error().message));
        QVERIFY2(c.error().message.contains(QStringLiteral("down: not Ready")), qPrintable(c.error().message));
        QVERIFY(c.error().hint.contains(QStringLiteral("--runtime local")));
        auto empty = chooseRuntime(Runtime::Kubernetes, list({}));
        QVERIFY(!empty.ok());
        QVERIFY(empty.error().message.contains(QStringLiteral("the cluster has no nodes")));
    }

    void explicitChoicesAreKept()
    {
        auto local = chooseRuntime(Runtime::Local, list({node("real-1")}));
        QVERIFY(local.ok());
        QCOMPARE(local->runtime, Runtime::Local);
        QVERIFY(local->reason.contains(QStringLiteral("as asked")));
        auto kube = chooseRuntime(Runtime::Kubernetes, list({node("real-1")}));
        QVERIFY(kube.ok());
        QCOMPARE(kube->runtime, Runtime::Kubernetes);
        QVERIFY(kube->reason.contains(QStringLiteral("as asked")));
    }

    void imagesMissingFromEveryCapableNodeAreNamed()
    {
        json real = node("real-1");
        real["status"]["images"] = json::array({{{"names", {"localhost/spillway/spillway-controller-manager:v1.2.3"}}, {"sizeBytes", 1}}});
        json sim = kwok("sim-1");   // KWOK's report does not count: it runs nothing
        sim["status"]["images"] = json::array({{{"names", {"localhost/spillway/spillway-gateway:v1.2.3"}}}});
        const json nodes = list({real, sim});
        const QStringList refs{QStringLiteral("localhost/spillway/spillway-controller-manager:v1.2.3"),
                               QStringLiteral("localhost/spillway/spillway-gateway:v1.2.3")};
        QCOMPARE(imagesMissingFromNodes(refs, nodes, {QStringLiteral("real-1")}),
                 QStringList{QStringLiteral("localhost/spillway/spillway-gateway:v1.2.3")});
    }

    void componentsCountOnlyCurrentReadyPods()
    {
        const json selector = {{"app.kubernetes.io/component", "controller-manager"}};
        json cm = {{"metadata", {{"name", "spillway-controller-manager"}, {"generation", 2}}},
                   {"spec", {{"replicas", 2}, {"selector", {{"matchLabels", selector}}}}},
                   {"status", {{"observedGeneration", 2}, {"updatedReplicas", 2}, {"readyReplicas", 1}}}};
        json fabric = {{"metadata", {{"name", "spillway-fabric"}, {"generation", 1}}},
                       {"spec", {{"selector", {{"matchLabels", {{"app.kubernetes.io/component", "fabric"}}}}}}},
                       {"status", {{"observedGeneration", 1}, {"desiredNumberScheduled", 1}, {"updatedNumberScheduled", 1}, {"numberReady", 1}}}};
        const json none = {{"items", json::array()}};
        auto components = componentReadiness(json{{"items", {cm}}}, json{{"items", {fabric}}}, none);
        QCOMPARE(components.size(), size_t(2));
        QCOMPARE(components[0].describe(), QStringLiteral("spillway-controller-manager: 1/2 Ready"));
        QVERIFY(!components[0].isReady());
        QVERIFY(components[1].isReady());
        // An upgrade not yet seen by the Deployment controller: its old Ready pods do not count.
        cm["metadata"]["generation"] = 3;
        cm["status"]["readyReplicas"] = 2;
        QCOMPARE(componentReadiness(json{{"items", {cm}}}, none, none)[0].ready, 0);
        cm["status"]["observedGeneration"] = 3;
        QVERIFY(componentReadiness(json{{"items", {cm}}}, none, none)[0].isReady());
    }

    void aStuckPodSaysWhyAndTheFix()
    {
        const json selector = {{"app.kubernetes.io/component", "controller-manager"}};
        const json cm = {{"metadata", {{"name", "spillway-controller-manager"}}},
                         {"spec", {{"replicas", 2}, {"selector", {{"matchLabels", selector}}}}}, {"status", json::object()}};
        auto pod = [&](const char *name, const json &status) {
            return json{{"metadata", {{"name", name}, {"namespace", "liqo"}, {"labels", selector}}}, {"status", status}};
        };
        const json pending = pod("cm-a", {{"conditions", json::array({{{"type", "PodScheduled"}, {"status", "False"}, {"reason", "Unschedulable"},
                                                                        {"message", "0/1 nodes are available: 1 Insufficient cpu."}}})}});
        const json neverPull = pod("cm-b", {{"containerStatuses", json::array({{{"name", "controller-manager"}, {"image", "localhost/spillway/spillway-controller-manager:v9"},
                                                                               {"state", {{"waiting", {{"reason", "ErrImageNeverPull"},
                                                                                                       {"message", "Container image is not present with pull policy of Never"}}}}}}})}});
        // Waiting for a node may end by itself; an absent image does not: that one is reported.
        auto c = componentReadiness(json{{"items", {cm}}}, json::object(), json{{"items", {pending, neverPull}}})[0];
        QVERIFY(c.hopeless);
        QVERIFY2(c.problem.startsWith(QStringLiteral("pod cm-b: ErrImageNeverPull: Container image is not present")), qPrintable(c.problem));
        QVERIFY2(c.fix.contains(QStringLiteral("localhost/spillway/spillway-controller-manager:v9")) && c.fix.contains(QStringLiteral("./run cluster import")), qPrintable(c.fix));
        c = componentReadiness(json{{"items", {cm}}}, json::object(), json{{"items", {pending}}})[0];
        QVERIFY(!c.hopeless);
        QVERIFY2(c.problem.contains(QStringLiteral("Unschedulable: 0/1 nodes are available")), qPrintable(c.problem));
        // A crash loop, in an init container too: where to read why.
        const json crashing = pod("cm-c", {{"initContainerStatuses", json::array({{{"name", "init"}, {"state", {{"waiting", {{"reason", "CrashLoopBackOff"}}}}}}})}});
        c = podProblem(crashing);
        QVERIFY(c.hopeless);
        QCOMPARE(c.problem, QStringLiteral("pod cm-c (init container init): CrashLoopBackOff"));
        QCOMPARE(c.fix, QStringLiteral("see why it stops: kubectl -n liqo logs cm-c -c init --previous"));
        // Still creating: no problem to report.
        QVERIFY(podProblem(pod("cm-d", {{"containerStatuses", json::array({{{"name", "c"}, {"state", {{"waiting", {{"reason", "ContainerCreating"}}}}}}})}})).problem.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestRuntimeChoice)
#include "tst_runtime_choice.moc"
