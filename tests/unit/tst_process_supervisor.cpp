// The local runtime's supervisor: restarts a program that exits, backs off, and cleans up on stop.
#include "installer/LocalRuntime.h"
#include "installer/ProcessSupervisor.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace spillway::installer;

class TestProcessSupervisor : public QObject
{
    Q_OBJECT
private slots:
    void restartsWithGrowingDelaysAndStopsCleanly()
    {
        QTemporaryDir dir;
        ProcessSupervisor::Options o;
        o.dir = dir.path();
        o.program = QStringLiteral("/bin/sh");
        o.args = {QStringLiteral("-c"), QStringLiteral("echo started; exit 3")};
        o.backoffBaseMs = 20;
        o.backoffCapMs = 80;
        qint64 now = 0;
        o.clock = [&] { return now; };     // never "healthy": the backoff never resets
        o.random = [] { return 0.0; };    // no jitter
        ProcessSupervisor supervisor(o);
        QSignalSpy started(&supervisor, &ProcessSupervisor::childStarted);
        supervisor.start();
        QTRY_VERIFY_WITH_TIMEOUT(supervisor.restarts() >= 3, 5000);
        QVERIFY(started.size() >= 3);
        QFile log(dir.filePath(QStringLiteral("log")));
        QVERIFY(log.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(log.readAll());
        QVERIFY(text.count(QStringLiteral("started")) >= 3);
        QVERIFY2(text.contains(QStringLiteral("exited (code 3); restarting in 20 ms")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("restarting in 40 ms")), qPrintable(text));
        QVERIFY(QFile::exists(dir.filePath(QStringLiteral("supervisor.pid"))));
        QSignalSpy stopped(&supervisor, &ProcessSupervisor::stopped);
        supervisor.stop();
        QCOMPARE(stopped.size(), 1);
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("supervisor.pid"))));
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("child.pid"))));
    }

    void stopTerminatesALongRunningChild()
    {
        QTemporaryDir dir;
        ProcessSupervisor::Options o;
        o.dir = dir.path();
        o.program = QStringLiteral("/bin/sleep");
        o.args = {QStringLiteral("600")};
        ProcessSupervisor supervisor(o);
        supervisor.start();
        const qint64 pid = readPidFile(dir.filePath(QStringLiteral("child.pid")));
        QVERIFY(pid > 0);
        QVERIFY(processAlive(pid, QStringLiteral("sleep")));
        QVERIFY(!processAlive(pid, QStringLiteral("something-else")));   // a recycled pid is not ours
        supervisor.stop(2000);
        QTRY_VERIFY(!processAlive(pid, QStringLiteral("sleep")));
        QCOMPARE(supervisor.restarts(), 0);
    }
};

QTEST_GUILESS_MAIN(TestProcessSupervisor)
#include "tst_process_supervisor.moc"
