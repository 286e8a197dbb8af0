// The federation map's detail panel for one peering, from both clusters' lists: the modules'
// conditions, the ResourceSlices, the gateway pair and the peering's own events, newest first.
#include "console/PeeringDetails.h"

#include <QTest>

using nlohmann::json;
using spillway::console::VirtualNodePods;
using spillway::console::ClusterPeers;
using spillway::console::PeerGraph;
using spillway::console::PeeringDetails;

namespace {

json eventAbout(const char *time, const char *kind, const char *name, const char *ns, const char *reason)
{
    json about = {{"kind", kind}, {"name", name}};
    if (*ns)
        about["namespace"] = ns;
    return {{"metadata", {{"name", reason}}}, {"involvedObject", about}, {"type", "Normal"}, {"reason", reason}, {"message", "m"}, {"lastTimestamp", time}};
}

json connection(const char *ns, const char *peer, const char *type, const char *value)
{
    return {{"metadata", {{"name", "gw"}, {"namespace", ns}, {"labels", {{"liqo.io/remote-cluster-id", peer}}}}},
            {"spec", {{"type", type}}}, {"status", {{"value", value}, {"latency", {{"value", "1.2ms"}}}}}};
}

} // namespace

class TestPeeringDetails : public QObject
{
    Q_OBJECT
private slots:
    void detailsComeFromBothSides()
    {
        ClusterPeers milan{QStringLiteral("Milan"), QStringLiteral("milan")};
        milan.foreignClusters = json::array(
            {{{"metadata", {{"name", "dublin"}}}, {"spec", {{"clusterID", "dublin"}}},
              {"status", {{"role", "Provider"},
                          {"modules", {{"authentication", {{"enabled", true}, {"conditions", json::array({{{"type", "AuthIdentityControlPlaneStatus"}, {"status", "Established"}}})}}},
                                       {"networking", {{"enabled", false}}},
                                       {"offloading", {{"enabled", true}, {"conditions", json::array({{{"type", "OffloadingVirtualNodeReady"}, {"status", "NotReady"}, {"reason", "NodeNotReady"}, {"message", "kubelet down"}}})}}}}}}}}});
        milan.virtualNodes = json::array({{{"metadata", {{"name", "liqo-dublin"}, {"labels", {{"liqo.io/remote-cluster-id", "dublin"}}}}}}});
        milan.virtualNodePods = VirtualNodePods::fromItems(json::array({{{"metadata", {{"name", "web"}, {"namespace", "shop"}}}, {"spec", {{"nodeName", "liqo-dublin"}}}},
                                             {{"metadata", {{"name", "db"}, {"namespace", "shop"}}}, {"spec", {{"nodeName", "liqo-rome"}}}}}));
        milan.resourceSlices = json::array(
            {{{"metadata", {{"name", "dublin"}, {"namespace", "liqo-tenant-dublin"}, {"labels", {{"liqo.io/remote-cluster-id", "dublin"}}}}},
              {"spec", {{"class", "default"}, {"providerClusterID", "dublin"}, {"resources", {{"cpu", "4"}, {"memory", "8Gi"}}}}},
              {"status", {{"resources", {{"cpu", "3"}}}, {"conditions", json::array({{{"type", "Resources"}, {"status", "Accepted"}}})}}}},
             {{"metadata", {{"name", "rome"}, {"namespace", "liqo-tenant-rome"}, {"labels", {{"liqo.io/remote-cluster-id", "rome"}}}}}, {"spec", json::object()}}});
        milan.connections = json::array({connection("liqo-tenant-dublin", "dublin", "Client", "Connected"), connection("liqo-tenant-rome", "rome", "Client", "Error")});
        milan.events = json::array({eventAbout("2026-12-01T10:00:00Z", "ForeignCluster", "dublin", "", "Peered"),
                                    eventAbout("2026-12-01T10:05:00Z", "ResourceSlice", "dublin", "liqo-tenant-dublin", "Granted"),
                                    eventAbout("2026-12-01T10:06:00Z", "Node", "liqo-dublin", "", "NodeNotReady"),
                                    eventAbout("2026-12-01T10:07:00Z", "Pod", "web", "shop", "Scheduled"),
                                    eventAbout("2026-12-01T10:08:00Z", "Pod", "db", "shop", "OtherPeering"),
                                    eventAbout("2026-12-01T10:09:00Z", "ForeignCluster", "rome", "", "OtherPeer"),
                                    eventAbout("2026-12-01T10:10:00Z", "Node", "liqo-rome", "", "OtherNode")});
        ClusterPeers dublin{QStringLiteral("Dublin"), QStringLiteral("dublin")};
        dublin.foreignClusters = json::array({{{"metadata", {{"name", "milan"}}}, {"spec", {{"clusterID", "milan"}}}, {"status", {{"role", "Consumer"}}}}});
        dublin.connections = json::array({connection("liqo-tenant-milan", "milan", "Server", "Connected")});
        dublin.events = json::array({eventAbout("2026-12-01T10:03:00Z", "Tenant", "milan", "liqo-tenant-milan", "TenantCreated"),
                                     eventAbout("2026-12-01T10:04:00Z", "ForeignCluster", "oslo", "", "OtherPeer")});
        const std::vector<ClusterPeers> clusters{milan, dublin};
        const PeerGraph g = PeerGraph::build(clusters);
        const PeerGraph::Edge *e = g.edge(QStringLiteral("milan"), QStringLiteral("dublin"));
        QVERIFY(e);
        const auto d = PeeringDetails::of(spillway::console::refsOf(clusters), *e);

        QCOMPARE(d.modules[0].conditions.size(), size_t(1));
        QCOMPARE(d.modules[0].conditions[0].tone, spillway::console::Good);
        QVERIFY(d.modules[1].disabled);
        QCOMPARE(d.modules[2].conditions[0].reason, QStringLiteral("NodeNotReady"));
        QCOMPARE(d.modules[2].conditions[0].message, QStringLiteral("kubelet down"));
        QCOMPARE(d.modules[2].conditions[0].tone, spillway::console::Bad);

        QCOMPARE(d.slices.size(), size_t(1));   // rome's slice is another peering's
        QCOMPARE(d.slices[0].name, QStringLiteral("dublin"));
        QCOMPARE(d.slices[0].cluster, QStringLiteral("Milan"));
        QCOMPARE(d.slices[0].asked.cpu, 4.0);
        QVERIFY(d.slices[0].answered);
        QCOMPARE(d.slices[0].granted.cpu, 3.0);
        QCOMPARE(d.slices[0].conditions[0].status, QStringLiteral("Accepted"));

        QCOMPARE(d.gateways.size(), size_t(2));   // the pair: the consumer's client, then the provider's server
        QCOMPARE(d.gateways[0].cluster, QStringLiteral("Milan"));
        QCOMPARE(d.gateways[0].type, QStringLiteral("Client"));
        QCOMPARE(d.gateways[1].cluster, QStringLiteral("Dublin"));
        QCOMPARE(d.gateways[1].type, QStringLiteral("Server"));
        QCOMPARE(d.gateways[1].latency, QStringLiteral("1.2ms"));

        QStringList reasons;
        for (const auto &ev : d.events)
            reasons << ev.reason;
        QCOMPARE(reasons, (QStringList{QStringLiteral("Scheduled"), QStringLiteral("NodeNotReady"), QStringLiteral("Granted"), QStringLiteral("TenantCreated"),
                                       QStringLiteral("Peered")}));
        QCOMPARE(d.events[3].cluster, QStringLiteral("Dublin"));
        QCOMPARE(d.events[0].object, QStringLiteral("Pod/web"));

        // The newest only, when there are more than asked for.
        const auto two = PeeringDetails::of(spillway::console::refsOf(clusters), *e, 2);
        QCOMPARE(two.events.size(), size_t(2));
        QCOMPARE(two.events[1].reason, QStringLiteral("NodeNotReady"));
    }

    // Seen from the provider only: its slice copy and its side of the tunnel stand in.
    void providerOnly()
    {
        ClusterPeers dublin{QStringLiteral("Dublin"), QStringLiteral("dublin")};
        dublin.foreignClusters = json::array({{{"metadata", {{"name", "milan"}}}, {"spec", {{"clusterID", "milan"}}}, {"status", {{"role", "Consumer"}}}}});
        dublin.resourceSlices = json::array({{{"metadata", {{"name", "milan"}, {"namespace", "liqo-tenant-milan"}}}, {"spec", {{"consumerClusterID", "milan"}}}}});
        const std::vector<ClusterPeers> clusters{dublin};
        const PeerGraph g = PeerGraph::build(clusters);
        const auto d = PeeringDetails::of(spillway::console::refsOf(clusters), *g.edge(QStringLiteral("milan"), QStringLiteral("dublin")));
        QCOMPARE(d.slices.size(), size_t(1));
        QCOMPARE(d.slices[0].cluster, QStringLiteral("Dublin"));
        QVERIFY(!d.slices[0].answered);
        QVERIFY(d.gateways.empty());
        QVERIFY(d.modules[0].conditions.empty());
    }
};

QTEST_APPLESS_MAIN(TestPeeringDetails)
#include "tst_peering_details.moc"
