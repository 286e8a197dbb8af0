// The live dashboard in core: its tables built from the clusters' lists (peerings with module
// conditions, offloaded pods per namespace and provider, volumes and where they live, events
// about peering objects, newest first) and updated by difference — rows change in place, never a reset.
#include "console/Dashboard.h"

#include <QSignalSpy>
#include <QtTest>

using nlohmann::json;
using namespace spillway::console;
using Row = KeyedTableModel::Row;

class TestDashboard : public QObject
{
    Q_OBJECT
    static ClusterPeers rome()
    {
        ClusterPeers p;
        p.name = QStringLiteral("Rome");
        p.clusterId = QStringLiteral("rome");
        p.foreignClusters = json::parse(R"([{"metadata": {"name": "milan"}, "spec": {"clusterID": "milan"}, "status": {"role": "Provider", "modules": {)"
                                        R"("authentication": {"enabled": true, "conditions": [{"type": "AuthIdentityControlPlaneStatus", "status": "Established"}]},)"
                                        R"("networking": {"enabled": false}, "offloading": {"enabled": true, "conditions": [{"type": "OffloadingNodeStatus", "status": "NotReady"}]}}}}])");
        p.virtualNodes = json::parse(R"([{"metadata": {"name": "liqo-milan", "labels": {"liqo.io/type": "virtual-node", "liqo.io/remote-cluster-id": "milan"}},)"
                                     R"("status": {"allocatable": {"cpu": "4"}, "conditions": [{"type": "Ready", "status": "False"}]}}])");
        p.virtualNodePods = VirtualNodePods::fromItems(json::parse(R"([{"metadata": {"name": "a", "namespace": "shop"}, "spec": {"nodeName": "liqo-milan"}, "status": {"phase": "Running"}},)"
                                        R"({"metadata": {"name": "b", "namespace": "shop"}, "spec": {"nodeName": "liqo-milan"}, "status": {"phase": "Pending"}},)"
                                        R"({"metadata": {"name": "c", "namespace": "shop"}, "spec": {"nodeName": "liqo-milan"}, "status": {"phase": "Running"}}])"));
        p.events = json::parse(R"([{"metadata": {"uid": "e1"}, "involvedObject": {"kind": "ForeignCluster", "name": "milan"}, "type": "Normal", "reason": "Peered", "message": "ok", "lastTimestamp": "2026-11-30T10:00:00Z"},)"
                               R"({"metadata": {"uid": "e2"}, "involvedObject": {"kind": "Node", "name": "liqo-milan"}, "type": "Warning", "reason": "ProviderUnreachable", "message": "lost", "lastTimestamp": "2026-11-30T10:05:00Z"}])");
        p.volumes = json::parse(R"([{"metadata": {"name": "pvc-1", "labels": {"storage.spillway.dev/location": "milan"}},)"
                                R"("spec": {"capacity": {"storage": "1Gi"}, "claimRef": {"namespace": "db", "name": "data-db-0"}}, "status": {"phase": "Bound"}},)"
                                R"({"metadata": {"name": "pvc-2", "labels": {"storage.spillway.dev/location": "local"}},)"
                                R"("spec": {"capacity": {"storage": "5Gi"}, "claimRef": {"namespace": "tmp", "name": "scratch"}}, "status": {"phase": "Released"}}])");
        return p;
    }

private slots:
    void tablesAreTheListsContent()
    {
        const std::vector<ClusterPeers> clusters{rome()};
        const Dashboard d = Dashboard::build(clusters, PeerGraph::build(clusters));
        QCOMPARE(d.peers.size(), size_t(1));
        const Row &peer = d.peers[0];
        QCOMPARE(peer.key, DashboardModel::peeringKey(QStringLiteral("rome"), QStringLiteral("milan")));
        QCOMPARE(peer.cells.value(DashboardModel::PeerConsumer), QStringLiteral("Rome"));
        QCOMPARE(peer.cells.value(DashboardModel::PeerAuthentication), QStringLiteral("Established"));
        QCOMPARE(peer.cells.value(DashboardModel::PeerNetworking), QStringLiteral("Disabled"));
        QCOMPARE(peer.cells.value(DashboardModel::PeerOffloading), QStringLiteral("NotReady"));
        QCOMPARE(peer.cells.value(DashboardModel::PeerVirtualNode), QStringLiteral("liqo-milan (not Ready)"));
        QCOMPARE(peer.tone, 3);   // a module and the node are not ready
        QCOMPARE(d.pods.size(), size_t(1));
        QCOMPARE(d.pods[0].cells, (QStringList{QStringLiteral("Rome"), QStringLiteral("shop"), QStringLiteral("milan"), QStringLiteral("2"), QStringLiteral("1"), QStringLiteral("0")}));
        QCOMPARE(d.events.size(), size_t(2));
        QCOMPARE(d.events[0].cells.value(DashboardModel::EventReason), QStringLiteral("ProviderUnreachable"));   // newest first
        QCOMPARE(d.events[0].cells.value(DashboardModel::EventObject), QStringLiteral("Node/liqo-milan"));
        QCOMPARE(d.events[0].tone, 2);
        QCOMPARE(d.volumes.size(), size_t(2));
        QCOMPARE(d.volumes[0].cells, (QStringList{QStringLiteral("Rome"), QStringLiteral("db/data-db-0"), QStringLiteral("milan"), QStringLiteral("1Gi"), QStringLiteral("Bound")}));
        QCOMPARE(d.volumes[0].tone, 1);
        QCOMPARE(d.volumes[1].cells.value(DashboardModel::VolumeLocation), QStringLiteral("this cluster"));
        QCOMPARE(d.volumes[1].tone, 2);   // released, its twin about to go
    }

    void rowsChangeInPlace()
    {
        KeyedTableModel m({QStringLiteral("A"), QStringLiteral("B")});
        QSignalSpy resets(&m, &QAbstractItemModel::modelReset), changes(&m, &QAbstractItemModel::dataChanged),
            inserts(&m, &QAbstractItemModel::rowsInserted), removes(&m, &QAbstractItemModel::rowsRemoved);
        m.setRows({{QStringLiteral("x"), {QStringLiteral("1"), QStringLiteral("2")}, 0}, {QStringLiteral("y"), {QStringLiteral("3"), QStringLiteral("4")}, 0}});
        QCOMPARE(m.rowCount(), 2);
        QCOMPARE(inserts.size(), 1);   // one batch
        m.setRows({{QStringLiteral("x"), {QStringLiteral("1"), QStringLiteral("2")}, 0}, {QStringLiteral("y"), {QStringLiteral("3"), QStringLiteral("5")}, 1}});
        QCOMPARE(changes.size(), 1);   // only y changed
        QCOMPARE(m.data(m.index(1, 1)).toString(), QStringLiteral("5"));
        QCOMPARE(m.data(m.index(1, 0), KeyedTableModel::ToneRole).toInt(), 1);
        m.setRows({{QStringLiteral("y"), {QStringLiteral("3"), QStringLiteral("5")}, 1}, {QStringLiteral("z"), {}, 0}, {QStringLiteral("z"), {}, 0}});
        QCOMPARE(removes.size(), 1);
        QCOMPARE(m.rowCount(), 2);     // y kept, z once
        QCOMPARE(m.data(m.index(0, 0), KeyedTableModel::KeyRole).toString(), QStringLiteral("y"));
        QVERIFY(m.find(QStringLiteral("z")));
        QVERIFY(!m.find(QStringLiteral("x")));
        QCOMPARE(resets.size(), 0);
    }
};

QTEST_GUILESS_MAIN(TestDashboard)
#include "tst_dashboard.moc"
