// The console's getting-started line: from no clusters, through installing Spillway where it is
// missing, to peering two clusters; nothing once a peering exists or while clusters are asked.
#include "console/ClusterListModel.h"
#include "console/NextStep.h"

#include <QTemporaryDir>
#include <QTest>

#include <map>

using spillway::Error;
using spillway::Result;
using spillway::console::ClusterEntry;
using spillway::console::ClusterFacts;
using spillway::console::ClusterListModel;
using spillway::console::NextStep;
using spillway::console::PeerGraph;

namespace {

enum class Answer { Installed, Missing, Unreachable };

// A model over a kubeconfig with these contexts, each answering as given (no cluster is asked).
struct Clusters {
    QTemporaryDir dir;
    std::map<QString, Answer> answers;
    ClusterListModel model{nullptr, [this](const ClusterEntry &e) -> Result<ClusterFacts> {
                               const Answer a = answers.at(e.context);
                               if (a == Answer::Unreachable)
                                   return Error::of(Error::Kind::Transport, QStringLiteral("connection refused"));
                               ClusterFacts f;
                               f.spillwayInstalled = a == Answer::Installed;
                               if (f.spillwayInstalled) {
                                   f.spillwayVersion = QStringLiteral("0.1.0");
                                   f.clusterId = e.context;
                               }
                               return f;
                           }};

    explicit Clusters(std::map<QString, Answer> given) : answers(std::move(given))
    {
        QString contexts, clusters;
        for (const auto &[name, answer] : answers) {
            contexts += QStringLiteral("- {name: %1, context: {cluster: %1, user: u}}\n").arg(name);
            clusters += QStringLiteral("- {name: %1, cluster: {server: 'https://127.0.0.1:1'}}\n").arg(name);
        }
        const QString path = dir.filePath(QStringLiteral("kubeconfig"));
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly))
            return;
        f.write(QStringLiteral("apiVersion: v1\nkind: Config\nclusters:\n%1contexts:\n%2users:\n- {name: u, user: {token: t}}\n").arg(clusters, contexts).toUtf8());
        f.close();
        model.addKubeconfig(path);
    }
    bool settled() const { return model.pending() == 0; }
};

} // namespace

class TestNextStep : public QObject
{
    Q_OBJECT
private slots:
    void noClustersAsksForAKubeconfig()
    {
        ClusterListModel empty;
        const auto step = NextStep::of(empty, PeerGraph{});
        QCOMPARE(step.kind, NextStep::Kind::AddKubeconfig);
        QVERIFY(!step.action.isEmpty());
    }

    void missingSpillwayOffersTheInstall()
    {
        Clusters c({{QStringLiteral("milan"), Answer::Installed}, {QStringLiteral("rome"), Answer::Missing}, {QStringLiteral("oslo"), Answer::Unreachable}});
        QTRY_VERIFY(c.settled());
        const auto step = NextStep::of(c.model, PeerGraph{});
        QCOMPARE(step.kind, NextStep::Kind::Install);
        QCOMPARE(c.model.row(step.row).entry.context, QStringLiteral("rome"));
        QVERIFY2(step.action.contains(QStringLiteral("rome")), qPrintable(step.action));
        QVERIFY2(step.text.contains(QStringLiteral("One cluster has Spillway")), qPrintable(step.text));
    }

    void twoWithSpillwayOfferThePeering()
    {
        Clusters c({{QStringLiteral("milan"), Answer::Installed}, {QStringLiteral("rome"), Answer::Installed}, {QStringLiteral("oslo"), Answer::Missing}});
        QTRY_VERIFY(c.settled());
        QCOMPARE(NextStep::of(c.model, PeerGraph{}).kind, NextStep::Kind::Peer);
        // Once a peering exists there is nothing left to suggest.
        PeerGraph peered;
        peered.edges.push_back({});
        QCOMPARE(NextStep::of(c.model, peered).kind, NextStep::Kind::None);
    }

    void unreachableClustersPointAtTheirRows()
    {
        Clusters none({{QStringLiteral("oslo"), Answer::Unreachable}});
        QTRY_VERIFY(none.settled());
        const auto step = NextStep::of(none.model, PeerGraph{});
        QCOMPARE(step.kind, NextStep::Kind::FixClusters);
        QVERIFY(step.action.isEmpty());
        Clusters one({{QStringLiteral("milan"), Answer::Installed}, {QStringLiteral("oslo"), Answer::Unreachable}});
        QTRY_VERIFY(one.settled());
        const auto another = NextStep::of(one.model, PeerGraph{});
        QCOMPARE(another.kind, NextStep::Kind::AddKubeconfig);
        QVERIFY2(another.text.contains(QStringLiteral("Only one")), qPrintable(another.text));
    }
};

QTEST_GUILESS_MAIN(TestNextStep)
#include "tst_next_step.moc"
