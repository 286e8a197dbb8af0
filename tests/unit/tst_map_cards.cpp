// What the federation map draws in a cluster's box and on a peering: the capacity a cluster lends
// and borrows as gauges (used against granted, per resource), and each Liqo module's state.
#include "console/MapCards.h"

#include <QTest>

using nlohmann::json;
using spillway::console::VirtualNodePods;
using spillway::console::ClusterPeers;
using spillway::console::Gauge;
using spillway::console::PeerGraph;
using spillway::console::AgentsHealth;
using spillway::console::agentsHealthOf;
using spillway::console::Bad;
using spillway::console::Good;
using spillway::console::Neutral;

namespace {

constexpr double kGiB = 1024.0 * 1024 * 1024;

json foreignCluster(const char *id, const char *role, json modules)
{
    return {{"metadata", {{"name", id}}}, {"spec", {{"clusterID", id}}}, {"status", {{"role", role}, {"modules", std::move(modules)}}}};
}

json virtualNode(const char *name, const char *provider, const char *cpu, const char *memory, const char *pods)
{
    return {{"metadata", {{"name", name}, {"labels", {{"liqo.io/remote-cluster-id", provider}}}}},
            {"status", {{"allocatable", {{"cpu", cpu}, {"memory", memory}, {"pods", pods}}}}}};
}

json pod(const char *node, const char *cpu, const char *memory)
{
    return {{"spec", {{"nodeName", node}, {"containers", json::array({{{"resources", {{"requests", {{"cpu", cpu}, {"memory", memory}}}}}}})}}},
            {"status", {{"phase", "Running"}}}};
}

const json kHealthy = {{"authentication", {{"enabled", true}, {"conditions", json::array({{{"type", "AuthIdentityControlPlaneStatus"}, {"status", "Established"}}})}}},
                       {"networking", {{"enabled", true}, {"conditions", json::array({{{"type", "NetworkConnectionStatus"}, {"status", "Established"}}})}}},
                       {"offloading", {{"enabled", true}, {"conditions", json::array({{{"type", "OffloadingVirtualNodeReady"}, {"status", "Ready"}}})}}}};

} // namespace

class TestMapCards : public QObject
{
    Q_OBJECT
private slots:
    // milan borrows from dublin and rome; dublin also borrows from rome. Each box sums its
    // side of every peering with a virtual node; a peering without one adds nothing.
    void cardsSumWhatEachClusterLendsAndBorrows()
    {
        ClusterPeers milan{QStringLiteral("Milan"), QStringLiteral("milan")};
        milan.foreignClusters = json::array({foreignCluster("dublin", "Provider", kHealthy), foreignCluster("rome", "Provider", kHealthy)});
        milan.virtualNodes = json::array({virtualNode("liqo-dublin", "dublin", "4", "8Gi", "20"), virtualNode("liqo-rome", "rome", "2", "4Gi", "10")});
        milan.virtualNodePods = VirtualNodePods::fromItems(json::array({pod("liqo-dublin", "1", "1Gi"), pod("liqo-dublin", "500m", "1Gi"), pod("liqo-rome", "1500m", "3Gi")}));
        milan.nodeMetrics = json::array({{{"metadata", {{"name", "liqo-rome"}}}, {"usage", {{"cpu", "250m"}, {"memory", "1Gi"}}}}});
        ClusterPeers dublin{QStringLiteral("Dublin"), QStringLiteral("dublin")};
        dublin.foreignClusters = json::array({foreignCluster("milan", "Consumer", kHealthy), foreignCluster("rome", "Provider", kHealthy)});
        const std::vector<ClusterPeers> clusters{milan, dublin};
        const PeerGraph g = PeerGraph::build(clusters);

        const auto m = spillway::console::clusterCardOf(g, QStringLiteral("milan"));
        QCOMPARE(m.borrows.peerings, 2);
        QCOMPARE(m.borrows.granted, (spillway::console::Capacity{6, 12 * kGiB, 30}));
        QCOMPARE(m.borrows.used, (spillway::console::Capacity{3, 5 * kGiB, 3}));
        QVERIFY(m.borrows.measured);
        QCOMPARE(m.borrows.measured->cpu, 0.25);
        QCOMPARE(m.lends.peerings, 0);

        const auto d = spillway::console::clusterCardOf(g, QStringLiteral("dublin"));
        QCOMPARE(d.lends.granted, (spillway::console::Capacity{4, 8 * kGiB, 20}));
        QCOMPARE(d.lends.used, (spillway::console::Capacity{1.5, 2 * kGiB, 2}));
        QVERIFY(!d.lends.measured);   // dublin's virtual node has no metrics
        QCOMPARE(d.borrows.peerings, 0);   // dublin → rome: dublin's virtual node is not listed

        const auto r = spillway::console::clusterCardOf(g, QStringLiteral("rome"));
        QCOMPARE(r.lends.used.cpu, 1.5);
        QCOMPARE(r.lends.peerings, 1);

        const auto gauges = spillway::console::gaugesOf(m.borrows);
        QCOMPARE(gauges[0].fraction(), 0.5);
        QCOMPARE(gauges[0].tone(), spillway::console::Good);
        QCOMPARE(gauges[0].label(), QStringLiteral("CPU 3.0/6.0"));
        QCOMPARE(gauges[0].measured.value_or(-1), 0.25);
        QCOMPARE(gauges[1].label(), QStringLiteral("Memory 5.0/12.0 GiB"));
        QCOMPARE(gauges[2].label(), QStringLiteral("Pods 3/30"));
        QVERIFY(!gauges[2].measured);
    }

    void gaugeTonesFollowTheShareInUse()
    {
        auto tone = [](double used, double granted) { return Gauge{Gauge::Resource::Cpu, used, granted, std::nullopt}.tone(); };
        QCOMPARE(tone(0, 0), spillway::console::Neutral);
        QCOMPARE(tone(1, 0), spillway::console::Neutral);   // nothing granted: no share to judge
        QCOMPARE(tone(6.9, 10), spillway::console::Good);
        QCOMPARE(tone(7, 10), spillway::console::Warning);
        QCOMPARE(tone(9, 10), spillway::console::Bad);
        QCOMPARE(tone(12, 10), spillway::console::Bad);
        QCOMPARE((Gauge{Gauge::Resource::Cpu, 12, 10, std::nullopt}.fraction()), 1.2);   // over-committed shows as such
        QCOMPARE((Gauge{Gauge::Resource::Cpu, 1, 0, std::nullopt}.fraction()), 0.0);
    }

    // The consumer's ForeignCluster speaks for the peering; the provider's when the consumer is
    // not in the workspace; nothing when neither is.
    void peeringCardsReadTheModules()
    {
        json failing = kHealthy;
        failing["offloading"]["conditions"][0]["status"] = "NotReady";
        json noNetwork = kHealthy;
        noNetwork["networking"] = {{"enabled", false}};
        ClusterPeers milan{QStringLiteral("Milan"), QStringLiteral("milan")};
        milan.foreignClusters = json::array({foreignCluster("dublin", "Provider", failing)});
        ClusterPeers dublin{QStringLiteral("Dublin"), QStringLiteral("dublin")};
        dublin.foreignClusters = json::array({foreignCluster("milan", "Consumer", kHealthy), foreignCluster("oslo", "Consumer", noNetwork)});
        const std::vector<ClusterPeers> clusters{milan, dublin};
        const auto refs = spillway::console::refsOf(clusters);
        const PeerGraph g = PeerGraph::build(clusters);

        const auto md = spillway::console::peeringCardOf(refs, *g.edge(QStringLiteral("milan"), QStringLiteral("dublin")));
        QVERIFY(md.reported);
        QCOMPARE(md.modules[0].tone, spillway::console::Good);
        QCOMPARE(md.modules[1].text, QStringLiteral("Established"));
        QCOMPARE(md.modules[2].text, QStringLiteral("NotReady"));   // the consumer's view, not the provider's healthy one
        QCOMPARE(md.worst, spillway::console::Bad);
        QVERIFY(!md.networkingDisabled);

        const auto od = spillway::console::peeringCardOf(refs, *g.edge(QStringLiteral("oslo"), QStringLiteral("dublin")));
        QVERIFY(od.reported);
        QVERIFY(od.networkingDisabled);
        QCOMPARE(od.worst, spillway::console::Good);

        PeerGraph::Edge unknown;
        unknown.consumer = QStringLiteral("paris");
        unknown.provider = QStringLiteral("lima");
        const auto none = spillway::console::peeringCardOf(refs, unknown);
        QVERIFY(!none.reported);
        QCOMPARE(none.worst, spillway::console::Neutral);
    }

    // A cluster's agents on its card: none seen says nothing; all Ready says how many; one not
    // Ready is named with its count, and the card is troubled.
    void agentsHealthSaysWhichIsNotReady()
    {
        using spillway::installer::ComponentStatus;
        QVERIFY(agentsHealthOf({}).text.isEmpty());
        QCOMPARE(agentsHealthOf({}).tone, Neutral);

        ComponentStatus manager{QStringLiteral("spillway-controller-manager"), 1, 1, {}, {}, false};
        ComponentStatus fabric{QStringLiteral("spillway-fabric"), 2, 2, {}, {}, false};
        AgentsHealth h = agentsHealthOf({manager, fabric});
        QCOMPARE(h.tone, Good);
        QCOMPARE(h.text, QStringLiteral("agents 2/2 Ready"));
        QCOMPARE(h.details, (QStringList{QStringLiteral("spillway-controller-manager: 1/1 Ready"), QStringLiteral("spillway-fabric: 2/2 Ready")}));

        fabric.ready = 1;
        fabric.problem = QStringLiteral("pod spillway-fabric-x: ErrImageNeverPull");
        h = agentsHealthOf({manager, fabric});
        QCOMPARE(h.tone, Bad);
        QCOMPARE(h.text, QStringLiteral("spillway-fabric 1/2 Ready"));
        QCOMPARE(h.details.last(), QStringLiteral("spillway-fabric: 1/2 Ready — pod spillway-fabric-x: ErrImageNeverPull"));

        // Scaled to nothing is not Ready: the agent does not run.
        manager.desired = manager.ready = 0;
        QCOMPARE(agentsHealthOf({manager}).tone, Bad);
    }
};

QTEST_APPLESS_MAIN(TestMapCards)
#include "tst_map_cards.moc"
