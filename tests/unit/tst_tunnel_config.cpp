// The gateway's pure parts: WireGuard keys (checked against the wg tool), the UAPI exchange's
// text both ways, the NAT/route plan for a remapped peer, and the fabric's node routes.
#include "network/FabricRoutes.h"
#include "network/GatewayPlan.h"
#include "network/NetworkTest.h"
#include "network/TunnelPlan.h"
#include "observe/Metrics.h"
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

    void uapiSetNamesEverythingAndRemovesStalePeers()
    {
        WireGuardConfig c;
        c.privateKey = QByteArray(32, '\x01');
        c.listenPort = 51840;
        c.peers = {{QByteArray(32, '\x02'), QStringLiteral("192.0.2.1:51840"), {QStringLiteral("0.0.0.0/0")}, 25}};
        const QByteArray text = uapiSetRequest(c, {QByteArray(32, '\x03')});
        // The wanted peer is updated in place (its session survives); the stale one is removed.
        QVERIFY(!text.contains("replace_peers"));
        QVERIFY(text.startsWith("set=1\nprivate_key=" + QByteArray(32, '\x01').toHex() + "\nlisten_port=51840\npublic_key=" + QByteArray(32, '\x03').toHex()
                                + "\nremove=true\n"));
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

    void gatewayPlanFromTheApiObjects()
    {
        const auto peer = generateWireGuardKey();
        QVERIFY(peer);
        GatewayInputs in;
        in.mode = GatewayMode::Client;
        in.localClusterId = QStringLiteral("rome");
        in.remoteClusterId = QStringLiteral("milan");
        in.privateKey = QByteArray(32, '\x05');
        in.endpoint = QStringLiteral("203.0.113.1:51840");
        auto t = planGatewayTunnel(in);
        QVERIFY(t && t->waitingFor.contains(QStringLiteral("no Configuration about cluster milan")));
        in.configuration = {{"spec", {{"remote", {{"cidr", {{"pod", {"10.244.0.0/16"}}, {"external", {"10.70.0.0/16"}}}}}}}}};
        t = planGatewayTunnel(in);
        QVERIFY(t && t->waitingFor.contains(QStringLiteral("no PublicKey")));
        in.publicKey = {{"metadata", {{"name", "milan"}}}, {"spec", {{"publicKey", peer->publicKey.toBase64().toStdString()}}}};
        t = planGatewayTunnel(in);
        QVERIFY(t && t->waitingFor.contains(QStringLiteral("the IPAM has not decided")));
        in.configuration["status"] = {{"remote", {{"cidr", {{"pod", {"10.1.0.0/16"}}, {"external", {"10.70.0.0/16"}}}}}}};
        t = planGatewayTunnel(in);
        QVERIFY2(t && t->waitingFor.isEmpty(), t ? qPrintable(t->waitingFor) : qPrintable(t.error().toString()));
        QCOMPARE(t->plan.networks.size(), size_t(2));
        QCOMPARE(t->plan.networks[0].real.toString() + QLatin1Char(' ') + t->plan.networks[0].as.toString(), QStringLiteral("10.244.0.0/16 10.1.0.0/16"));
        QCOMPARE(t->plan.interfaceName, tunnelInterfaceName(QStringLiteral("rome"), QStringLiteral("milan")));
        QCOMPARE(t->wireguard.peers.size(), size_t(1));
        QCOMPARE(t->wireguard.peers[0].publicKey, peer->publicKey);
        QCOMPARE(t->wireguard.peers[0].endpoint, in.endpoint);
        QCOMPARE(t->wireguard.listenPort, 0);

        // A peer with two pod CIDRs: both pairs, in order; one still undecided means waiting.
        GatewayInputs two = in;
        two.configuration["spec"]["remote"]["cidr"]["pod"] = {"10.244.0.0/16", "10.245.0.0/16"};
        auto waitingTwo = planGatewayTunnel(two);
        QVERIFY(waitingTwo && waitingTwo->waitingFor.contains(QStringLiteral("pod CIDR")));
        two.configuration["status"]["remote"]["cidr"]["pod"] = {"10.1.0.0/16", "10.245.0.0/16"};
        auto planTwo = planGatewayTunnel(two);
        QVERIFY(planTwo && planTwo->waitingFor.isEmpty());
        QCOMPARE(planTwo->plan.networks.size(), size_t(3));
        QCOMPARE(planTwo->plan.networks[1].real.toString() + QLatin1Char(' ') + planTwo->plan.networks[1].as.toString(), QStringLiteral("10.245.0.0/16 10.245.0.0/16"));

        // The server end of the same pair: the other half of the same /30, its port, no endpoint.
        GatewayInputs s = in;
        s.mode = GatewayMode::Server;
        s.localClusterId = QStringLiteral("milan");
        s.remoteClusterId = QStringLiteral("rome");
        s.endpoint.clear();
        auto st = planGatewayTunnel(s);
        QVERIFY(st && st->waitingFor.isEmpty());
        QCOMPARE(st->wireguard.listenPort, kDefaultGatewayPort);
        QVERIFY(st->wireguard.peers[0].endpoint.isEmpty());
        QCOMPARE(st->peerTunnelAddress, t->plan.tunnelAddress.section(QLatin1Char('/'), 0, 0));
        QCOMPARE(t->peerTunnelAddress, st->plan.tunnelAddress.section(QLatin1Char('/'), 0, 0));
        QVERIFY(st->plan.tunnelAddress.startsWith(QStringLiteral("169.254.")) && st->plan.tunnelAddress.endsWith(QStringLiteral("/30")));
        QVERIFY(tunnelAddressesFor(QStringLiteral("milan"), QStringLiteral("rome")).server != tunnelAddressesFor(QStringLiteral("milan"), QStringLiteral("genoa")).server);

        // Untrusted input is refused, naming it.
        in.publicKey["spec"]["publicKey"] = "bm90IGEga2V5";
        t = planGatewayTunnel(in);
        QVERIFY(!t && t.error().message.contains(QStringLiteral("PublicKey milan")));
        in.publicKey["spec"]["publicKey"] = peer->publicKey.toBase64().toStdString();
        in.configuration["status"]["remote"]["cidr"]["pod"] = {"10.1.0.0/24"};
        t = planGatewayTunnel(in);
        QVERIFY(!t && t.error().message.contains(QStringLiteral("10.244.0.0/16 as 10.1.0.0/24")));
    }

    void ipsAreExposedThroughTheExternalCidr()
    {
        const nlohmann::json configuration = {{"spec", {{"local", {{"cidr", {{"pod", {"10.244.0.0/16"}}, {"external", {"10.70.0.0/16"}}}}}}}}};
        auto ip = [](const char *name, const char *real, const char *as, nlohmann::json masquerade = nullptr) {
            nlohmann::json o = {{"metadata", {{"name", name}}}, {"spec", {{"ip", real}}}, {"status", {{"ip", as}}}};
            if (!masquerade.is_null())
                o["spec"]["masquerade"] = masquerade;
            return o;
        };
        nlohmann::json deleting = ip("going", "192.168.7.12", "10.70.0.9");
        deleting["metadata"]["deletionTimestamp"] = "2026-11-30T00:00:00Z";
        const std::vector<nlohmann::json> ips = {
            ip("node", "192.168.7.10", "10.70.0.3", true), ip("api", "192.168.7.11", "10.70.0.2"),
            ip("elsewhere", "192.168.7.13", "10.99.0.2"),   // another Network's address: not this tunnel's
            ip("pending", "192.168.7.14", ""), ip("bad", "not-an-address", "10.70.0.4"), deleting};
        const auto exposed = exposedAddresses(ips, configuration);
        QCOMPARE(exposed.size(), size_t(2));
        QCOMPARE(exposed[0].external + QLatin1Char(' ') + exposed[0].real, QStringLiteral("10.70.0.2 192.168.7.11"));   // sorted
        QVERIFY(!exposed[0].masquerade && exposed[1].masquerade);

        TunnelPlan p;
        p.peerClusterId = QStringLiteral("milan");
        p.interfaceName = tunnelInterfaceName(QStringLiteral("rome"), p.peerClusterId);
        p.routingTable = routingTableFor(p.peerClusterId);
        p.networks = {{*ipam::Cidr::parse(QStringLiteral("172.20.0.0/16")), *ipam::Cidr::parse(QStringLiteral("172.20.0.0/16"))}};
        p.exposed = exposed;
        // Nothing remapped, yet a table: what comes out of the tunnel for 10.70.0.2 goes to the host.
        const QString rules = nftRuleset(p), tun = p.interfaceName, mark = QString::number(p.routingTable);
        QVERIFY(rules.contains(QStringLiteral("iifname \"%1\" ip daddr 10.70.0.2 dnat ip to 192.168.7.11\n").arg(tun)));
        QVERIFY(rules.contains(QStringLiteral("iifname \"%1\" ip daddr 10.70.0.3 dnat ip to 192.168.7.10\n").arg(tun)));
        // Masqueraded: the source becomes the gateway's, and the replies are steered back by the connection's mark.
        QVERIFY(rules.contains(QStringLiteral("iifname \"%1\" ct original ip daddr 10.70.0.3 masquerade\n").arg(tun)));
        QVERIFY(!rules.contains(QStringLiteral("ct original ip daddr 10.70.0.2")));
        QVERIFY(rules.contains(QStringLiteral("iifname != \"%1\" ct direction reply ct mark %2 meta mark set %2").arg(tun, mark)));
        QCOMPARE(routeCommands(p).back().join(QLatin1Char(' ')), QStringLiteral("rule add fwmark %1 lookup %1 priority 1000").arg(mark));
        p.exposed[1].masquerade = false;
        QVERIFY(!nftRuleset(p).contains(QStringLiteral("ct mark")));
        QCOMPARE(routeCommands(p).size(), size_t(1));
        p.exposed.clear();
        QCOMPARE(nftRuleset(p), nftDeleteTable(p));
    }

    void testPodsTakeTheLastButOneAddress()
    {
        QCOMPARE(*NetworkTest::testPodAddress(QStringLiteral("10.244.0.0/16")), QStringLiteral("10.244.255.254"));
        QCOMPARE(*NetworkTest::testPodAddress(QStringLiteral("10.245.3.0/24")), QStringLiteral("10.245.3.254"));
        QVERIFY(!NetworkTest::testPodAddress(QStringLiteral("10.0.0.0/31")));
        QVERIFY(!NetworkTest::testPodAddress(QStringLiteral("10.0.0.1/16")));   // host bits set: not a CIDR
    }

    void histogramsRenderCumulativeBuckets()
    {
        observe::Metrics m;
        m.describe("spillway_gateway_latency_seconds", "Round-trip time through the tunnel.", "histogram");
        const std::vector<double> bounds{0.001, 0.01, 0.1};
        for (double v : {0.0005, 0.005, 0.007, 2.0})
            m.observe("spillway_gateway_latency_seconds", v, bounds, "remote_cluster_id=\"milan\"");
        const QByteArray text = m.render();
        QVERIFY(text.contains("# TYPE spillway_gateway_latency_seconds histogram\n"));
        QVERIFY(text.contains("spillway_gateway_latency_seconds_bucket{remote_cluster_id=\"milan\",le=\"0.001\"} 1\n"));
        QVERIFY(text.contains("spillway_gateway_latency_seconds_bucket{remote_cluster_id=\"milan\",le=\"0.01\"} 3\n"));
        QVERIFY(text.contains("spillway_gateway_latency_seconds_bucket{remote_cluster_id=\"milan\",le=\"0.1\"} 3\n"));
        QVERIFY(text.contains("spillway_gateway_latency_seconds_bucket{remote_cluster_id=\"milan\",le=\"+Inf\"} 4\n"));
        QVERIFY(text.contains("spillway_gateway_latency_seconds_count{remote_cluster_id=\"milan\"} 4\n"));
    }

    // The fabric: each peer's networks (as this cluster reaches them) to its gateway pod.
    void fabricRoutesLeadToTheServingGatewayPod()
    {
        using nlohmann::json;
        auto configuration = [](const char *ns, json pod, json external) {
            return json{{"metadata", {{"name", "peer"}, {"namespace", ns}}},
                        {"status", {{"remote", {{"cidr", {{"pod", pod}, {"external", external}}}}}}}};
        };
        auto gatewayPod = [](const char *ns, const char *name, const char *node, const char *ip, bool ready, const char *created) {
            return json{{"metadata", {{"name", name}, {"namespace", ns}, {"creationTimestamp", created},
                                      {"labels", {{"networking.liqo.io/component", "gateway"}}}}},
                        {"spec", {{"nodeName", node}}},
                        {"status", {{"phase", "Running"}, {"podIP", ip},
                                    {"conditions", json::array({{{"type", "Ready"}, {"status", ready ? "True" : "False"}}})}}}};
        };
        const std::vector<json> nodes = {
            {{"metadata", {{"name", "n1"}}}, {"status", {{"addresses", json::array({{{"type", "Hostname"}, {"address", "n1"}}, {{"type", "InternalIP"}, {"address", "198.18.1.10"}}})}}}},
            {{"metadata", {{"name", "n2"}}}, {"status", {{"addresses", json::array({{{"type", "InternalIP"}, {"address", "198.18.1.11"}}})}}}}};
        const std::vector<json> configurations = {configuration("liqo-tenant-b", json::array({"10.71.0.0/16"}), json::array({"10.72.0.0/16"})),
                                                  configuration("liqo-tenant-c", json::array({"10.73.0.0/16"}), json::array()),
                                                  configuration("liqo-tenant-d", json::array({"10.75.0.0/16"}), json::array())};
        std::vector<json> pods = {gatewayPod("liqo-tenant-b", "gw-old", "n1", "10.244.0.5", true, "2026-01-01T00:00:00Z"),
                                  gatewayPod("liqo-tenant-b", "gw-new", "n1", "10.244.0.9", false, "2026-01-02T00:00:00Z"),
                                  gatewayPod("liqo-tenant-c", "gw", "n2", "10.244.1.4", true, "2026-01-01T00:00:00Z")};
        // tenant-d's gateway is still pending: no route to nowhere.
        json pending = gatewayPod("liqo-tenant-d", "gw", "n1", "", false, "2026-01-01T00:00:00Z");
        pending["status"]["phase"] = "Pending";
        pods.push_back(pending);

        // On n1: b's Ready pod there (not the newer unready one); c's pod through n2's InternalIP.
        auto routes = fabricRoutes(QStringLiteral("n1"), configurations, pods, nodes);
        const std::vector<FabricRoute> onN1 = {{QStringLiteral("10.71.0.0/16"), QStringLiteral("10.244.0.5")},
                                               {QStringLiteral("10.72.0.0/16"), QStringLiteral("10.244.0.5")},
                                               {QStringLiteral("10.73.0.0/16"), QStringLiteral("198.18.1.11")}};
        QVERIFY(routes == onN1);
        auto onN2 = fabricRoutes(QStringLiteral("n2"), configurations, pods, nodes);
        QCOMPARE(onN2.size(), size_t(3));
        QCOMPARE(onN2[0].via, QStringLiteral("198.18.1.10"));
        QCOMPARE(onN2[2].via, QStringLiteral("10.244.1.4"));

        // The Ready pod goes: the newer one serves, even before it is Ready.
        pods[0]["metadata"]["deletionTimestamp"] = "2026-01-03T00:00:00Z";
        QCOMPARE(fabricRoutes(QStringLiteral("n1"), configurations, pods, nodes)[0].via, QStringLiteral("10.244.0.9"));
        // No Configuration: no route.
        QVERIFY(fabricRoutes(QStringLiteral("n1"), {}, pods, nodes).empty());
    }

    void fabricRouteCommandsConvergeAndParseWhatIpPrints()
    {
        auto actual = parseFabricRoutes(R"([{"dst":"10.71.0.0/16","gateway":"10.244.0.5","dev":"cni0","protocol":"83","flags":[]},
                                            {"dst":"10.80.0.0/16","gateway":"10.244.0.5","dev":"cni0","protocol":"83","flags":[]},
                                            {"dst":"10.72.0.7","gateway":"10.244.0.5","dev":"cni0","protocol":"83","flags":[]}])");
        QVERIFY(actual.ok());
        QCOMPARE(actual->size(), size_t(3));
        QCOMPARE((*actual)[1].destination, QStringLiteral("10.72.0.7/32"));
        const std::vector<FabricRoute> desired = {{QStringLiteral("10.71.0.0/16"), QStringLiteral("10.244.0.9")},
                                                  {QStringLiteral("10.72.0.7/32"), QStringLiteral("10.244.0.5")}};
        const auto commands = fabricRouteCommands(desired, *actual);
        QCOMPARE(commands.size(), size_t(2));
        QCOMPARE(commands[0].join(QLatin1Char(' ')), QStringLiteral("route del 10.80.0.0/16 proto 83"));
        QCOMPARE(commands[1].join(QLatin1Char(' ')), QStringLiteral("route replace 10.71.0.0/16 via 10.244.0.9 proto 83"));
        QVERIFY(fabricRouteCommands(desired, desired).empty());
        QVERIFY(parseFabricRoutes("").ok() && parseFabricRoutes("")->empty());
        QVERIFY(!parseFabricRoutes("Error: garbage").ok());
    }
};

QTEST_GUILESS_MAIN(TestTunnelConfig)
#include "tst_tunnel_config.moc"
