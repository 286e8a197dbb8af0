// The tunnel's data path, for real: two "clusters" whose pods both use 10.244.0.0/16, each
// gateway in its own network namespace with wireguard-go configured through the UAPI by
// TunnelEnd, NAT and routes from TunnelPlan. Pods reach each other over the remapped addresses
// (ping and TCP, both ways) and see each other's remapped source; down() leaves nothing behind.
#include "NetnsLab.h"

#include <QtTest>

#include "network/TunnelEnd.h"
#include "network/TunnelHealth.h"
#include "network/WireGuardKey.h"

#include <QFileInfo>

#include <unistd.h>

using namespace spillway;
using namespace spillway::network;

namespace {
ipam::Cidr cidr(const char *text)
{
    return *ipam::Cidr::parse(QString::fromLatin1(text));
}
} // namespace

class TestTunnelDatapath : public QObject
{
    Q_OBJECT
    lab::NetnsLab lab;
    QString gwA, gwB, podA, podB, rome, milan;
    std::unique_ptr<TunnelEnd> endA, endB;

    // iperf3 from one pod to another's address: what the server saw as the client's address.
    QString tcpClientAsSeen(const QString &serverPod, const QString &clientPod, const QString &address)
    {
        QProcess server;
        server.start(QStringLiteral("ip"), {QStringLiteral("netns"), QStringLiteral("exec"), serverPod, QStringLiteral("iperf3"), QStringLiteral("-s"),
                                            QStringLiteral("--forceflush"), QStringLiteral("-1"), QStringLiteral("-p"), QStringLiteral("5201")});
        if (!server.waitForStarted())
            return QStringLiteral("server did not start");
        // The client starts once the server says it listens (retrying blindly lost that race on a busy machine).
        QByteArray log;
        while (!log.contains("listening") && server.waitForReadyRead(10000))
            log += server.readAll();
        QByteArray out;
        const bool ok = lab::sh(QStringLiteral("ip netns exec %1 iperf3 -c %2 -p 5201 -t 1 -J").arg(clientPod, address), &out);
        server.waitForFinished(10000);
        log += server.readAll();
        const qsizetype at = log.indexOf("Accepted connection from ");
        if (!ok || at < 0)
            return QStringLiteral("no TCP connection: %1").arg(QString::fromUtf8(out.left(300)));
        return QString::fromLatin1(log.mid(at + 25).split(',').first());
    }

private slots:
    void initTestCase()
    {
        if (geteuid() != 0)
            QFAIL("the network tests create network namespaces and TUN devices: run them as root (./run test does)");
        gwA = lab.name(QStringLiteral("a-gw"));
        gwB = lab.name(QStringLiteral("b-gw"));
        podA = lab.name(QStringLiteral("a-pod"));
        podB = lab.name(QStringLiteral("b-pod"));
        rome = lab.name(QStringLiteral("rome"));
        milan = lab.name(QStringLiteral("milan"));
        QVERIFY(lab.addNamespace(gwA) && lab.addNamespace(gwB));
        QVERIFY(lab.link(gwA, QStringLiteral("ul0"), QStringLiteral("192.168.250.1/30"), gwB, QStringLiteral("ul0"), QStringLiteral("192.168.250.2/30")));
        QVERIFY(lab.addPod(podA, QStringLiteral("10.244.1.5"), gwA, QStringLiteral("10.244.1.1")));
        QVERIFY(lab.addPod(podB, QStringLiteral("10.244.1.7"), gwB, QStringLiteral("10.244.1.1")));
        QVERIFY(lab.forwarding(gwA) && lab.forwarding(gwB));

        auto keyA = generateWireGuardKey(), keyB = generateWireGuardKey();
        QVERIFY(keyA && keyB);
        // Each cluster reaches the other's pods (10.244.0.0/16, like its own) as 10.0.0.0/16.
        TunnelEnd::Options a;
        a.plan = {rome, milan, tunnelInterfaceName(rome, milan), routingTableFor(milan), {{cidr("10.244.0.0/16"), cidr("10.0.0.0/16")}},
                  QStringLiteral("169.254.18.2/30"), {}};
        a.wireguard.privateKey = keyA->privateKey;
        a.wireguard.peers = {{keyB->publicKey, QStringLiteral("192.168.250.2:51840"), {QStringLiteral("0.0.0.0/0")}, 0}};
        a.host = HostCommands(gwA);
        TunnelEnd::Options b;
        b.plan = {milan, rome, tunnelInterfaceName(milan, rome), routingTableFor(rome), {{cidr("10.244.0.0/16"), cidr("10.0.0.0/16")}},
                  QStringLiteral("169.254.18.1/30"), {}};
        b.wireguard.privateKey = keyB->privateKey;
        b.wireguard.listenPort = 51840;
        b.wireguard.peers = {{keyA->publicKey, {}, {QStringLiteral("0.0.0.0/0")}, 0}};
        b.host = HostCommands(gwB);
        // The wireguard-go the product runs (./run build installs the newest beside the binaries).
        const QString installed = qEnvironmentVariable("SPILLWAY_BIN") + QStringLiteral("/wireguard-go");
        a.wireguardGo = b.wireguardGo = QFileInfo(installed).isExecutable() ? installed : defaultWireGuardGo();
        qInfo("wireguard-go: %s", qPrintable(a.wireguardGo));
        endA = std::make_unique<TunnelEnd>(a);
        endB = std::make_unique<TunnelEnd>(b);
        auto upB = endB->up();
        QVERIFY2(upB, upB ? "" : qPrintable(upB.error().toString()));
        auto upA = endA->up();
        QVERIFY2(upA, upA ? "" : qPrintable(upA.error().toString()));
    }

    void podsPingEachOtherOverRemappedAddresses()
    {
        QByteArray out;
        QVERIFY2(lab::sh(QStringLiteral("ip netns exec %1 ping -c 3 -i 0.2 -W 2 10.0.1.7").arg(podA), &out), out.constData());
        QVERIFY2(lab::sh(QStringLiteral("ip netns exec %1 ping -c 3 -i 0.2 -W 2 10.0.1.5").arg(podB), &out), out.constData());
        // The pod's own CIDR is still its own: the remapped route does not swallow it.
        QVERIFY(!lab::sh(QStringLiteral("ip netns exec %1 ping -c 1 -W 1 10.244.1.7").arg(podA)));
    }

    void tcpBothWaysSeesTheRemappedSource()
    {
        QCOMPARE(tcpClientAsSeen(podB, podA, QStringLiteral("10.0.1.7")), QStringLiteral("10.0.1.5"));
        QCOMPARE(tcpClientAsSeen(podA, podB, QStringLiteral("10.0.1.5")), QStringLiteral("10.0.1.7"));
    }

    void theDeviceReportsTheHandshakeAndTraffic()
    {
        auto status = endA->status();
        QVERIFY2(status, status ? "" : qPrintable(status.error().toString()));
        QCOMPARE(status->size(), size_t(1));
        QVERIFY(status->front().lastHandshakeSeconds > 0);
        QVERIFY(status->front().rxBytes > 0 && status->front().txBytes > 0);
        QCOMPARE(status->front().endpoint, QStringLiteral("192.168.250.2:51840"));
    }

    void upAgainChangesNothing()
    {
        auto again = endA->up();
        QVERIFY2(again, again ? "" : qPrintable(again.error().toString()));
        QByteArray rules;
        QVERIFY(lab::sh(QStringLiteral("ip -n %1 rule show | grep -c fwmark").arg(gwA), &rules));
        QCOMPARE(rules.trimmed(), QByteArray("1"));
        QVERIFY(lab::sh(QStringLiteral("ip netns exec %1 ping -c 1 -W 2 10.0.1.7").arg(podA)));
    }

    void healthFollowsACutAndTheHeal()
    {
        using State = TunnelHealth::State;
        TunnelHealth::Options a{rome, gwA, QHostAddress(QStringLiteral("169.254.18.2")), QHostAddress(QStringLiteral("169.254.18.1"))};
        TunnelHealth::Options b{milan, gwB, QHostAddress(QStringLiteral("169.254.18.1")), QHostAddress(QStringLiteral("169.254.18.2"))};
        TunnelHealth healthA(a), healthB(b);
        auto started = healthA.start();
        QVERIFY2(started, started ? "" : qPrintable(started.error().toString()));
        QVERIFY(healthB.start());
        QTRY_COMPARE_WITH_TIMEOUT(healthA.state(), State::Connected, 5000);
        QTRY_COMPARE_WITH_TIMEOUT(healthB.state(), State::Connected, 5000);
        QVERIFY2(healthA.latencyUs() > 0 && healthA.latencyUs() < 200000, qPrintable(QString::number(healthA.latencyUs())));

        // The underlay goes away for 30 s: Error within 5 s, on both sides.
        QVERIFY(lab::sh(QStringLiteral("ip -n %1 link set ul0 down").arg(gwA)));
        QTRY_COMPARE_WITH_TIMEOUT(healthA.state(), State::Error, 5000);
        QTRY_COMPARE_WITH_TIMEOUT(healthB.state(), State::Error, 5000);
        QTest::qWait(25000);
        QCOMPARE(healthA.state(), State::Error);
        // Back: Connected within 10 s, nothing restarted.
        QVERIFY(lab::sh(QStringLiteral("ip -n %1 link set ul0 up").arg(gwA)));
        QTRY_COMPARE_WITH_TIMEOUT(healthA.state(), State::Connected, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(healthB.state(), State::Connected, 10000);
        QVERIFY(lab::sh(QStringLiteral("ip netns exec %1 ping -c 1 -W 2 10.0.1.7").arg(podA)));

        // Untrusted input: junk on the health port is dropped and counted, never answered.
        lab::sh(QStringLiteral("ip netns exec %1 bash -c 'echo not-json > /dev/udp/169.254.18.2/12345'").arg(gwB));
        QTRY_VERIFY_WITH_TIMEOUT(healthA.dropped() >= 1, 3000);
        QCOMPARE(healthA.state(), State::Connected);
        healthA.stop();
        healthB.stop();
    }

    void downLeavesNothingBehind()
    {
        QVERIFY(endA->down());
        QVERIFY(endB->down());
        for (const auto &[ns, dev, table] : {std::tuple{gwA, tunnelInterfaceName(rome, milan), nftTableName(milan)},
                                             std::tuple{gwB, tunnelInterfaceName(milan, rome), nftTableName(rome)}}) {
            QVERIFY2(!lab::sh(QStringLiteral("ip -n %1 link show dev %2").arg(ns, dev)), qPrintable(dev + QStringLiteral(" still exists")));
            QVERIFY2(!lab::sh(QStringLiteral("ip netns exec %1 nft list table ip %2").arg(ns, table)), qPrintable(table + QStringLiteral(" still exists")));
            QByteArray rules;
            lab::sh(QStringLiteral("ip -n %1 rule show").arg(ns), &rules);
            QVERIFY2(!rules.contains("fwmark"), rules.constData());
            QVERIFY(!QFileInfo::exists(uapiSocketPath(dev)));
        }
        QVERIFY(!lab::sh(QStringLiteral("ip netns exec %1 ping -c 1 -W 1 10.0.1.7").arg(podA)));
    }
};

QTEST_GUILESS_MAIN(TestTunnelDatapath)
#include "tst_tunnel_datapath.moc"
