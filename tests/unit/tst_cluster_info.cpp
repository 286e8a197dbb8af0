// `spillctl info`'s pure parts: module states as liqoctl judges them, and --get paths.
#include "info/ClusterInfo.h"

#include <QTest>

using namespace spillway;
using nlohmann::json;

class TestClusterInfo : public QObject
{
    Q_OBJECT
private slots:
    void moduleStates()
    {
        QCOMPARE(info::moduleState(json()), QStringLiteral("Disabled"));
        QCOMPARE(info::moduleState(json{{"enabled", false}}), QStringLiteral("Disabled"));
        QCOMPARE(info::moduleState(json{{"enabled", true}}), QStringLiteral("Healthy"));
        QCOMPARE(info::moduleState(json{{"enabled", true}, {"conditions", {{{"type", "A"}, {"status", "Established"}}, {{"type", "B"}, {"status", "Ready"}}}}}),
                 QStringLiteral("Healthy"));
        QCOMPARE(info::moduleState(json{{"enabled", true}, {"conditions", {{{"type", "A"}, {"status", "Established"}}, {{"type", "B"}, {"status", "Pending"}}}}}),
                 QStringLiteral("Unhealthy"));
    }

    void getPaths()
    {
        const json root = {{"local", {{"clusterID", "rome"}, {"version", "0.1.0"}}},
                           {"health", {{"healthy", false}}},
                           {"peerings", {{"peers", {{{"clusterID", "milan"}, {"role", "Provider"}}, {{"clusterID", "paris"}, {"role", "Consumer"}}}}}}};
        QVERIFY(*info::getPath(root, QStringLiteral("clusterid")) == "rome");
        QVERIFY(*info::getPath(root, QStringLiteral("ClusterID")) == "rome");
        QVERIFY(*info::getPath(root, QStringLiteral("local.VERSION")) == "0.1.0");
        QVERIFY(*info::getPath(root, QStringLiteral("health.healthy")) == false);   // false is an answer, not "not found"
        QVERIFY(*info::getPath(root, QStringLiteral("peerings.peers.1.role")) == "Consumer");
        QVERIFY(*info::getPath(root, QStringLiteral("peerings.peers.milan.role")) == "Provider");
        QVERIFY(info::getPath(root, QStringLiteral("local"))->is_object());
        auto missing = info::getPath(root, QStringLiteral("local.nope"));
        QVERIFY(!missing.ok());
        QVERIFY(missing.error().message.contains(QStringLiteral("\"nope\" not found in local")));
        QVERIFY(missing.error().hint.contains(QStringLiteral("clusterID, version")));
        QVERIFY(info::getPath(root, QStringLiteral("peerings.peers.7")).error().hint.contains(QStringLiteral("0 to 1")));
        QVERIFY(info::getPath(root, QStringLiteral("local.version.major")).error().hint.contains(QStringLiteral("is a value")));
    }
};

QTEST_GUILESS_MAIN(TestClusterInfo)
#include "tst_cluster_info.moc"
