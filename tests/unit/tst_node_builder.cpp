// The virtual node as the virtual kubelet writes it.
#include "virtualkubelet/NodeBuilder.h"

#include <QTest>

using namespace spillway::virtualkubelet;
using nlohmann::json;

class TestNodeBuilder : public QObject
{
    Q_OBJECT
private slots:
    void nodeCarriesLiqoLabelsAndTaint()
    {
        NodeView v;
        v.nodeName = QStringLiteral("liqo-milan");
        v.providerId = QStringLiteral("milan");
        v.labels = {{"topology.kubernetes.io/region", "eu-west"}, {"liqo.io/type", "spoofed"}};
        const json node = nodeObject(v);
        QVERIFY(node["metadata"]["labels"]["liqo.io/type"] == "virtual-node");   // the provider cannot change what it is
        QVERIFY(node["metadata"]["labels"]["liqo.io/remote-cluster-id"] == "milan");
        QVERIFY(node["metadata"]["labels"]["topology.kubernetes.io/region"] == "eu-west");
        QVERIFY(!node.contains("spec"));   // taints are not applied (see taintsWithVirtualNodeTaint)
    }

    void theVirtualNodeTaintIsAddedBesideOthers()
    {
        const json ours = {{"key", "virtual-node.liqo.io/not-allowed"}, {"value", "true"}, {"effect", "NoExecute"}};
        QVERIFY(taintsWithVirtualNodeTaint(json()) == json::array({ours}));   // a node without taints
        const json lifecycle = {{"key", "node.kubernetes.io/not-ready"}, {"effect", "NoExecute"}, {"timeAdded", "2026-11-30T08:00:00Z"}};
        QVERIFY(taintsWithVirtualNodeTaint(json::array({lifecycle})) == json::array({lifecycle, ours}));   // the controller's stays
        QVERIFY(!taintsWithVirtualNodeTaint(json::array({lifecycle, ours})));                                // nothing to write
    }

    void statusIsTheGrantAndReadinessWithItsReason()
    {
        NodeView v;
        v.nodeName = QStringLiteral("liqo-milan");
        v.resources = {{"cpu", "4"}, {"memory", "16Gi"}};
        v.providerReachable = false;
        v.reason = QStringLiteral("ProviderUnreachable");
        v.message = QStringLiteral("connection refused");
        const json first = nodeStatus(v, QStringLiteral("2026-01-01T00:00:00Z"), json::array());
        QVERIFY(first["capacity"] == v.resources && first["allocatable"] == v.resources);
        QVERIFY(first["conditions"][0]["type"] == "Ready" && first["conditions"][0]["status"] == "False");
        QVERIFY(first["conditions"][0]["reason"] == "ProviderUnreachable");
        // Same status later: the transition time stays, the heartbeat moves.
        const json later = nodeStatus(v, QStringLiteral("2026-01-01T00:00:10Z"), first["conditions"]);
        QVERIFY(later["conditions"][0]["lastTransitionTime"] == "2026-01-01T00:00:00Z");
        QVERIFY(later["conditions"][0]["lastHeartbeatTime"] == "2026-01-01T00:00:10Z");
        v.providerReachable = true;
        const json back = nodeStatus(v, QStringLiteral("2026-01-01T00:00:20Z"), later["conditions"]);
        QVERIFY(back["conditions"][0]["status"] == "True");
        QVERIFY(back["conditions"][0]["lastTransitionTime"] == "2026-01-01T00:00:20Z");
    }

    void statusAdvertisesTheKubeletEndpoint()
    {
        NodeView v;
        v.nodeName = QStringLiteral("liqo-milan");
        v.address = QStringLiteral("10.1.2.3");
        v.kubeletPort = 34567;
        const json status = nodeStatus(v, QStringLiteral("2026-01-01T00:00:00Z"), json::array());
        // Only the InternalIP: the apiserver would try a Hostname first and fail to resolve it.
        QVERIFY(status["addresses"] == json::array({{{"type", "InternalIP"}, {"address", "10.1.2.3"}}}));
        QVERIFY(status["daemonEndpoints"]["kubeletEndpoint"]["Port"] == 34567);
    }

    void leaseIsOwnedByTheNode()
    {
        const json lease = nodeLease(QStringLiteral("liqo-milan"), QStringLiteral("uid-1"), 40, QStringLiteral("2026-01-01T00:00:00.000000Z"));
        QVERIFY(lease["metadata"]["namespace"] == "kube-node-lease");
        QVERIFY(lease["spec"]["leaseDurationSeconds"] == 40);
        QVERIFY(lease["metadata"]["ownerReferences"][0]["uid"] == "uid-1");
    }
};

QTEST_GUILESS_MAIN(TestNodeBuilder)
#include "tst_node_builder.moc"
