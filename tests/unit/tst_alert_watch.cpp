// The console's alerts in core: which states of a peering are alerts (a module unhealthy, the
// tunnel down, its latency jumping above its usual, the virtual node NotReady, a namespace's
// offloading failing), told once a condition has held for the debounce, not told again while it
// flaps within the quiet period, cleared when it goes, and silent for muted clusters. Time is an
// injected clock.
#include "console/AlertWatch.h"

#include <QSignalSpy>
#include <QtTest>

using nlohmann::json;
using namespace spillway::console;

namespace {

constexpr qint64 kSecond = 1000;

// Rome consumes from Milan; FOREIGNCLUSTER's modules are what Rome's ForeignCluster says.
struct Federation {
    ClusterPeers rome;
    PeerGraph graph;

    explicit Federation(PeerGraph::Health health = PeerGraph::Health::Up, std::optional<double> latencyMs = 5.0, bool nodeReady = true,
                        const char *offloading = "Ready")
    {
        rome.name = QStringLiteral("Rome");
        rome.clusterId = QStringLiteral("rome");
        rome.foreignClusters = json::array({{{"metadata", {{"name", "milan"}}},
                                             {"spec", {{"clusterID", "milan"}}},
                                             {"status",
                                              {{"modules",
                                                {{"authentication", {{"enabled", true}, {"conditions", {{{"type", "AuthIdentityControlPlaneStatus"}, {"status", "Established"}}}}}},
                                                 {"networking", {{"enabled", true}, {"conditions", {{{"type", "NetworkConnectionStatus"}, {"status", health == PeerGraph::Health::Down ? "Error" : "Established"}}}}}},
                                                 {"offloading", {{"enabled", true}, {"conditions", {{{"type", "OffloadingNodeStatus"}, {"status", offloading}}}}}}}}}}}});
        graph.nodes = {{QStringLiteral("rome"), QStringLiteral("Rome"), true}, {QStringLiteral("milan"), QStringLiteral("Milan"), false}};
        PeerGraph::Edge e;
        e.consumer = QStringLiteral("rome");
        e.provider = QStringLiteral("milan");
        e.health = health;
        e.healthText = health == PeerGraph::Health::Down ? QStringLiteral("Error") : QStringLiteral("Connected");
        e.latencyMs = latencyMs;
        e.virtualNode = QStringLiteral("liqo-milan");
        e.virtualNodeReady = nodeReady;
        graph.edges = {e};
    }
    ClusterPeersRefs refs() const { return {std::cref(rome)}; }
};

QStringList kindsOf(const std::vector<Alert> &alerts)
{
    QStringList out;
    for (const Alert &a : alerts)
        out << a.key;
    out.sort();
    return out;
}

} // namespace

class TestAlertWatch : public QObject
{
    Q_OBJECT
private slots:
    void whatIsAnAlert()
    {
        const AlertPolicy policy;
        QVERIFY(AlertWatch::conditionsOf(Federation().refs(), Federation().graph, {}, policy).empty());

        // Down: told once as the tunnel, not again as the networking module.
        Federation down(PeerGraph::Health::Down);
        auto alerts = AlertWatch::conditionsOf(down.refs(), down.graph, {}, policy);
        QCOMPARE(kindsOf(alerts), QStringList{QStringLiteral("tunnel-down/rome→milan")});
        QCOMPARE(alerts[0].title, QStringLiteral("Tunnel down: Rome → Milan"));
        QVERIFY2(alerts[0].body.contains(QStringLiteral("(Error)")), qPrintable(alerts[0].body));

        // The offloading module failing, the virtual node NotReady.
        Federation failing(PeerGraph::Health::Up, 5.0, false, "NotReady");
        alerts = AlertWatch::conditionsOf(failing.refs(), failing.graph, {}, policy);
        QCOMPARE(kindsOf(alerts), (QStringList{QStringLiteral("module-offloading/rome→milan"), QStringLiteral("virtual-node/rome→milan")}));
        for (const Alert &a : alerts)
            if (a.kind == Alert::Kind::ModuleUnhealthy) {
                QCOMPARE(a.module, QStringLiteral("offloading"));
                QCOMPARE(a.title, QStringLiteral("Offloading unhealthy: Rome → Milan"));
                QVERIFY2(a.body.contains(QStringLiteral("NotReady")), qPrintable(a.body));
            }

        // Latency: usual 5 ms; 14 ms is not a jump (under usual + 20), 40 ms is (and over 3 × 5).
        const std::map<QString, double> usual{{QStringLiteral("rome→milan"), 5.0}};
        QVERIFY(AlertWatch::conditionsOf(Federation(PeerGraph::Health::Up, 14.0).refs(), Federation(PeerGraph::Health::Up, 14.0).graph, usual, policy).empty());
        Federation slow(PeerGraph::Health::Up, 40.0);
        alerts = AlertWatch::conditionsOf(slow.refs(), slow.graph, usual, policy);
        QCOMPARE(kindsOf(alerts), QStringList{QStringLiteral("latency/rome→milan")});
        QCOMPARE(alerts[0].body, QStringLiteral("40.0 ms, where it is usually 5.0 ms."));
    }

    // A condition is told after the debounce, once; it clears when it goes; a flap within the
    // quiet period is not told again, one after it is.
    void debouncedAndQuietForFlapping()
    {
        qint64 now = 1'000'000;
        AlertPolicy policy;
        policy.debounceMs = 20 * kSecond;
        policy.quietMs = 600 * kSecond;
        AlertWatch watch([&] { return now; }, policy);
        QSignalSpy raised(&watch, &AlertWatch::alertRaised), cleared(&watch, &AlertWatch::alertCleared);
        Federation up, down(PeerGraph::Health::Down);

        watch.observe(up.refs(), up.graph);
        watch.observe(down.refs(), down.graph);
        now += 19 * kSecond;
        watch.tick();
        QCOMPARE(raised.size(), 0);   // not yet: a blip is not an outage
        now += kSecond;
        watch.tick();
        QCOMPARE(raised.size(), 1);
        QCOMPARE(raised[0][0].value<Alert>().key, QStringLiteral("tunnel-down/rome→milan"));
        QVERIFY(watch.alert(QStringLiteral("tunnel-down/rome→milan")));
        watch.observe(down.refs(), down.graph);   // still down: nothing new
        now += 100 * kSecond;
        watch.tick();
        QCOMPARE(raised.size(), 1);

        watch.observe(up.refs(), up.graph);
        QCOMPARE(cleared.size(), 1);
        QVERIFY(watch.raised().empty());
        QVERIFY(watch.alert(QStringLiteral("tunnel-down/rome→milan")));   // what a late click opens

        // Down for a second only: never told.
        watch.observe(down.refs(), down.graph);
        now += kSecond;
        watch.observe(up.refs(), up.graph);
        now += 60 * kSecond;
        watch.tick();
        QCOMPARE(raised.size(), 1);
        QCOMPARE(cleared.size(), 1);

        // Down again for long, within the quiet period: shown as raised, not told.
        watch.observe(down.refs(), down.graph);
        now += 30 * kSecond;
        watch.tick();
        QCOMPARE(raised.size(), 1);
        QCOMPARE(watch.raised().size(), size_t(1));
        watch.observe(up.refs(), up.graph);
        QCOMPARE(cleared.size(), 2);

        // After the quiet period it is told again.
        now += 600 * kSecond;
        watch.observe(down.refs(), down.graph);
        now += 20 * kSecond;
        watch.tick();
        QCOMPARE(raised.size(), 2);
    }

    // The usual latency follows what is measured, so a slow drift is no alert; a jump is, and a
    // lasting jump does not become the usual before it is told.
    void latencyJumpsAgainstItsUsual()
    {
        qint64 now = 1'000'000;
        AlertPolicy policy;
        policy.debounceMs = 10 * kSecond;
        AlertWatch watch([&] { return now; }, policy);
        QSignalSpy raised(&watch, &AlertWatch::alertRaised);
        for (double ms = 5; ms <= 30; ms += 1, now += kSecond) {
            Federation f(PeerGraph::Health::Up, ms);
            watch.observe(f.refs(), f.graph);
        }
        now += 60 * kSecond;
        watch.tick();
        QCOMPARE(raised.size(), 0);
        for (int i = 0; i < 20; ++i, now += kSecond) {
            Federation f(PeerGraph::Health::Up, 250.0);
            watch.observe(f.refs(), f.graph);
        }
        QCOMPARE(raised.size(), 1);
        QCOMPARE(raised[0][0].value<Alert>().kind, Alert::Kind::LatencyJump);
    }

    // A muted cluster's peerings are silent, and muting clears what was raised.
    void mutedClustersAreSilent()
    {
        qint64 now = 1'000'000;
        AlertPolicy policy;
        policy.debounceMs = 0;
        AlertWatch watch([&] { return now; }, policy);
        QSignalSpy raised(&watch, &AlertWatch::alertRaised), cleared(&watch, &AlertWatch::alertCleared);
        Federation down(PeerGraph::Health::Down);
        watch.observe(down.refs(), down.graph);
        QCOMPARE(raised.size(), 1);
        watch.setMuted({QStringLiteral("milan")});
        QCOMPARE(cleared.size(), 1);
        QVERIFY(watch.raised().empty());
        now += 3600 * kSecond;
        watch.observe(down.refs(), down.graph);
        watch.tick();
        QCOMPARE(raised.size(), 1);
        watch.setMuted({});
        watch.observe(down.refs(), down.graph);
        QCOMPARE(raised.size(), 2);
    }

    // A namespace whose offloading failed for a peer is an alert about that namespace, naming the
    // peer and why; one offloaded, or still on its way, is not. Muting its cluster silences it.
    void offloadingThatFails()
    {
        const AlertPolicy policy;
        auto offloading = [](const char *ns, const char *phase) {
            const json milan = json::array({{{"type", "OffloadingRequired"}, {"status", "True"}, {"reason", "ClusterSelected"}},
                                            {{"type", "Ready"}, {"status", "False"}, {"reason", "CreationLoopBackOff"},
                                             {"message", "the remote namespace could not be created"}}});
            return json{{"metadata", {{"name", "offloading"}, {"namespace", ns}}},
                        {"status", {{"offloadingPhase", phase}, {"remoteNamespacesConditions", {{"milan", milan}}}}}};
        };
        Federation f;
        f.rome.namespaceOffloadings = json::array({offloading("shop", "Ready"), offloading("web", "InProgress"), offloading("ops", "NoClusterSelected")});
        QVERIFY(AlertWatch::conditionsOf(f.refs(), f.graph, {}, policy).empty());

        f.rome.namespaceOffloadings.push_back(offloading("billing", "SomeFailed"));
        f.rome.namespaceOffloadings.push_back(offloading("batch", "AllFailed"));
        const auto alerts = AlertWatch::conditionsOf(f.refs(), f.graph, {}, policy);
        QCOMPARE(kindsOf(alerts), (QStringList{QStringLiteral("offloading/rome/batch"), QStringLiteral("offloading/rome/billing")}));
        const Alert &billing = alerts[0].ns == QLatin1String("billing") ? alerts[0] : alerts[1];
        QCOMPARE(billing.kind, Alert::Kind::OffloadingFailed);
        QCOMPARE(billing.consumer, QStringLiteral("rome"));
        QVERIFY(billing.provider.isEmpty());
        QCOMPARE(billing.title, QStringLiteral("Offloading failed: billing in Rome"));
        QCOMPARE(billing.body, QStringLiteral("The offloading of namespace billing in Rome reports SomeFailed. "
                                              "Milan: the remote namespace could not be created (CreationLoopBackOff)."));

        qint64 now = 1'000'000;
        AlertPolicy told;
        told.debounceMs = 0;
        AlertWatch watch([&] { return now; }, told);
        QSignalSpy raised(&watch, &AlertWatch::alertRaised);
        watch.setMuted({QStringLiteral("rome")});
        watch.observe(f.refs(), f.graph);
        QCOMPARE(raised.size(), 0);
        watch.setMuted({});
        watch.observe(f.refs(), f.graph);
        QCOMPARE(raised.size(), 2);
        QCOMPARE(watch.alert(QStringLiteral("offloading/rome/billing"))->ns, QStringLiteral("billing"));
    }
};

QTEST_GUILESS_MAIN(TestAlertWatch)
#include "tst_alert_watch.moc"
