// The gateway's pure parts: WireGuard keys (checked against the wg tool), the UAPI exchange's
// text both ways, and the NAT/route plan for a remapped peer.
#include "network/TunnelPlan.h"
#include "network/WireGuardKey.h"
#include "network/WireGuardUapi.h"

#include <QProcess>
#include <QtTest>

using namespace spillway;
using namespace spillway::network;

class TestTunnelConfig : public QObject
{
    Q_OBJECT
private slots:
    void keysMatchTheWireGuardTools()
    {
        auto key = generateWireGuardKey();
        QVERIFY(key && key->privateKey.size() == 32 && key->publicKey.size() == 32);
        QProcess wg;
        wg.start(QStringLiteral("wg"), {QStringLiteral("pubkey")});
        QVERIFY2(wg.waitForStarted(), "wg (wireguard-tools) is needed: ./run deps installs it");
        wg.write(key->privateKey.toBase64() + '\n');
        wg.closeWriteChannel();
        QVERIFY(wg.waitForFinished());
        QCOMPARE(wg.readAllStandardOutput().trimmed(), key->publicKey.toBase64());
        QCOMPARE(*wireGuardPublicKey(key->privateKey), key->publicKey);
        QCOMPARE(*decodeWireGuardKey(key->publicKey.toBase64()), key->publicKey);
        QVERIFY(!decodeWireGuardKey("not-a-key"));
        QVERIFY(!decodeWireGuardKey(QByteArray(40, 'A')));
        QVERIFY(!wireGuardPublicKey(QByteArray(31, '\1')));
    }

    void uapiSetNamesEverythingAndReplacesPeers()
    {
        WireGuardConfig c;
        c.privateKey = QByteArray(32, '\x01');
        c.listenPort = 51840;
        c.peers = {{QByteArray(32, '\x02'), QStringLiteral("192.0.2.1:51840"), {QStringLiteral("0.0.0.0/0")}, 25}};
        const QByteArray text = uapiSetRequest(c);
        QVERIFY(text.startsWith("set=1\nprivate_key=" + QByteArray(32, '\x01').toHex() + "\nlisten_port=51840\nreplace_peers=true\n"));
        QVERIFY(text.contains("public_key=" + QByteArray(32, '\x02').toHex() + "\nendpoint=192.0.2.1:51840\npersistent_keepalive_interval=25\n"
                              "replace_allowed_ips=true\nallowed_ip=0.0.0.0/0\n"));
        QVERIFY(text.endsWith("\n\n"));
        QVERIFY(parseUapiSetAnswer("errno=0\n\n"));
        auto refused = parseUapiSetAnswer("errno=22\n\n");
        QVERIFY(!refused && refused.error().message.contains(QStringLiteral("errno 22")));
    }

    void uapiGetIsReadPerPeer()
    {
        const QByteArray answer = "private_key=" + QByteArray(32, '\x01').toHex() + "\nlisten_port=51840\npublic_key=" + QByteArray(32, '\x02').toHex()
                                  + "\nendpoint=192.0.2.1:40000\nlast_handshake_time_sec=1764500000\nlast_handshake_time_nsec=5\n"
                                    "tx_bytes=1200\nrx_bytes=3400\npersistent_keepalive_interval=0\nallowed_ip=0.0.0.0/0\nprotocol_version=1\nerrno=0\n\n";
        auto peers = parseUapiGet(answer);
        QVERIFY(peers && peers->size() == 1);
        QCOMPARE(peers->front().publicKey, QByteArray(32, '\x02'));
        QCOMPARE(peers->front().endpoint, QStringLiteral("192.0.2.1:40000"));
        QCOMPARE(peers->front().lastHandshakeSeconds, 1764500000);
        QCOMPARE(peers->front().rxBytes, quint64(3400));
        QCOMPARE(peers->front().txBytes, quint64(1200));
        QVERIFY(!parseUapiGet("errno=2\n\n"));
    }

    void planTranslatesOnlyWhatIsRemapped()
    {
        TunnelPlan p;
        p.localClusterId = QStringLiteral("rome");
        p.peerClusterId = QStringLiteral("milan-1");
        p.interfaceName = tunnelInterfaceName(p.localClusterId, p.peerClusterId);
        p.routingTable = routingTableFor(p.peerClusterId);
        p.networks = {{*ipam::Cidr::parse(QStringLiteral("10.244.0.0/16")), *ipam::Cidr::parse(QStringLiteral("10.0.0.0/16"))},
                      {*ipam::Cidr::parse(QStringLiteral("172.20.0.0/16")), *ipam::Cidr::parse(QStringLiteral("172.20.0.0/16"))}};
        QVERIFY(p.interfaceName.size() <= 15 && p.interfaceName != tunnelInterfaceName(p.peerClusterId, p.localClusterId));
        QVERIFY(p.routingTable >= 1000 && p.routingTable < 61000);
        const QString rules = nftRuleset(p);
        QVERIFY(rules.startsWith(QStringLiteral("table ip spillway_milan_1 {}\ndelete table ip spillway_milan_1\n")));
        const QString mark = QString::number(p.routingTable);
        QVERIFY(rules.contains(QStringLiteral("iifname != \"%1\" ip daddr 10.0.0.0/16 meta mark set %2").arg(p.interfaceName, mark)));
        QVERIFY(!rules.contains(QStringLiteral("ip daddr 172.20.0.0/16")));   // used as it is: neither marked nor translated
        QVERIFY(rules.contains(QStringLiteral("ip daddr 10.0.0.0/16 dnat ip prefix to ip daddr map { 10.0.0.0/16 : 10.244.0.0/16 }")));
        QVERIFY(rules.contains(QStringLiteral("iifname \"%1\" ip saddr 10.244.0.0/16 snat ip prefix to ip saddr map { 10.244.0.0/16 : 10.0.0.0/16 }").arg(p.interfaceName)));
        QVERIFY(!rules.contains(QStringLiteral("map { 172.20.0.0/16")));   // used as it is: no NAT
        const auto routes = routeCommands(p);
        QCOMPARE(routes.size(), size_t(3));
        QCOMPARE(routes[0].join(QLatin1Char(' ')), QStringLiteral("route replace 10.244.0.0/16 dev %1 table %2").arg(p.interfaceName, mark));
        QCOMPARE(routes[1].join(QLatin1Char(' ')), QStringLiteral("route replace 172.20.0.0/16 dev %1").arg(p.interfaceName));   // main table
        QCOMPARE(routes[2].join(QLatin1Char(' ')), QStringLiteral("rule add fwmark %1 lookup %1 priority 1000").arg(mark));
        QCOMPARE(routeCleanupCommands(p)[1].join(QLatin1Char(' ')), QStringLiteral("route flush table %1").arg(mark));

        // Nothing remapped: no table at all (a NAT hook would track every packet), no rule.
        p.networks.erase(p.networks.begin());
        QCOMPARE(nftRuleset(p), nftDeleteTable(p));
        QCOMPARE(routeCommands(p).size(), size_t(1));
    }
};

QTEST_GUILESS_MAIN(TestTunnelConfig)
#include "tst_tunnel_config.moc"
