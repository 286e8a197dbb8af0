// The console's pods panel on real nodes (run by e2e.real_cluster, which sets the environment):
// with only the consumer's kubeconfig in the workspace, the offloaded pod is listed with the
// provider it runs in; selecting it follows its log through the consumer's apiserver and the
// virtual kubelet — the lines from the container's start, and a new line that a request to the
// container writes while the viewer follows. Search finds text in what is shown.
//   SPILLWAY_TEST_KUBECONFIG  the consumer's kubeconfig
//   SPILLWAY_TEST_NAMESPACE, SPILLWAY_TEST_POD, SPILLWAY_TEST_PROVIDER  the offloaded pod and its provider's cluster ID
//   SPILLWAY_TEST_KUBECTL     kubectl, to make the container log a request
#include "MainWindow.h"
#include "PodLogView.h"
#include "PodsView.h"
#include "console/ClusterListModel.h"
#include "console/OffloadedPods.h"

#include <QPlainTextEdit>
#include <QProcess>
#include <QTableView>
#include <QtTest>

using namespace spillway;

class TestPodsPanel : public QObject
{
    Q_OBJECT
    static QString env(const char *name)
    {
        const QString v = qEnvironmentVariable(name);
        if (v.isEmpty())
            qFatal("%s is not set: this test runs inside e2e.real_cluster", name);
        return v;
    }
    static int requestLines(const QString &log) { return int(log.count(QStringLiteral("127.0.0.1"))); }

private slots:
    void followsTheLogOfAnOffloadedPod()
    {
        const QString ns = env("SPILLWAY_TEST_NAMESPACE"), pod = env("SPILLWAY_TEST_POD"), provider = env("SPILLWAY_TEST_PROVIDER");
        console::ClusterListModel clusters;
        QCOMPARE(clusters.addKubeconfig(env("SPILLWAY_TEST_KUBECONFIG")), 1);
        QTRY_COMPARE_WITH_TIMEOUT(clusters.pending(), 0, 30000);
        views::MainWindow window(&clusters);
        QVERIFY(window.showPage(QStringLiteral("pods")));

        // Listed with where it really runs.
        QString key;
        auto listed = [&] {
            for (const auto &row : window.podsModel()->table()->rows())
                if (row.cells.value(console::OffloadedPodsModel::Namespace) == ns && row.cells.value(console::OffloadedPodsModel::Pod) == pod)
                    key = row.key;
            return !key.isEmpty();
        };
        QTRY_VERIFY_WITH_TIMEOUT(listed(), 60000);
        const auto *row = window.podsModel()->table()->find(key);
        QCOMPARE(row->cells.value(console::OffloadedPodsModel::Provider), provider);
        QVERIFY(row->cells.value(console::OffloadedPodsModel::VirtualNode).startsWith(QStringLiteral("liqo-")));

        // Its log, from the start of the container, through the virtual node.
        QVERIFY(window.pods()->select(key));
        views::PodLogView *log = window.pods()->log();
        QTRY_VERIFY2_WITH_TIMEOUT(log->text()->toPlainText().contains(QStringLiteral("started in ")), qPrintable(log->statusText()), 60000);
        QVERIFY(log->find(QStringLiteral("started in")));
        QVERIFY(!log->find(QStringLiteral("no such text in this log")));

        // A request to the container writes a line while the viewer follows; it appears.
        const int before = requestLines(log->text()->toPlainText());
        QProcess get;
        get.start(env("SPILLWAY_TEST_KUBECTL"), {QStringLiteral("--kubeconfig"), env("SPILLWAY_TEST_KUBECONFIG"), QStringLiteral("-n"), ns, QStringLiteral("exec"), pod,
                                                 QStringLiteral("--"), QStringLiteral("wget"), QStringLiteral("-qO-"), QStringLiteral("http://127.0.0.1:8080/")});
        QVERIFY(get.waitForFinished(60000));
        QTRY_VERIFY2_WITH_TIMEOUT(requestLines(log->text()->toPlainText()) > before, qPrintable(log->statusText()), 30000);
        QVERIFY2(!log->statusText().contains(QStringLiteral("cannot")), qPrintable(log->statusText()));
    }
};

QTEST_MAIN(TestPodsPanel)
#include "tst_pods_panel.moc"
