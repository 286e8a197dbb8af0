// What a provider's grant policy sees (describeCluster): its own pods on its nodes, other
// consumers' grants or use (counted once), this consumer's floor; and what a pod asks of a node
// (PodRequests).
#include "resources/ClusterUsage.h"
#include "resources/PodRequests.h"

#include <QTest>

using namespace spillway;
using namespace spillway::resources;
using nlohmann::json;

namespace {

Quantity q(const char *text) { return *Quantity::parse(QString::fromLatin1(text)); }

json node(const char *name, const char *cpu, bool ready = true, json labels = json::object())
{
    return {{"metadata", {{"name", name}, {"labels", labels}}},
            {"spec", json::object()},
            {"status", {{"allocatable", {{"cpu", cpu}, {"pods", "110"}}},
                        {"conditions", json::array({{{"type", "Ready"}, {"status", ready ? "True" : "False"}}})}}}};
}

json container(json requests) { return {{"name", "c"}, {"resources", {{"requests", std::move(requests)}}}}; }

json pod(const char *nodeName, const char *cpu, const char *origin = nullptr, const char *phase = "Running")
{
    json labels = json::object();
    if (origin)
        labels["offloading.liqo.io/origin"] = origin;
    return {{"metadata", {{"name", "p"}, {"labels", labels}}},
            {"spec", {{"nodeName", nodeName}, {"containers", json::array({{{"name", "c"}, {"resources", {{"requests", {{"cpu", cpu}}}}}}})}}},
            {"status", {{"phase", phase}}}};
}

json slice(const char *ns, const char *name, const char *consumer, const char *cpu)
{
    return {{"metadata", {{"name", name}, {"namespace", ns}, {"labels", {{"liqo.io/replicated", "true"}, {"liqo.io/remote-cluster-id", consumer}}}}},
            {"spec", {{"consumerClusterID", consumer}}},
            {"status", {{"resources", {{"cpu", cpu}}}}}};
}

} // namespace

class TestClusterUsage : public QObject
{
    Q_OBJECT
private slots:
    void podRequestsCountInitContainersAndOverhead()
    {
        const json spec = {{"containers", json::array({container({{"cpu", "250m"}, {"memory", "64Mi"}}), container({{"cpu", "250m"}})})},
                           {"initContainers", json::array({container({{"cpu", "1"}}), container({{"memory", "32Mi"}, {"nvidia.com/gpu", "1"}})})},
                           {"overhead", {{"cpu", "10m"}}}};
        const resources::ResourceList r = resources::podRequests(spec);
        QCOMPARE(r.value(QStringLiteral("cpu")).milli, 1010);              // the larger init container, plus overhead
        QCOMPARE(r.value(QStringLiteral("memory")).milli, 64LL * 1024 * 1024 * 1000);   // the containers' sum is larger
        QCOMPARE(r.value(QStringLiteral("nvidia.com/gpu")).milli, 1000);   // asked by an init container only
        QVERIFY(resources::podRequests(json::object()).isEmpty());
        QVERIFY(resources::podRequests(json{{"containers", "nonsense"}}).isEmpty());
    }

    void nodesCountTheProvidersOwnPods()
    {
        const json nodes = json::array({node("a", "8"), node("b", "8"), node("down", "8", false),
                                        node("vk", "100", true, {{"liqo.io/type", "virtual-node"}})});
        const json pods = json::array({pod("a", "2"), pod("b", "1", nullptr, "Succeeded"), pod("down", "4")});
        const ClusterUsage u = describeCluster(nodes, pods, json::array(), QStringLiteral("liqo-tenant-rome/rome"), QStringLiteral("rome"));
        QCOMPARE(u.nodes.size(), size_t(2));   // not the NotReady or the virtual node
        QCOMPARE(u.nodes[0].requested.value(QStringLiteral("cpu")), q("2"));
        QCOMPARE(u.nodes[0].requested.value(QStringLiteral("pods")), q("1"));
        QVERIFY(u.nodes[1].requested.isEmpty());   // a finished pod holds nothing
        QCOMPARE(freeResources(u).value(QStringLiteral("cpu")), q("14"));
    }

    void anotherConsumersPodsAreCountedOnce()
    {
        // paris was granted 6 CPU and its pods use all of it; rome asks.
        const json nodes = json::array({node("a", "8"), node("b", "8")});
        const json pods = json::array({pod("a", "2"), pod("a", "3", "paris"), pod("b", "3", "paris")});
        const json slices = json::array({slice("liqo-tenant-paris", "paris", "paris", "6"), slice("liqo-tenant-rome", "rome", "rome", "4")});
        const ClusterUsage u = describeCluster(nodes, pods, slices, QStringLiteral("liqo-tenant-rome/rome"), QStringLiteral("rome"));
        QCOMPARE(u.grantedToOthers.value(QStringLiteral("cpu")), q("6"));
        // 16 − 2 (the provider's own) − 6 (paris): not 2, as counting paris's pods twice would leave.
        QCOMPARE(freeResources(u).value(QStringLiteral("cpu")), q("8"));
        // paris's pods using more than its grant (it shrank) hold what they use.
        const json more = json::array({pod("a", "2"), pod("a", "5", "paris"), pod("b", "3", "paris")});
        QCOMPARE(describeCluster(nodes, more, slices, QStringLiteral("liqo-tenant-rome/rome"), QStringLiteral("rome"))
                     .grantedToOthers.value(QStringLiteral("cpu")), q("8"));
    }

    void ownPodsSetTheFloor()
    {
        const json nodes = json::array({node("a", "8"), node("b", "8")});
        const json pods = json::array({pod("a", "5", "rome"), pod("b", "2", "rome")});
        const json slices = json::array({slice("liqo-tenant-rome", "rome", "rome", "7"), slice("liqo-tenant-rome", "more", "rome", "3")});
        const ClusterUsage u = describeCluster(nodes, pods, slices, QStringLiteral("liqo-tenant-rome/rome"), QStringLiteral("rome"));
        QCOMPARE(u.grantedToOthers.value(QStringLiteral("cpu")), q("3"));    // its other slice's grant
        QCOMPARE(u.heldByOwnPods.value(QStringLiteral("cpu")), q("4"));      // 7 used, 3 held elsewhere
        QCOMPARE(freeResources(u).value(QStringLiteral("cpu")), q("13"));    // its pods do not shrink its own grant
        ResourcePolicy p;
        QCOMPARE(grant(p, u, {{QStringLiteral("cpu"), q("1")}}).value(QStringLiteral("cpu")), q("4"));
    }

    // The spec names the consumer; older slices say it only in the label; malformed ones no one.
    void sliceConsumerPrefersTheSpec()
    {
        json s = slice("liqo-tenant-rome", "rome", "rome", "1");
        s["metadata"]["labels"]["liqo.io/remote-cluster-id"] = "venice";
        QCOMPARE(sliceConsumer(s), QStringLiteral("rome"));
        s["spec"].erase("consumerClusterID");
        QCOMPARE(sliceConsumer(s), QStringLiteral("venice"));
        s["spec"]["consumerClusterID"] = 7;
        QCOMPARE(sliceConsumer(s), QStringLiteral("venice"));
        QCOMPARE(sliceConsumer(json::array()), QString());
    }
};

QTEST_GUILESS_MAIN(TestClusterUsage)
#include "tst_cluster_usage.moc"
