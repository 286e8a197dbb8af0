// The peering wizard's logic in core: what the pages collect (PeeringRequest: problems named by
// field, the PeerWorkflow options it makes) and the stage timeline (PeeringTimelineModel) driven
// by a clock the test moves.
#include "console/PeeringRequest.h"
#include "console/PeeringTimelineModel.h"

#include <QSignalSpy>
#include <QtTest>

using namespace spillway;
using namespace spillway::console;
using Stage = peering::PeerWorkflow::Stage;
using State = PeeringTimelineModel::State;

class TestPeeringTimeline : public QObject
{
    Q_OBJECT
    static PeeringRequest valid()
    {
        PeeringRequest r;
        r.consumer = {QStringLiteral("/k/rome"), QStringLiteral("rome"), {}, {}};
        r.provider = {QStringLiteral("/k/milan"), QStringLiteral("milan"), {}, {}};
        return r;
    }

private slots:
    void requestProblemsNameTheField()
    {
        QVERIFY(valid().problems().isEmpty());
        PeeringRequest same = valid();
        same.provider = same.consumer;
        QVERIFY(same.problems().join(QLatin1Char(' ')).contains(QStringLiteral("different clusters")));
        PeeringRequest none;
        QCOMPARE(none.problems().size(), 2);   // neither cluster chosen
        PeeringRequest bad = valid();
        bad.cpu = QStringLiteral("four");
        bad.memory = QStringLiteral("8Gi");
        bad.pods = QStringLiteral("1.5");
        bad.resourceSliceClass = QStringLiteral(" ");
        const QString text = bad.problems().join(QLatin1Char('\n'));
        QVERIFY2(text.contains(QStringLiteral("CPU: \"four\" is not a quantity")), qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("Memory")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Pods: give a whole number")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("ResourceSlice class")), qPrintable(text));
    }

    void requestMakesTheWorkflowOptions()
    {
        PeeringRequest r = valid();
        r.cpu = QStringLiteral(" 2 ");
        r.pods = QStringLiteral("20");
        r.networking = false;
        r.bidirectional = true;
        r.createVirtualNode = false;
        r.timeoutSeconds = 30;
        const auto o = r.options();
        QCOMPARE(o.peering.requestedResources, (nlohmann::json{{"cpu", "2"}, {"pods", "20"}}));
        QVERIFY(!o.networking);
        QVERIFY(o.bidirectional);
        QVERIFY(!o.peering.createVirtualNode);
        QVERIFY(!o.waitForVirtualNode);
        QCOMPARE(o.peering.timeoutMs, 30000);
        QCOMPARE(o.peering.resourceSliceClass, QStringLiteral("default"));
    }

    void timelineFollowsTheStages()
    {
        qint64 now = 1000;
        PeeringTimelineModel m([&now] { return now; });
        QSignalSpy changes(&m, &QAbstractItemModel::dataChanged);
        QSignalSpy resets(&m, &QAbstractItemModel::modelReset);
        QCOMPARE(m.rowCount(), 4);
        QCOMPARE(m.data(m.index(0, PeeringTimelineModel::StageColumn)).toString(), PeeringTimelineModel::stageTitle(Stage::Network));
        m.skipped(Stage::Network);
        m.started(Stage::Authentication);
        now += 1500;
        QCOMPARE(m.data(m.index(1, PeeringTimelineModel::TimeColumn)).toString(), QStringLiteral("1.5 s"));   // running: ticks with the clock
        m.done(Stage::Authentication, 1400);
        now += 5000;
        QCOMPARE(m.data(m.index(1, PeeringTimelineModel::TimeColumn)).toString(), QStringLiteral("1.4 s"));   // done: what the workflow measured
        QCOMPARE(m.data(m.index(0, PeeringTimelineModel::TimeColumn)).toString(), QString());
        QCOMPARE(m.data(m.index(0, PeeringTimelineModel::StateColumn)).toString(), QStringLiteral("Skipped"));
        QVERIFY(!m.finished());
        m.started(Stage::Resources);
        now += 250;
        m.failed(Stage::Resources, Error::of(Error::Kind::Config, QStringLiteral("the provider denied the resources: over quota"), QStringLiteral("check the policy")));
        QCOMPARE(m.state(Stage::Resources), State::Failed);
        QCOMPARE(m.elapsedMs(Stage::Resources), qint64(250));
        const QString failed = m.data(m.index(2, PeeringTimelineModel::StateColumn)).toString();
        QVERIFY2(failed.contains(QStringLiteral("over quota")) && failed.contains(QStringLiteral("check the policy")), qPrintable(failed));
        QCOMPARE(m.state(Stage::VirtualNode), State::Pending);
        QCOMPARE(resets.size(), 0);   // row changes only
        QVERIFY(changes.size() >= 5);

        // Retry: from the start again; a cancel is not a failure.
        m.reset();
        QCOMPARE(m.state(Stage::Authentication), State::Pending);
        m.started(Stage::Network);
        m.failed(Stage::Network, Error::of(Error::Kind::Cancelled, QStringLiteral("cancelled")));
        QCOMPARE(m.state(Stage::Network), State::Cancelled);
        m.reset();
        for (Stage s : {Stage::Network, Stage::Authentication, Stage::Resources, Stage::VirtualNode}) {
            m.started(s);
            m.done(s, 10);
        }
        QVERIFY(m.finished());
    }
};

QTEST_GUILESS_MAIN(TestPeeringTimeline)
#include "tst_peering_timeline.moc"
