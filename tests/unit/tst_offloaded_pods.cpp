// The pods panel's logic in core: which pods of a consumer run on virtual nodes and in which
// provider (by the node's liqo.io/remote-cluster-id label, named as the console names it), and the
// log viewer's line splitting of a stream that arrives in arbitrary pieces.
#include "console/OffloadedPods.h"
#include "console/PodFilter.h"
#include "console/PodLogFollower.h"

#include <QSignalSpy>

#include <QAbstractItemModelTester>
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
        rome.virtualNodePods = VirtualNodePods::fromItems(json::parse(
            R"([{"metadata": {"name": "web-2", "namespace": "shop"}, "spec": {"nodeName": "liqo-milan", "containers": [{"name": "app"}, {"name": "sidecar"}]},)"
            R"(  "status": {"phase": "Running", "containerStatuses": [{"name": "app", "restartCount": 2}, {"name": "sidecar", "restartCount": 1}]}},)"
            R"( {"metadata": {"name": "web-1", "namespace": "shop", "deletionTimestamp": "2026-12-04T10:00:00Z"}, "spec": {"nodeName": "liqo-far", "containers": [{"name": "app"}]},)"
            R"(  "status": {"phase": "Running"}},)"
            R"( {"metadata": {"name": "job", "namespace": "batch"}, "spec": {"nodeName": "liqo-milan", "containers": [{"name": "run"}]}, "status": {"phase": "Failed"}},)"
            R"( {"metadata": {"name": "odd"}, "spec": "not an object", "status": 3}])"));
        ClusterPeers milan;
        milan.name = QStringLiteral("Milan");
        milan.clusterId = QStringLiteral("milan");
        return {rome, milan};
    }

    static QStringList names(const OffloadedPodsTable &table)
    {
        QStringList out;
        for (int i = 0; i < table.rowCount(); ++i)
            out << table.index(i, OffloadedPodsTable::Pod).data().toString();
        return out;
    }
    static QStringList names(const QAbstractItemModel &proxy)
    {
        QStringList out;
        for (int i = 0; i < proxy.rowCount(); ++i)
            out << proxy.index(i, OffloadedPodsTable::Pod).data().toString();
        return out;
    }
    static void apply(OffloadedPodsTable &table, const std::vector<ClusterPeers> &all) { table.apply(refsOf(all), PeerGraph::build(all)); }

private slots:
    void listsEachPodWithTheProviderItRunsIn()
    {
        OffloadedPodsTable table;
        apply(table, clusters());
        QCOMPARE(table.rowCount(), 4);
        // Sorted by cluster, namespace, name: "" < batch < shop; a malformed pod is listed, not a crash.
        QCOMPARE(names(table), (QStringList{QStringLiteral("odd"), QStringLiteral("job"), QStringLiteral("web-1"), QStringLiteral("web-2")}));
        const OffloadedPod web2 = table.podAt(3);
        QCOMPARE(web2.key(), QStringLiteral("rome/shop/web-2"));
        QCOMPARE(web2.cluster, QStringLiteral("Rome"));
        QCOMPARE(web2.providerId, QStringLiteral("milan"));
        QCOMPARE(web2.provider, QStringLiteral("Milan"));   // the console's name for the provider
        QCOMPARE(web2.restarts, 3);
        QCOMPARE(web2.containers, (QStringList{QStringLiteral("app"), QStringLiteral("sidecar")}));
        QCOMPARE(table.rowAt(3).cells,
                 (QStringList{QStringLiteral("Rome"), QStringLiteral("shop"), QStringLiteral("web-2"), QStringLiteral("Milan"), QStringLiteral("liqo-milan"),
                              QStringLiteral("Running"), QStringLiteral("3")}));
        QCOMPARE(table.index(3, 0).data(KeyedTableModel::ToneRole).toInt(), 1);
        QCOMPARE(table.index(3, 0).data(KeyedTableModel::KeyRole).toString(), QStringLiteral("rome/shop/web-2"));
        QCOMPARE(table.pod(QStringLiteral("rome/shop/web-2"))->restarts, 3);
        QVERIFY(!table.pod(QStringLiteral("rome/shop/web-9")));
        QVERIFY(!table.find(QStringLiteral("milan/shop/web-2")));
        // A provider the console does not know by name shows as its cluster ID.
        QCOMPARE(table.podAt(2).provider, QStringLiteral("far-away"));
        QCOMPARE(table.podAt(2).phase, QStringLiteral("Terminating"));
        QCOMPARE(table.rowAt(1).tone, 3);   // Failed
        QCOMPARE(table.rowAt(0).cells.value(OffloadedPodsModel::Provider), QStringLiteral("—"));
        // What a view is told, cell by cell, is that row.
        for (int r = 0; r < table.rowCount(); ++r) {
            const auto row = table.rowAt(r);
            for (int c = 0; c < OffloadedPodsTable::Columns; ++c)
                QCOMPARE(table.index(r, c).data().toString(), row.cells.value(c));
            QCOMPARE(table.index(r, 0).data(KeyedTableModel::ToneRole).toInt(), row.tone);
            QCOMPARE(table.index(r, 0).data(KeyedTableModel::KeyRole).toString(), row.key);
        }
    }

    // A pod coming and going changes only its rows: views keep their place and a hundred
    // thousand rows are never walked for a churn in one cluster.
    void followsTheSnapshotsByDifference()
    {
        auto all = clusters();
        OffloadedPodsTable table;
        apply(table, all);
        QSignalSpy inserted(&table, &QAbstractItemModel::rowsInserted), removed(&table, &QAbstractItemModel::rowsRemoved),
            changed(&table, &QAbstractItemModel::dataChanged), reset(&table, &QAbstractItemModel::modelReset);
        // The rows are valid at every signal: Qt's own model checks, and every cell read back each time.
        QAbstractItemModelTester tester(&table, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QStringList seen;
        auto readAll = [&] {
            QStringList cells;
            for (int r = 0; r < table.rowCount(); ++r)
                cells << table.index(r, OffloadedPodsTable::Pod).data().toString() + QLatin1Char('=') + table.index(r, OffloadedPodsTable::Restarts).data().toString();
            seen << cells.join(QLatin1Char(' '));
        };
        connect(&table, &QAbstractItemModel::rowsInserted, this, readAll);
        connect(&table, &QAbstractItemModel::rowsRemoved, this, readAll);
        connect(&table, &QAbstractItemModel::dataChanged, this, readAll);
        // web-1 leaves, two pods arrive next to each other, web-2 restarts once more; the other cluster is untouched.
        all[0].virtualNodePods = VirtualNodePods::fromItems(json::parse(
            R"([{"metadata": {"name": "web-2", "namespace": "shop"}, "spec": {"nodeName": "liqo-milan", "containers": [{"name": "app"}]},)"
            R"(  "status": {"phase": "Running", "containerStatuses": [{"name": "app", "restartCount": 4}]}},)"
            R"( {"metadata": {"name": "api-1", "namespace": "shop"}, "spec": {"nodeName": "liqo-milan"}, "status": {"phase": "Pending"}},)"
            R"( {"metadata": {"name": "api-2", "namespace": "shop"}, "spec": {"nodeName": "liqo-milan"}},)"
            R"( {"metadata": {"name": "job", "namespace": "batch"}, "spec": {"nodeName": "liqo-milan", "containers": [{"name": "run"}]}, "status": {"phase": "Failed"}},)"
            R"( {"metadata": {"name": "odd"}, "spec": "not an object", "status": 3}])"));
        apply(table, all);
        QCOMPARE(names(table), (QStringList{QStringLiteral("odd"), QStringLiteral("job"), QStringLiteral("api-1"), QStringLiteral("api-2"), QStringLiteral("web-2")}));
        QCOMPARE(reset.size(), 0);
        QCOMPARE(removed.size(), 1);
        QCOMPARE(removed[0][1].toInt(), 2);   // web-1
        QCOMPARE(inserted.size(), 1);         // the two neighbours in one range
        QCOMPARE(inserted[0][1].toInt(), 2);
        QCOMPARE(inserted[0][2].toInt(), 3);
        QCOMPARE(changed.size(), 1);          // web-2's restarts
        QCOMPARE(changed[0][0].toModelIndex().row(), 4);
        QCOMPARE(table.rowAt(4).cells.value(OffloadedPodsModel::Restarts), QStringLiteral("4"));
        // Gone first, then the arrivals, then the change; the old snapshot is gone with the last.
        QCOMPARE(seen, (QStringList{QStringLiteral("odd=0 job=0 web-2=3"), QStringLiteral("odd=0 job=0 api-1=0 api-2=0 web-2=3"),
                                    QStringLiteral("odd=0 job=0 api-1=0 api-2=0 web-2=4")}));
        // The same snapshot again: nothing to tell.
        apply(table, all);
        QCOMPARE(inserted.size() + removed.size() + changed.size() + reset.size(), 3);
        // A cluster renamed is a new table.
        all[0].name = QStringLiteral("Roma");
        apply(table, all);
        QCOMPARE(reset.size(), 1);
        QCOMPARE(table.rowAt(0).cells.value(OffloadedPodsModel::Cluster), QStringLiteral("Roma"));
    }

    // Pods deleted one after another are scattered through the name order (churn-1, churn-10,
    // churn-100…): past a few runs, the span between the first and the last difference is
    // replaced with one removal and one insertion, since a view pays a pass over all its rows for
    // each removal. The rows are right at every signal, and rowOf finds each pod's row.
    void replacesASpanPastAFewRuns()
    {
        auto podsNamed = [](const QStringList &names) {
            json items = json::array();
            for (const QString &n : names)
                items.push_back({{"metadata", {{"name", n.toStdString()}, {"namespace", "bench"}}}, {"spec", {{"nodeName", "liqo-milan"}}}, {"status", {{"phase", "Running"}}}});
            return VirtualNodePods::fromItems(items);
        };
        QStringList before;
        for (int i = 1; i <= 30; ++i)
            before << QStringLiteral("churn-%1").arg(i);
        before << QStringLiteral("pod-a") << QStringLiteral("zz-last");
        auto all = clusters();
        all[0].virtualNodePods = podsNamed(before);
        OffloadedPodsTable table;
        apply(table, all);
        QSignalSpy inserted(&table, &QAbstractItemModel::rowsInserted), removed(&table, &QAbstractItemModel::rowsRemoved),
            reset(&table, &QAbstractItemModel::modelReset);
        QAbstractItemModelTester tester(&table, QAbstractItemModelTester::FailureReportingMode::QtTest);
        // churn-1 … churn-9 go (nine runs apart in the name order) and churn-31 comes.
        QStringList after = before.mid(9);
        after << QStringLiteral("churn-31");
        all[0].virtualNodePods = podsNamed(after);
        apply(table, all);
        QCOMPARE(reset.size(), 0);
        QCOMPARE(removed.size(), 1);
        QCOMPARE(inserted.size(), 1);
        after.sort();
        QCOMPARE(names(table), after);
        // The rows before the first difference and after the last stay put: the span starts at
        // churn-1 (the first row) and ends before pod-a.
        QCOMPARE(removed[0][1].toInt(), 0);
        QCOMPARE(removed[0][2].toInt(), 29);
        QCOMPARE(inserted[0][1].toInt(), 0);
        QCOMPARE(inserted[0][2].toInt(), 21);
        for (int r = 0; r < table.rowCount(); ++r)
            QCOMPARE(table.rowOf(table.index(r, 0).data(KeyedTableModel::KeyRole).toString()), r);
        QCOMPARE(table.rowOf(QStringLiteral("rome/bench/churn-1")), -1);
        QCOMPARE(table.rowOf(QStringLiteral("no-slashes")), -1);
        // A few runs are still told one by one (views keep their indexes there).
        after.removeAll(QStringLiteral("churn-31"));
        all[0].virtualNodePods = podsNamed(after);
        apply(table, all);
        QCOMPARE(removed.size(), 2);
        QCOMPARE(removed[1][1].toInt(), removed[1][2].toInt());
        QCOMPARE(inserted.size(), 1);
    }

    // A hundred thousand digests share their namespaces, nodes, phases and container lists.
    void digestsShareWhatPodsHaveInCommon()
    {
        const json a = json::parse(R"({"metadata": {"name": "a", "namespace": "shop"}, "spec": {"nodeName": "liqo-milan", "containers": [{"name": "app"}]},
                                     "status": {"phase": "Running"}})");
        json b = a;
        b["metadata"]["name"] = "b";
        StringPool pool;
        const PodDigest da = PodDigest::of(a, &pool), db = PodDigest::of(b, &pool);
        QCOMPARE(da, PodDigest::of(a));   // the same digest as without a pool
        QCOMPARE(db.name, QStringLiteral("b"));
        QCOMPARE(da.ns.constData(), db.ns.constData());
        QCOMPARE(da.node.constData(), db.node.constData());
        QCOMPARE(da.phase.constData(), db.phase.constData());
        QCOMPARE(da.containers.constData(), db.containers.constData());
        QVERIFY(PodDigest::of(a).ns.constData() != PodDigest::of(b).ns.constData());   // what sharing saves
    }

    void filtersByClusterNamespaceProviderPhaseAndName()
    {
        OffloadedPodsTable table;
        apply(table, clusters());
        auto kept = [&](const PodFilter &filter) {
            QStringList names;
            for (int i = 0; i < table.rowCount(); ++i)
                if (filter.matches(table.rowAt(i)))
                    names << table.rowAt(i).cells.value(OffloadedPodsModel::Pod);
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
        const auto choices = table.choices();
        QCOMPARE(choices.clusters, QStringList{QStringLiteral("Rome")});
        QCOMPARE(choices.namespaces, (QStringList{QStringLiteral("batch"), QStringLiteral("shop")}));
        QCOMPARE(choices.providers, (QStringList{QStringLiteral("Milan"), QStringLiteral("far-away"), QStringLiteral("—")}));
        QCOMPARE(choices.phases, (QStringList{QStringLiteral("Failed"), QStringLiteral("Pending"), QStringLiteral("Running"), QStringLiteral("Terminating")}));
    }

    void theProxyFollowsTheTableAndTheFilter()
    {
        auto all = clusters();
        OffloadedPodsTable table;
        apply(table, all);
        PodFilterProxy proxy;
        proxy.setTable(&table);
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(proxy.rowCount(), 4);
        proxy.setFilter({.ns = QStringLiteral("shop")});
        QCOMPARE(names(proxy), (QStringList{QStringLiteral("web-1"), QStringLiteral("web-2")}));
        // A pod leaving the table leaves the view; one arriving in the namespace appears.
        all[0].virtualNodePods = VirtualNodePods::fromItems(json::parse(
            R"([{"metadata": {"name": "web-2", "namespace": "shop"}, "spec": {"nodeName": "liqo-milan"}, "status": {"phase": "Running"}},)"
            R"( {"metadata": {"name": "web-3", "namespace": "shop"}, "spec": {"nodeName": "liqo-milan"}, "status": {"phase": "Running"}},)"
            R"( {"metadata": {"name": "job", "namespace": "batch"}, "spec": {"nodeName": "liqo-milan"}, "status": {"phase": "Failed"}}])"));
        apply(table, all);
        QCOMPARE(names(proxy), (QStringList{QStringLiteral("web-2"), QStringLiteral("web-3")}));
        // Setting the same filter again does not redo the filtering (no layout change for views).
        QSignalSpy layout(&proxy, &QAbstractItemModel::layoutChanged);
        QSignalSpy reset(&proxy, &QAbstractItemModel::modelReset);
        proxy.setFilter({.ns = QStringLiteral("shop")});
        QCOMPARE(layout.size() + reset.size(), 0);
        proxy.setFilter({});
        QCOMPARE(proxy.rowCount(), 3);
        // No filter: the table's rows pass straight through, with no filtering proxy listening.
        QCOMPARE(proxy.sourceModel(), &table);
        QVERIFY(!proxy.findChild<QSortFilterProxyModel *>()->sourceModel());
        QCOMPARE(proxy.fromTable(table.index(2, 0)), proxy.index(2, 0));
        // A filter's rows are told by the table's index; a hidden row has none.
        proxy.setFilter({.phase = QStringLiteral("Failed")});
        QCOMPARE(names(proxy), QStringList{QStringLiteral("job")});
        const int job = table.rowOf(QStringLiteral("rome/batch/job"));
        QVERIFY(job >= 0);
        QCOMPARE(proxy.fromTable(table.index(job, 0)), proxy.index(0, 0));
        QVERIFY(!proxy.fromTable(table.index(job == 0 ? 1 : 0, 0)).isValid());
        // Changed rows leave a filter they no longer match.
        all[0].virtualNodePods = VirtualNodePods::fromItems(json::parse(
            R"([{"metadata": {"name": "job", "namespace": "batch"}, "spec": {"nodeName": "liqo-milan"}, "status": {"phase": "Running"}}])"));
        apply(table, all);
        QCOMPARE(proxy.rowCount(), 0);
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
