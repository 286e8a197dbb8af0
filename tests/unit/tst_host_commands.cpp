// HostCommands runs the host's network tools: arguments, input, extra environment (the gateway's
// image has no env(1), so wireguard-go's must be set here), and failures that name the command.
// ensureTunDevice makes the TUN device a container's /dev lacks.
#include "network/HostCommands.h"
#include "network/IpForwarding.h"
#include "network/TunDevice.h"

#include <QTemporaryDir>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <QtTest>

using namespace spillway;
using namespace spillway::network;

class TestHostCommands : public QObject
{
    Q_OBJECT
private slots:
    void runsWithInputAndExtraEnvironment()
    {
        HostCommands host;
        auto out = host.run(QStringLiteral("sh"), {QStringLiteral("-c"), QStringLiteral("printf '%s|%s|' \"$WG_TEST\" \"$PATH\" ; cat")},
                            QByteArrayLiteral("in"), {QStringLiteral("WG_TEST=a=b")});
        QVERIFY2(out.ok(), out.ok() ? "" : qPrintable(out.error().message));
        const QList<QByteArray> parts = out->split('|');
        QCOMPARE(parts.value(0), QByteArrayLiteral("a=b"));
        QVERIFY(!parts.value(1).isEmpty());   // the rest of the environment is kept
        QCOMPARE(parts.value(2), QByteArrayLiteral("in"));
    }

    void failuresNameTheCommandAndWhatItSaid()
    {
        HostCommands host;
        auto failed = host.run(QStringLiteral("sh"), {QStringLiteral("-c"), QStringLiteral("echo broken >&2; exit 3")});
        QVERIFY(!failed.ok());
        QVERIFY2(failed.error().message.contains(QStringLiteral("sh -c echo broken >&2; exit 3 failed (exit 3): broken")), qPrintable(failed.error().message));
        auto missing = host.run(QStringLiteral("/nonexistent/wireguard-go"), {QStringLiteral("wg0")});
        QVERIFY(!missing.ok());
        QVERIFY2(missing.error().message.contains(QStringLiteral("cannot run /nonexistent/wireguard-go wg0")), qPrintable(missing.error().message));
        QVERIFY2(missing.error().hint.contains(QStringLiteral("is /nonexistent/wireguard-go installed")), qPrintable(missing.error().hint));
    }

    void makesTheTunDeviceWhereItIsMissing()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("dev/net/tun"));
        auto made = ensureTunDevice(path);
        QVERIFY2(made.ok(), made.ok() ? "" : qPrintable(made.error().message));
        struct stat st {};
        QCOMPARE(::stat(QFile::encodeName(path).constData(), &st), 0);
        QVERIFY(S_ISCHR(st.st_mode));
        QCOMPARE(major(st.st_rdev), 10u);
        QCOMPARE(minor(st.st_rdev), 200u);
        QVERIFY(ensureTunDevice(path).ok());   // there already: nothing to do
        auto impossible = ensureTunDevice(QStringLiteral("/proc/spillway-no/tun"));
        QVERIFY(!impossible.ok());
        QVERIFY2(impossible.error().hint.contains(QStringLiteral("CAP_MKNOD")), qPrintable(impossible.error().hint));
    }

    void turnsForwardingOnOnceAndNamesTheFixWhenItCannot()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("ip_forward"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly) && f.write("0\n") == 2);
        f.close();
        QVERIFY(!ipForwardingEnabled(path));
        auto on = enableIpForwarding(path);
        QVERIFY2(on.ok(), on.ok() ? "" : qPrintable(on.error().message));
        QVERIFY(ipForwardingEnabled(path));
        // Already on: not written again (a read-only /proc/sys then is no error).
        QVERIFY(QFile::setPermissions(path, QFileDevice::ReadOwner));
        QVERIFY(enableIpForwarding(path).ok());
        auto refused = enableIpForwarding(QStringLiteral("/proc/spillway-no/ip_forward"));
        QVERIFY(!refused.ok());
        QVERIFY2(refused.error().message.contains(QStringLiteral("cannot turn on IPv4 forwarding")), qPrintable(refused.error().message));
        QVERIFY2(refused.error().hint.contains(QStringLiteral("privileged")), qPrintable(refused.error().hint));
    }
};

QTEST_GUILESS_MAIN(TestHostCommands)
#include "tst_host_commands.moc"
