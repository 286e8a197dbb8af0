// The charts page's numbers in core: per virtual node allocatable vs its pods' requests, per
// ResourceSlice asked vs granted (the provider's replica not counted twice), and the session
// history sampled at most once a second with each peering's latency; measured use from
// metrics.k8s.io when the consumer serves it.
#include "console/UsageCharts.h"

#include <QtTest>

using nlohmann::json;
using namespace spillway::console;

class TestUsageCharts : public QObject
{
    Q_OBJECT
    static ClusterPeers rome()
    {
        ClusterPeers p;
        p.name = QStringLiteral("Rome");
        p.clusterId = QStringLiteral("rome");
        p.foreignClusters = json::parse(R"([{"metadata": {"name": "milan"}, "spec": {"clusterID": "milan"}, "status": {"role": "Provider"}}])");
        p.virtualNodes = json::parse(R"([{"metadata": {"name": "liqo-milan", "labels": {"liqo.io/type": "virtual-node", "liqo.io/remote-cluster-id": "milan"}},)"
                                     R"("status": {"allocatable": {"cpu": "4", "memory": "8Gi", "pods": "20"}, "conditions": [{"type": "Ready", "status": "True"}]}}])");
        p.virtualNodePods = VirtualNodePods::fromItems(json::parse(R"([{"metadata": {"name": "a"}, "spec": {"nodeName": "liqo-milan", "containers": [{"resources": {"requests": {"cpu": "1500m", "memory": "1Gi"}}}]}, "status": {"phase": "Running"}}])"));
        p.connections = json::parse(R"([{"metadata": {"labels": {"liqo.io/remote-cluster-id": "milan"}}, "status": {"value": "Connected", "latency": {"value": "2.5ms"}}}])");
        p.resourceSlices = json::parse(R"([{"metadata": {"name": "milan", "labels": {"liqo.io/remote-cluster-id": "milan"}},)"
                                       R"("spec": {"consumerClusterID": "rome", "providerClusterID": "milan", "resources": {"cpu": "6", "memory": "12Gi", "pods": "30"}},)"
                                       R"("status": {"resources": {"cpu": "4", "memory": "8Gi", "pods": "20"}, "conditions": [{"type": "Resources", "status": "Accepted"}]}}])");
        return p;
    }
    static ClusterPeers milan()
    {
        ClusterPeers p;
        p.clusterId = QStringLiteral("milan");
        // The provider holds a replica of rome's slice: the same slice, not another.
        p.resourceSlices = json::parse(R"([{"metadata": {"name": "milan", "labels": {"liqo.io/replicated": "true"}}, "spec": {"resources": {"cpu": "6"}}},)"
                                       R"({"metadata": {"name": 7}, "spec": "not an object"}])");
        return p;
    }

private slots:
    void chartsAreTheListsNumbers()
    {
        const std::vector<ClusterPeers> clusters{rome(), milan()};
        const PeerGraph graph = PeerGraph::build(clusters);
        const UsageCharts c = UsageCharts::build(clusters, graph);
        QCOMPARE(c.virtualNodes.size(), size_t(1));
        QCOMPARE(c.virtualNodes[0].name, QStringLiteral("liqo-milan"));
        QCOMPARE(c.virtualNodes[0].capacity.cpu, 4.0);
        QCOMPARE(c.virtualNodes[0].requested.cpu, 1.5);
        QCOMPARE(c.virtualNodes[0].requested.memory, 1024.0 * 1024 * 1024);
        QCOMPARE(c.slices.size(), size_t(2));   // rome's, and the malformed one (all zero), not the replica
        const auto &s = c.slices[0];
        QCOMPARE(s.consumer, QStringLiteral("rome"));
        QCOMPARE(s.provider, QStringLiteral("milan"));
        QCOMPARE(s.requested.cpu, 6.0);
        QCOMPARE(s.granted.cpu, 4.0);
        QCOMPARE(s.granted.pods, 20.0);
        QVERIFY(s.accepted);
        QCOMPARE(c.slices[1].name, QString());
        QCOMPARE(c.slices[1].requested, Capacity{});
    }

    // NodeMetrics of the virtual node give its measured use; another node's are not its; without
    // them (no metrics-server) there is no figure rather than a zero.
    void measuredUseComesFromNodeMetrics()
    {
        ClusterPeers r = rome();
        QVERIFY(!UsageCharts::build({r}, PeerGraph::build({r})).virtualNodes[0].measured);
        r.nodeMetrics = json::parse(R"([{"metadata": {"name": "rome-worker-1"}, "usage": {"cpu": "3", "memory": "1Gi"}},)"
                                    R"({"metadata": {"name": "liqo-milan"}, "usage": {"cpu": "250000000n", "memory": "524288Ki"}},)"
                                    R"({"metadata": {"name": 5}, "usage": "none"}])");
        const PeerGraph graph = PeerGraph::build({r});
        const auto measured = UsageCharts::build({r}, graph).virtualNodes[0].measured;
        QVERIFY(measured);
        QCOMPARE(measured->cpu, 0.25);
        QCOMPARE(measured->memory, 512.0 * 1024 * 1024);
        UsageHistory h;
        h.record(1000, graph);
        QVERIFY(h.samples().back().measured);
        QCOMPARE(h.samples().back().measured->cpu, 0.25);
        h.record(2000, PeerGraph::build({rome()}));
        QVERIFY(!h.samples().back().measured);
    }

    void historySamplesOncePerSecond()
    {
        const PeerGraph graph = PeerGraph::build({rome()});
        UsageHistory h(3);
        h.record(10'000, graph);
        h.record(10'400, graph);   // the same second: replaces
        QCOMPARE(h.samples().size(), size_t(1));
        QCOMPARE(h.samples().back().atMs, qint64(10'400));
        QCOMPARE(h.samples().back().requested.cpu, 1.5);
        QCOMPARE(h.samples().back().latencyMs.at(UsageHistory::peeringName(QStringLiteral("rome"), QStringLiteral("milan"))), 2.5);
        for (qint64 t : {11'000, 12'000, 13'000})
            h.record(t, graph);
        QCOMPARE(h.samples().size(), size_t(3));   // capped: the oldest went
        QCOMPARE(h.samples().front().atMs, qint64(11'000));
        h.record(14'000, PeerGraph{});
        QCOMPARE(h.samples().back().requested, Capacity{});
        QVERIFY(h.samples().back().latencyMs.empty());
    }
};

QTEST_GUILESS_MAIN(TestUsageCharts)
#include "tst_usage_charts.moc"
