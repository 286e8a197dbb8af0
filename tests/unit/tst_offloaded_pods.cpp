// The pods panel's logic in core: which pods of a consumer run on virtual nodes and in which
// provider (by the node's liqo.io/remote-cluster-id label, named as the console names it), and the
// log viewer's line splitting of a stream that arrives in arbitrary pieces.
#include "console/OffloadedPods.h"
#include "console/PodFilter.h"
#include "console/PodLogFollower.h"

#include <QSignalSpy>

#include <QtTest>

using nlohmann::json;
using namespace spillway::console;

class TestOffloadedPods : public QObject
{
    Q_OBJECT
    static std::vector<ClusterPeers> clusters()
    {
        ClusterPeers rome;
        rome.name = QStringLiteral("Rome");
        rome.clusterId = QStringLiteral("rome");
        rome.virtualNodes = json::parse(R"([{"metadata": {"name": "liqo-milan", "labels": {"liqo.io/type": "virtual-node", "liqo.io/remote-cluster-id": "milan"}}},)"
                                        R"({"metadata": {"name": "liqo-far", "labels": {"liqo.io/type": "virtual-node", "liqo.io/remote-cluster-id": "far-away"}}}])");
        rome.virtualNodePods = json::parse(
            R"([{"metadata": {"name": "web-2", "namespace": "shop"}, "spec": {"nodeName": "liqo-milan", "containers": [{"name": "app"}, {"name": "sidecar"}]},)"
            R"(  "status": {"phase": "Running", "containerStatuses": [{"name": "app", "restartCount": 2}, {"name": "sidecar", "restartCount": 1}]}},)"
            R"( {"metadata": {"name": "web-1", "namespace": "shop", "deletionTimestamp": "2026-12-04T10:00:00Z"}, "spec": {"nodeName": "liqo-far", "containers": [{"name": "app"}]},)"
            R"(  "status": {"phase": "Running"}},)"
            R"( {"metadata": {"name": "job", "namespace": "batch"}, "spec": {"nodeName": "liqo-milan", "containers": [{"name": "run"}]}, "status": {"phase": "Failed"}},)"
            R"( {"metadata": {"name": "odd"}, "spec": "not an object", "status": 3}])");
        ClusterPeers milan;
        milan.name = QStringLiteral("Milan");
        milan.clusterId = QStringLiteral("milan");
        return {rome, milan};
    }

private slots:
    void listsEachPodWithTheProviderItRunsIn()
    {
        const auto all = clusters();
        const auto pods = OffloadedPods::of(refsOf(all), PeerGraph::build(all));
        QCOMPARE(pods.size(), size_t(4));
        // Sorted by cluster, namespace, name: "" < batch < shop.
        QCOMPARE(pods[0].name, QStringLiteral("odd"));   // a malformed pod is listed, not a crash
        QCOMPARE(pods[1].name, QStringLiteral("job"));
        QCOMPARE(pods[2].name, QStringLiteral("web-1"));
        QCOMPARE(pods[3].name, QStringLiteral("web-2"));
        const OffloadedPod &web2 = pods[3];
        QCOMPARE(web2.key(), QStringLiteral("rome/shop/web-2"));
        QCOMPARE(web2.cluster, QStringLiteral("Rome"));
        QCOMPARE(web2.providerId, QStringLiteral("milan"));
        QCOMPARE(web2.provider, QStringLiteral("Milan"));   // the console's name for the provider
        QCOMPARE(web2.restarts, 3);
        QCOMPARE(web2.containers, (QStringList{QStringLiteral("app"), QStringLiteral("sidecar")}));
        QCOMPARE(OffloadedPods::rowOf(web2).cells,
                 (QStringList{QStringLiteral("Rome"), QStringLiteral("shop"), QStringLiteral("web-2"), QStringLiteral("Milan"), QStringLiteral("liqo-milan"),
                              QStringLiteral("Running"), QStringLiteral("3")}));
        QCOMPARE(OffloadedPods::rowOf(web2).tone, 1);
        // A provider the console does not know by name shows as its cluster ID.
        QCOMPARE(pods[2].provider, QStringLiteral("far-away"));
        QCOMPARE(pods[2].phase, QStringLiteral("Terminating"));
        QCOMPARE(OffloadedPods::rowOf(pods[1]).tone, 3);   // Failed
        QCOMPARE(OffloadedPods::rowOf(pods[0]).cells.value(OffloadedPodsModel::Provider), QStringLiteral("—"));
    }

    void filtersByClusterNamespaceProviderPhaseAndName()
    {
        const auto all = clusters();
        std::vector<KeyedTableModel::Row> rows;
        for (const auto &pod : OffloadedPods::of(refsOf(all), PeerGraph::build(all)))
            rows.push_back(OffloadedPods::rowOf(pod));
        auto kept = [&](const PodFilter &filter) {
            QStringList names;
            for (const auto &row : rows)
                if (filter.matches(row))
                    names << row.cells.value(OffloadedPodsModel::Pod);
            return names.join(QLatin1Char(' '));
        };
        QVERIFY(PodFilter{}.isEmpty());
        QCOMPARE(kept({}), QStringLiteral("odd job web-1 web-2"));
        QCOMPARE(kept({.ns = QStringLiteral("shop")}), QStringLiteral("web-1 web-2"));
        QCOMPARE(kept({.provider = QStringLiteral("Milan")}), QStringLiteral("job web-2"));   // as the console names it
        QCOMPARE(kept({.phase = QStringLiteral("Failed")}), QStringLiteral("job"));
        QCOMPARE(kept({.cluster = QStringLiteral("Rome"), .ns = QStringLiteral("shop"), .provider = QStringLiteral("Milan")}), QStringLiteral("web-2"));
        QCOMPARE(kept({.cluster = QStringLiteral("Milan")}), QString());   // Milan offloads nothing
        QCOMPARE(kept({.text = QStringLiteral(" WEB ")}), QStringLiteral("web-1 web-2"));
        QCOMPARE(kept({.ns = QStringLiteral("shop"), .text = QStringLiteral("2")}), QStringLiteral("web-2"));

        // The choices are what the rows hold, sorted, without blanks.
        const auto choices = PodFilterChoices::of(rows);
        QCOMPARE(choices.clusters, QStringList{QStringLiteral("Rome")});
        QCOMPARE(choices.namespaces, (QStringList{QStringLiteral("batch"), QStringLiteral("shop")}));
        QCOMPARE(choices.providers, (QStringList{QStringLiteral("Milan"), QStringLiteral("far-away"), QStringLiteral("—")}));
        QCOMPARE(choices.phases, (QStringList{QStringLiteral("Failed"), QStringLiteral("Pending"), QStringLiteral("Running"), QStringLiteral("Terminating")}));
    }

    void theProxyFollowsTheTableAndTheFilter()
    {
        const auto all = clusters();
        std::vector<KeyedTableModel::Row> rows;
        for (const auto &pod : OffloadedPods::of(refsOf(all), PeerGraph::build(all)))
            rows.push_back(OffloadedPods::rowOf(pod));
        KeyedTableModel table({QStringLiteral("Cluster"), QStringLiteral("Namespace"), QStringLiteral("Pod"), QStringLiteral("Runs in"),
                               QStringLiteral("Virtual node"), QStringLiteral("Phase"), QStringLiteral("Restarts")});
        table.setRows(rows);
        PodFilterProxy proxy;
        proxy.setSourceModel(&table);
        QCOMPARE(proxy.rowCount(), 4);
        proxy.setFilter({.ns = QStringLiteral("shop")});
        QCOMPARE(proxy.rowCount(), 2);
        QCOMPARE(proxy.index(0, OffloadedPodsModel::Pod).data().toString(), QStringLiteral("web-1"));
        // A pod leaving the table leaves the view; one arriving in the namespace appears.
        rows.erase(rows.begin() + 2);   // web-1
        KeyedTableModel::Row late = rows.back();
        late.key = QStringLiteral("rome/shop/web-3");
        late.cells[OffloadedPodsModel::Pod] = QStringLiteral("web-3");
        rows.push_back(late);
        table.setRows(rows);
        QCOMPARE(proxy.rowCount(), 2);
        QCOMPARE(proxy.index(0, OffloadedPodsModel::Pod).data().toString(), QStringLiteral("web-2"));
        QCOMPARE(proxy.index(1, OffloadedPodsModel::Pod).data().toString(), QStringLiteral("web-3"));
        // Setting the same filter again does not redo the filtering (no layout change for views).
        QSignalSpy layout(&proxy, &QAbstractItemModel::layoutChanged);
        QSignalSpy reset(&proxy, &QAbstractItemModel::modelReset);
        proxy.setFilter({.ns = QStringLiteral("shop")});
        QCOMPARE(layout.size() + reset.size(), 0);
        proxy.setFilter({});
        QCOMPARE(proxy.rowCount(), 4);
    }

    void splitsAStreamIntoLines()
    {
        LogLineSplitter s;
        QCOMPARE(s.feed("first li"), QStringList());
        QCOMPARE(s.feed("ne\nsecond\r\nthi"), (QStringList{QStringLiteral("first line"), QStringLiteral("second")}));
        QCOMPARE(s.feed("rd\n\n"), (QStringList{QStringLiteral("third"), QString()}));   // an empty line is a line
        QCOMPARE(s.feed("caf\xc3"), QStringList());
        QCOMPARE(s.feed("\xa9 \xff\n"), QStringList{QStringLiteral("café \uFFFD")});   // UTF-8 cut between reads; bad bytes shown, not fatal
        QCOMPARE(s.feed("no end\r"), QStringList());
        QCOMPARE(s.rest(), QStringLiteral("no end"));
        QCOMPARE(s.rest(), QString());
    }
};

QTEST_GUILESS_MAIN(TestOffloadedPods)
#include "tst_offloaded_pods.moc"
