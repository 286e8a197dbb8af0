// The console's pods panel on real nodes (run by e2e.real_cluster, which sets the environment):
// with only the consumer's kubeconfig in the workspace, the offloaded pod is listed with the
// provider it runs in; selecting it follows its log through the consumer's apiserver and the
// virtual kubelet — the lines from the container's start, and a new line that a request to the
// container writes while the viewer follows. Search finds text in what is shown. The Events tab
// shows what the provider's kubelet recorded about the twin (copied by the virtual kubelet). The terminal
// runs a shell in the pod (WebSocket v5.channel.k8s.io through the consumer's apiserver and the
// virtual kubelet): typed commands run and print, a resize mid-session reaches the pod's TTY, and
// the command's exit code is reported.
//   SPILLWAY_TEST_KUBECONFIG  the consumer's kubeconfig
//   SPILLWAY_TEST_NAMESPACE, SPILLWAY_TEST_POD, SPILLWAY_TEST_PROVIDER  the offloaded pod and its provider's cluster ID
//   SPILLWAY_TEST_KUBECTL     kubectl, to make the container log a request
#include "MainWindow.h"
#include "PodExecView.h"
#include "PodLogView.h"
#include "TerminalView.h"
#include "PodsView.h"
#include "console/ClusterListModel.h"
#include "console/OffloadedPods.h"
#include "console/PodEvents.h"

#include <QLineEdit>
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
    static bool showsLine(const views::TerminalView *terminal, const QString &line)
    {
        return terminal->screenText().split(QLatin1Char('\n')).contains(line);
    }
    // Waits until the offloaded pod is listed in WINDOW's pods page; its key.
    static QString listedPod(views::MainWindow &window, const QString &ns, const QString &pod)
    {
        QString key;
        auto listed = [&] {
            for (int i = 0; i < window.podsModel()->table()->rowCount(); ++i)
                if (const auto row = window.podsModel()->table()->rowAt(i);
                    row.cells.value(console::OffloadedPodsModel::Namespace) == ns && row.cells.value(console::OffloadedPodsModel::Pod) == pod)
                    key = row.key;
            return !key.isEmpty();
        };
        for (int i = 0; i < 600 && !listed(); ++i)
            QTest::qWait(100);
        return key;
    }

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
        const QString key = listedPod(window, ns, pod);
        QVERIFY2(!key.isEmpty(), "the offloaded pod is not listed within a minute");
        const auto row = window.podsModel()->table()->find(key);
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

        // Its events from the provider's side: what the provider's kubelet recorded about the twin
        // (the container started), copied into the consumer by the virtual kubelet, in the Events tab.
        auto twinEvents = [&] {
            QStringList seen;
            for (const auto &r : window.pods()->eventsModel()->table()->rows())
                seen << r.cells.value(console::PodEvents::Reason) + QLatin1Char('@') + r.cells.value(console::PodEvents::Where);
            return seen;
        };
        const QString twinStarted = QStringLiteral("Started@%1 (the twin)").arg(provider);
        QTRY_VERIFY2_WITH_TIMEOUT(twinEvents().contains(twinStarted), qPrintable(twinEvents().join(QLatin1Char(','))), 60000);
    }

    void runsAShellInTheTerminal()
    {
        const QString ns = env("SPILLWAY_TEST_NAMESPACE"), pod = env("SPILLWAY_TEST_POD");
        console::ClusterListModel clusters;
        QCOMPARE(clusters.addKubeconfig(env("SPILLWAY_TEST_KUBECONFIG")), 1);
        QTRY_COMPARE_WITH_TIMEOUT(clusters.pending(), 0, 30000);
        views::MainWindow window(&clusters);
        window.resize(900, 700);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.showPage(QStringLiteral("pods")));
        const QString key = listedPod(window, ns, pod);
        QVERIFY2(!key.isEmpty(), "the offloaded pod is not listed within a minute");
        QVERIFY(window.pods()->select(key));
        window.pods()->showTerminal(true);
        views::PodExecView *exec = window.pods()->exec();
        views::TerminalView *terminal = exec->terminal();
        QCOMPARE(exec->command()->text(), QStringLiteral("/bin/sh"));

        // A shell, with a TTY of the terminal's size: a command typed runs and prints.
        exec->connectTerminal();
        QTRY_VERIFY2_WITH_TIMEOUT(exec->connected(), qPrintable(exec->statusText()), 60000);
        QTRY_VERIFY2_WITH_TIMEOUT(terminal->screenText().contains(QLatin1Char('#')), qPrintable(exec->statusText()), 30000);   // the prompt
        QTest::keyClicks(terminal, QStringLiteral("echo spill-$((6*7))"));
        QTest::keyClick(terminal, Qt::Key_Return);
        QTRY_VERIFY2_WITH_TIMEOUT(showsLine(terminal, QStringLiteral("spill-42")), qPrintable(terminal->screenText()), 30000);

        // Resized mid-session: the pod's TTY follows (the resize travels on a stream of its own,
        // so the shell waits for it rather than racing it).
        const int columnsBefore = terminal->columns(), rowsBefore = terminal->rows();
        window.resize(1200, 900);
        QTRY_VERIFY_WITH_TIMEOUT(terminal->columns() > columnsBefore && terminal->rows() > rowsBefore, 10000);
        const QString size = QStringLiteral("%1 %2").arg(terminal->rows()).arg(terminal->columns());
        QTest::keyClicks(terminal, QStringLiteral("i=0; until [ \"$(busybox stty size)\" = \"%1\" ] || [ $i -gt 100 ]; do i=$((i+1)); sleep 0.1; done; "
                                                  "echo tty $(busybox stty size)").arg(size));
        QTest::keyClick(terminal, Qt::Key_Return);
        QTRY_VERIFY2_WITH_TIMEOUT(showsLine(terminal, QStringLiteral("tty ") + size), qPrintable(terminal->screenText()), 30000);

        // The shell's exit code ends the session and is reported.
        QTest::keyClicks(terminal, QStringLiteral("exit 3"));
        QTest::keyClick(terminal, Qt::Key_Return);
        QTRY_VERIFY2_WITH_TIMEOUT(!exec->connected(), qPrintable(exec->statusText()), 30000);
        QVERIFY2(exec->statusText().contains(QStringLiteral("code 3")), qPrintable(exec->statusText()));
    }
};

QTEST_MAIN(TestPodsPanel)
#include "tst_pods_panel.moc"
