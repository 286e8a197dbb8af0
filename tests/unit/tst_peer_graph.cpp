// The peer graph from what each cluster's API lists: directed edges consumer → provider whichever
// side reports them, one edge per peering, health from the networking condition and the tunnel's
// Connection, latency as the gateway wrote it, and the virtual node's capacity and use.
#include "console/PeerGraph.h"

#include <QTest>

using nlohmann::json;
using spillway::console::VirtualNodePods;
using spillway::console::ClusterPeers;
using spillway::console::PeerGraph;

namespace {

json foreignCluster(const char *id, const char *role, const char *connection = nullptr, bool networking = true)
{
    json fc = {{"apiVersion", "core.liqo.io/v1beta1"}, {"kind", "ForeignCluster"}, {"metadata", {{"name", id}}}, {"spec", {{"clusterID", id}}},
               {"status", {{"role", role}, {"modules", {{"networking", {{"enabled", networking}}}}}}}};
    if (connection)
        fc["status"]["modules"]["networking"]["conditions"] = json::array({{{"type", "NetworkConnectionStatus"}, {"status", connection}, {"reason", "Because"}}});
    return fc;
}

json labelled(const char *kind, const char *name, const char *peer)
{
    return {{"kind", kind}, {"metadata", {{"name", name}, {"labels", {{"liqo.io/remote-cluster-id", peer}}}}}};
}

} // namespace

class TestPeerGraph : public QObject
{
    Q_OBJECT
private slots:
    void edgesPointFromConsumerToProvider()
    {
        // milan consumes from dublin and is consumed by rome; dublin (also listed) sees milan as
        // its consumer; rome is not in the workspace.
        ClusterPeers milan{QStringLiteral("Milan"), QStringLiteral("milan")};
        milan.foreignClusters = json::array({foreignCluster("dublin", "Provider", "Established"), foreignCluster("rome", "Consumer", "Pending")});
        ClusterPeers dublin{QStringLiteral("Dublin"), QStringLiteral("dublin")};
        dublin.foreignClusters = json::array({foreignCluster("milan", "Consumer", "Error")});
        ClusterPeers bare{QStringLiteral("bare"), QString()};   // not installed: no node of its own
        const PeerGraph g = PeerGraph::build({milan, dublin, bare});

        QCOMPARE(g.nodes.size(), size_t(3));
        QCOMPARE(g.nodes[0], (PeerGraph::Node{QStringLiteral("milan"), QStringLiteral("Milan"), true}));
        QCOMPARE(g.nodes[2], (PeerGraph::Node{QStringLiteral("rome"), QStringLiteral("rome"), false}));
        QCOMPARE(g.edges.size(), size_t(2));
        const auto *md = g.edge(QStringLiteral("milan"), QStringLiteral("dublin"));
        QVERIFY(md && md->seenByConsumer);
        // The consumer's view stands over the provider's (Error there, Established here).
        QCOMPARE(md->health, PeerGraph::Health::Up);
        const auto *rm = g.edge(QStringLiteral("rome"), QStringLiteral("milan"));
        QVERIFY(rm && !rm->seenByConsumer);
        QCOMPARE(rm->health, PeerGraph::Health::Degraded);
        QVERIFY(!g.edge(QStringLiteral("dublin"), QStringLiteral("milan")));

        // Both ways at once.
        ClusterPeers a{QStringLiteral("a"), QStringLiteral("a")};
        a.foreignClusters = json::array({foreignCluster("b", "ConsumerAndProvider", nullptr, false)});
        const PeerGraph both = PeerGraph::build({a});
        QVERIFY(both.edge(QStringLiteral("a"), QStringLiteral("b")) && both.edge(QStringLiteral("b"), QStringLiteral("a")));
        QCOMPARE(both.edges[0].health, PeerGraph::Health::NoNetwork);
    }

    void tunnelAndVirtualNode()
    {
        ClusterPeers c{QStringLiteral("c"), QStringLiteral("consumer")};
        c.foreignClusters = json::array({foreignCluster("provider", "Provider", "Pending")});
        json conn = labelled("Connection", "gw", "provider");
        conn["status"] = {{"value", "Connected"}, {"latency", {{"value", "1.250ms"}, {"timestamp", "2026-11-30T00:00:00Z"}}}};
        c.connections = json::array({conn});
        json vn = labelled("Node", "liqo-provider", "provider");
        vn["status"] = {{"allocatable", {{"cpu", "7500m"}, {"memory", "16Gi"}, {"pods", "110"}}},
                        {"conditions", json::array({{{"type", "Ready"}, {"status", "True"}}})}};
        c.virtualNodes = json::array({vn});
        auto pod = [](const char *node, const char *phase, const char *cpu, const char *memory) {
            return json{{"spec", {{"nodeName", node}, {"containers", json::array({{{"name", "a"}, {"resources", {{"requests", {{"cpu", cpu}, {"memory", memory}}}}}},
                                                                                   {{"name", "b"}}})}}},
                        {"status", {{"phase", phase}}}};
        };
        c.virtualNodePods = VirtualNodePods::fromItems(json::array({pod("liqo-provider", "Running", "250m", "128Mi"), pod("liqo-provider", "Pending", "1", "1Gi"),
                                         pod("liqo-provider", "Succeeded", "4", "4Gi"), pod("liqo-other", "Running", "2", "2Gi")}));
        const PeerGraph g = PeerGraph::build({c});
        const auto *e = g.edge(QStringLiteral("consumer"), QStringLiteral("provider"));
        QVERIFY(e);
        QCOMPARE(e->health, PeerGraph::Health::Up);   // the Connection is newer than the condition
        QCOMPARE(e->healthText, QStringLiteral("Connected"));
        QCOMPARE(e->latencyMs.value_or(-1), 1.25);
        QCOMPARE(e->virtualNode, QStringLiteral("liqo-provider"));
        QVERIFY(e->virtualNodeReady);
        QCOMPARE(e->capacity, (spillway::console::Capacity{7.5, 16.0 * 1024 * 1024 * 1024, 110}));
        QCOMPARE(e->used, (spillway::console::Capacity{1.25, (128.0 + 1024) * 1024 * 1024, 2}));
    }

    void latencyAndBrokenShapes()
    {
        QCOMPARE(PeerGraph::parseLatencyMs(QStringLiteral("0.593ms")).value_or(-1), 0.593);
        QCOMPARE(PeerGraph::parseLatencyMs(QStringLiteral("2s")).value_or(-1), 2000.0);
        QCOMPARE(PeerGraph::parseLatencyMs(QStringLiteral("500us")).value_or(-1), 0.5);
        QVERIFY(!PeerGraph::parseLatencyMs(QStringLiteral("fast")));
        QVERIFY(!PeerGraph::parseLatencyMs(QStringLiteral("-1ms")));

        // Whatever shape the lists have, the graph is built without throwing.
        ClusterPeers odd{QStringLiteral("odd"), QStringLiteral("odd")};
        odd.foreignClusters = json::array({json(5), json{{"spec", "x"}}, json{{"spec", {{"clusterID", 7}}}},
                                           json{{"spec", {{"clusterID", "p"}}}, {"status", {{"role", "Provider"}, {"modules", {{"networking", {{"conditions", "no"}}}}}}}}});
        odd.virtualNodes = json{{"not", "a list"}};
        odd.connections = json::array({json{{"metadata", {{"labels", {{"liqo.io/remote-cluster-id", "p"}}}}}, {"status", {{"value", 3}}}}});
        odd.virtualNodePods = VirtualNodePods::fromItems(json(nullptr));
        const PeerGraph g = PeerGraph::build({odd});
        QCOMPARE(g.edges.size(), size_t(1));
        QCOMPARE(g.edges[0].health, PeerGraph::Health::Unknown);
    }
};

QTEST_APPLESS_MAIN(TestPeerGraph)
#include "tst_peer_graph.moc"
