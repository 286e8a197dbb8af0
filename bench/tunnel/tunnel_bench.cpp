// bench/tunnel: TCP throughput (iperf3) and ping latency between two pods through
//  - the tunnel Spillway manages (TunnelEnd: wireguard-go over the UAPI, prefix NAT, fwmark
//    routing; both "clusters" on 10.244.0.0/16, so every packet is remapped),
//  - the same wireguard-go configured by hand (wg set, plain routes, distinct CIDRs, no NAT),
//    twice: the second is the control that shows the machine's noise,
//  - a bare veth between the two pods,
// for Debian's wireguard-go and the newest one from the Go module proxy. All set up at once in
// network namespaces of this run, then measured round-robin so noise hits each alike; medians.
// Prints `metric NAME VALUE UNIT`.
#include "NetnsLab.h"

#include "network/TunnelEnd.h"
#include "network/WireGuardKey.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QThread>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <map>

using namespace spillway;
using namespace spillway::network;

namespace {

struct Path {
    explicit Path(QString n) : name(std::move(n)) {}
    QString name, clientPod, serverPod, serverAddress;
    std::vector<double> mbps, rttMs;
};

double median(std::vector<double> v)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

bool must(bool ok, const char *what)
{
    if (!ok)
        std::fprintf(stderr, "bench/tunnel: %s failed\n", what);
    return ok;
}

// Two gateway namespaces joined by an underlay, a pod behind each.
bool topology(lab::NetnsLab &lab, const QString &tag, const QString &podA, const QString &podB, const QString &ipA, const QString &ipB, QString *gwA,
              QString *gwB, int subnet)
{
    *gwA = lab.name(tag + QStringLiteral("-ga"));
    *gwB = lab.name(tag + QStringLiteral("-gb"));
    return lab.addNamespace(*gwA) && lab.addNamespace(*gwB)
           && lab.link(*gwA, QStringLiteral("ul0"), QStringLiteral("192.168.%1.1/30").arg(subnet), *gwB, QStringLiteral("ul0"),
                       QStringLiteral("192.168.%1.2/30").arg(subnet))
           && lab.addPod(podA, ipA, *gwA, QStringLiteral("10.250.0.1")) && lab.addPod(podB, ipB, *gwB, QStringLiteral("10.250.0.1"))
           && lab.forwarding(*gwA) && lab.forwarding(*gwB);
}

// remap: both "clusters" on 10.244.0.0/16, each reaching the other as 10.0.0.0/16 (NAT on every
// packet); else distinct CIDRs used as they are, as the tunnel by hand has them.
bool spillwayTunnel(lab::NetnsLab &lab, const QString &wgBinary, const QString &tag, Path &path, int subnet, std::vector<std::unique_ptr<TunnelEnd>> &ends,
                    bool remap)
{
    path.clientPod = lab.name(tag + QStringLiteral("-pa"));
    path.serverPod = lab.name(tag + QStringLiteral("-pb"));
    path.serverAddress = remap ? QStringLiteral("10.0.1.7") : QStringLiteral("10.245.1.7");
    QString gwA, gwB;
    if (!topology(lab, tag, path.clientPod, path.serverPod, QStringLiteral("10.244.1.5"), remap ? QStringLiteral("10.244.1.7") : QStringLiteral("10.245.1.7"),
                  &gwA, &gwB, subnet))
        return false;
    auto kA = generateWireGuardKey(), kB = generateWireGuardKey();
    const auto podA = *ipam::Cidr::parse(QStringLiteral("10.244.0.0/16")), podB = *ipam::Cidr::parse(remap ? QStringLiteral("10.244.0.0/16") : QStringLiteral("10.245.0.0/16"));
    const auto asB = remap ? *ipam::Cidr::parse(QStringLiteral("10.0.0.0/16")) : podB, asA = remap ? *ipam::Cidr::parse(QStringLiteral("10.0.0.0/16")) : podA;
    const QString a = lab.name(tag + QStringLiteral("a")), b = lab.name(tag + QStringLiteral("b"));
    TunnelEnd::Options oa, ob;
    oa.plan = {a, b, tunnelInterfaceName(a, b), routingTableFor(b), {{podB, asB}}, QStringLiteral("169.254.18.2/30"), {}};
    oa.wireguard = {kA->privateKey, 0, {{kB->publicKey, QStringLiteral("192.168.%1.2:51840").arg(subnet), {QStringLiteral("0.0.0.0/0")}, 0}}};
    oa.host = HostCommands(gwA);
    oa.wireguardGo = wgBinary;
    ob.plan = {b, a, tunnelInterfaceName(b, a), routingTableFor(a), {{podA, asA}}, QStringLiteral("169.254.18.1/30"), {}};
    ob.wireguard = {kB->privateKey, 51840, {{kA->publicKey, {}, {QStringLiteral("0.0.0.0/0")}, 0}}};
    ob.host = HostCommands(gwB);
    ob.wireguardGo = wgBinary;
    ends.push_back(std::make_unique<TunnelEnd>(ob));
    if (auto r = ends.back()->up(); !r)
        return must(false, qPrintable(r.error().toString()));
    ends.push_back(std::make_unique<TunnelEnd>(oa));
    if (auto r = ends.back()->up(); !r)
        return must(false, qPrintable(r.error().toString()));
    return true;
}

// The same wireguard-go, as an administrator would set it up with wg and ip: no NAT, plain routes.
bool tunnelByHand(lab::NetnsLab &lab, const QString &wgBinary, const QString &tag, Path &path, int subnet)
{
    path.clientPod = lab.name(tag + QStringLiteral("-pa"));
    path.serverPod = lab.name(tag + QStringLiteral("-pb"));
    path.serverAddress = QStringLiteral("10.245.1.7");
    QString gwA, gwB;
    if (!topology(lab, tag, path.clientPod, path.serverPod, QStringLiteral("10.244.1.5"), QStringLiteral("10.245.1.7"), &gwA, &gwB, subnet))
        return false;
    auto kA = generateWireGuardKey(), kB = generateWireGuardKey();
    const QString devA = QStringLiteral("wgh%1a").arg(subnet), devB = QStringLiteral("wgh%1b").arg(subnet);
    auto side = [&](const QString &ns, const QString &dev, const QByteArray &priv, const QByteArray &peerPub, const QString &extra, const QString &addr,
                    const QString &route) {
        return lab::sh(QStringLiteral("ip netns exec %1 env WG_I_PREFER_BUGGY_USERSPACE_TO_POLISHED_KMOD=1 %2 %3 && "
                                      "ip netns exec %1 wg set %3 private-key <(echo %4) %5 peer %6 allowed-ips 0.0.0.0/0 && "
                                      "ip -n %1 addr add %7 dev %3 && ip -n %1 link set %3 mtu 1340 up && ip -n %1 route add %8 dev %3")
                           .arg(ns, wgBinary, dev, QString::fromLatin1(priv.toBase64()), extra, QString::fromLatin1(peerPub.toBase64()), addr, route));
    };
    return side(gwB, devB, kB->privateKey, kA->publicKey, QStringLiteral("listen-port 51840"), QStringLiteral("169.254.19.1/30"), QStringLiteral("10.244.0.0/16"))
           && side(gwA, devA, kA->privateKey, kB->publicKey, QStringLiteral(""), QStringLiteral("169.254.19.2/30"), QStringLiteral("10.245.0.0/16"))
           && lab::sh(QStringLiteral("ip netns exec %1 wg set %2 peer %3 endpoint 192.168.%4.2:51840")
                          .arg(gwA, devA, QString::fromLatin1(kB->publicKey.toBase64())).arg(subnet));
}

bool bareVeth(lab::NetnsLab &lab, Path &path)
{
    path.clientPod = lab.name(QStringLiteral("veth-pa"));
    path.serverPod = lab.name(QStringLiteral("veth-pb"));
    path.serverAddress = QStringLiteral("10.99.0.2");
    return lab.addNamespace(path.clientPod) && lab.addNamespace(path.serverPod)
           && lab.link(path.clientPod, QStringLiteral("eth0"), QStringLiteral("10.99.0.1/30"), path.serverPod, QStringLiteral("eth0"), QStringLiteral("10.99.0.2/30"));
}

void measure(Path &p, int seconds)
{
    QProcess server;
    server.start(QStringLiteral("ip"), {QStringLiteral("netns"), QStringLiteral("exec"), p.serverPod, QStringLiteral("iperf3"), QStringLiteral("-s"), QStringLiteral("-1")});
    server.waitForStarted();
    QByteArray out;
    bool ok = false;
    for (int i = 0; i < 20 && !ok; ++i) {
        if (i > 0)
            QThread::msleep(100);   // the server may not listen yet: iperf3 has no readiness signal
        ok = lab::sh(QStringLiteral("ip netns exec %1 iperf3 -c %2 -t %3 -J").arg(p.clientPod, p.serverAddress).arg(seconds), &out);
    }
    server.waitForFinished(5000);
    const auto j = nlohmann::json::parse(out.toStdString(), nullptr, false);
    const auto sum = j.is_object() ? j.value("end", nlohmann::json::object()).value("sum_received", nlohmann::json::object()) : nlohmann::json::object();
    if (ok && sum.is_object() && sum.value("bits_per_second", 0.0) > 0)
        p.mbps.push_back(sum.value("bits_per_second", 0.0) / 1e6);
    else
        std::fprintf(stderr, "bench/tunnel: %s: an iperf3 run gave no figure (%s)\n", qPrintable(p.name),
                     j.is_object() ? j.value("error", std::string("no result")).c_str() : "not JSON");
    QByteArray ping;
    if (lab::sh(QStringLiteral("ip netns exec %1 ping -q -c 20 -i 0.05 %2").arg(p.clientPod, p.serverAddress), &ping)) {
        const auto m = QRegularExpression(QStringLiteral("= [0-9.]+/([0-9.]+)/")).match(QString::fromLatin1(ping));
        if (m.hasMatch())
            p.rttMs.push_back(m.captured(1).toDouble());
    }
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    if (argc < 3) {
        std::fprintf(stderr, "usage: bench-tunnel DEBIAN_WIREGUARD_GO NEWEST_WIREGUARD_GO [rounds] [seconds]\n");
        return 2;
    }
    const std::map<QString, QString> impls = {{QStringLiteral("debian"), QString::fromLocal8Bit(argv[1])}, {QStringLiteral("newest"), QString::fromLocal8Bit(argv[2])}};
    const int rounds = argc > 3 ? std::atoi(argv[3]) : 3, seconds = argc > 4 ? std::atoi(argv[4]) : 4;
    lab::NetnsLab lab;
    std::vector<std::unique_ptr<TunnelEnd>> ends;
    std::vector<Path> paths;
    int subnet = 240;
    for (const auto &[impl, binary] : impls) {
        Path spill(QStringLiteral("%1_spillway").arg(impl)), remapped(QStringLiteral("%1_spillway_remapped").arg(impl)), hand(QStringLiteral("%1_by_hand").arg(impl)),
            handAgain(QStringLiteral("%1_by_hand_again").arg(impl));
        if (!must(spillwayTunnel(lab, binary, impl.left(3) + QStringLiteral("s"), spill, subnet++, ends, false), "the Spillway tunnel")
            || !must(spillwayTunnel(lab, binary, impl.left(3) + QStringLiteral("r"), remapped, subnet++, ends, true), "the remapped Spillway tunnel")
            || !must(tunnelByHand(lab, binary, impl.left(3) + QStringLiteral("h"), hand, subnet++), "the tunnel by hand")
            || !must(tunnelByHand(lab, binary, impl.left(3) + QStringLiteral("a"), handAgain, subnet++), "the second tunnel by hand"))
            return 1;
        paths.push_back(spill);
        paths.push_back(remapped);
        paths.push_back(hand);
        paths.push_back(handAgain);
    }
    Path veth(QStringLiteral("veth"));
    if (!must(bareVeth(lab, veth), "the bare veth"))
        return 1;
    paths.push_back(veth);
    for (int r = 0; r < rounds; ++r)
        for (Path &p : paths)
            measure(p, seconds);
    std::map<QString, double> mbps;
    for (const Path &p : paths) {
        mbps[p.name] = median(p.mbps);
        std::printf("metric tunnel_tcp_%s %.0f Mbit/s\n", qPrintable(p.name), median(p.mbps));
        std::printf("metric tunnel_rtt_%s %.3f ms\n", qPrintable(p.name), median(p.rttMs));
    }
    auto ratio = [&](const QString &a, const QString &b) { return mbps[b] > 0 ? mbps[a] / mbps[b] : 0.0; };
    for (const auto &[impl, binary] : impls) {
        std::printf("metric tunnel_spillway_to_by_hand_%s %.3f x\n", qPrintable(impl), ratio(impl + QStringLiteral("_spillway"), impl + QStringLiteral("_by_hand")));
        // What remapping (conntrack and prefix NAT on every packet) costs on top.
        std::printf("metric tunnel_remapped_to_by_hand_%s %.3f x\n", qPrintable(impl), ratio(impl + QStringLiteral("_spillway_remapped"), impl + QStringLiteral("_by_hand")));
        // The control: two identical tunnels by hand, measured alike. How far this strays from
        // 1.000 is the machine's noise, the yardstick for the two ratios above.
        std::printf("metric tunnel_by_hand_again_to_by_hand_%s %.3f x\n", qPrintable(impl), ratio(impl + QStringLiteral("_by_hand_again"), impl + QStringLiteral("_by_hand")));
    }
    std::printf("metric wireguard_go_newest_to_debian %.3f x\n", mbps[QStringLiteral("debian_spillway")] > 0
                                                                     ? mbps[QStringLiteral("newest_spillway")] / mbps[QStringLiteral("debian_spillway")] : 0.0);
    std::printf("metric tunnel_rounds %d rounds\n", rounds);
    for (auto &e : ends)
        e->down();
    return 0;
}
