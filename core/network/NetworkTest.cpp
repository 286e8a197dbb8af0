#include "network/NetworkTest.h"

#include "apis/networking/v1beta1/Configuration.h"
#include "apis/networking/v1beta1/GatewayClient.h"
#include "apis/networking/v1beta1/GatewayServer.h"
#include "ipam/Cidr.h"
#include "ipam/PodAddressMap.h"
#include "network/GatewayPlan.h"
#include "network/HostCommands.h"
#include "network/NetnsSocket.h"
#include "peering/PeeringNames.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QRegularExpression>

#include <arpa/inet.h>
#include <cerrno>
#include <cstring>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

namespace spillway::network {

using nlohmann::json;

namespace {

// The test pod's next hop: an address only its link knows, as CNIs that route pods do.
const QString kNextHop = QStringLiteral("169.254.1.1");

QStringList stringsAt(const json &obj, std::initializer_list<const char *> path)
{
    const json *at = &obj;
    for (const char *key : path) {
        if (!at->is_object() || !at->contains(key))
            return {};
        at = &(*at)[key];
    }
    QStringList out;
    if (at->is_array())
        for (const json &v : *at)
            out << (v.is_string() ? QString::fromStdString(v.get<std::string>()) : QString());
    return out;
}

// `address` (a pod of the peer's) as the cluster whose Configuration this is reaches it.
Result<QString> reachedAs(const json &configuration, const QString &address, const QString &clusterId)
{
    ipam::PodAddressMap map;
    map.setConfiguration(configuration);
    if (auto mapped = map.mapped(address))
        return *mapped;
    return Error::of(Error::Kind::Config, QStringLiteral("cluster %1 has no mapping for %2 in its Configuration yet").arg(clusterId, address),
                     QStringLiteral("wait for its IPAM (spillctl network init) and try again"));
}

class Fd
{
public:
    explicit Fd(int fd = -1) : m_fd(fd) {}
    ~Fd()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    Fd(const Fd &) = delete;
    Fd &operator=(const Fd &) = delete;
    int get() const { return m_fd; }
    void reset(int fd)
    {
        if (m_fd >= 0)
            ::close(m_fd);
        m_fd = fd;
    }

private:
    int m_fd;
};

} // namespace

NetworkTest::NetworkTest(End first, End second, Options options)
    : m_first(std::move(first)), m_second(std::move(second)), m_o(std::move(options))
{
    if (m_o.suffix.isEmpty())
        m_o.suffix = QString::number(QCoreApplication::applicationPid());
}

Result<QString> NetworkTest::testPodAddress(const QString &podCidr)
{
    const auto cidr = ipam::Cidr::parse(podCidr);
    if (!cidr || cidr->length > 30)
        return Error::of(Error::Kind::Config, QStringLiteral("pod CIDR \"%1\" has no room for a test pod").arg(podCidr));
    return ipam::formatAddress(cidr->last() - 1);
}

Result<json> NetworkTest::configuration(const End &end, const QString &peerId) const
{
    auto c = end.client->get(apis::networking::v1beta1::configurationResource(), peering::tenantNamespace(peerId), peerId);
    if (!c && c.error().isNotFound())
        return Error::of(Error::Kind::Config, QStringLiteral("no network configuration about cluster %1 (Configuration %2/%1)").arg(peerId, peering::tenantNamespace(peerId)),
                         QStringLiteral("connect the two clusters first: spillctl network connect (or spillctl peer)"));
    return c;
}

Result<QString> NetworkTest::gatewayNetns(const End &end, const QString &peerId) const
{
    QString netns = end.netns;
    if (netns.isEmpty()) {
        std::optional<json> gateway;
        for (const auto &resource : {apis::networking::v1beta1::gatewayClientResource(), apis::networking::v1beta1::gatewayServerResource()}) {
            auto g = end.client->get(resource, peering::tenantNamespace(peerId), peerId);
            if (g) {
                gateway = *g;
                break;
            }
            if (!g.error().isNotFound())
                return g.error();
        }
        if (!gateway)
            return Error::of(Error::Kind::Config, QStringLiteral("no gateway for cluster %1 in %2: the clusters are not connected").arg(peerId, peering::tenantNamespace(peerId)),
                             QStringLiteral("connect them first: spillctl network connect (or spillctl peer)"));
        const json annotations = gateway->value("metadata", json::object()).value("annotations", json::object());
        netns = annotations.is_object() ? QString::fromStdString(annotations.value(kGatewayNetnsAnnotation, "")) : QString();
        if (netns.isEmpty())
            return Error::of(Error::Kind::Config, QStringLiteral("the gateway for cluster %1 does not run in a network namespace of this machine (it runs as a pod, "
                                                                 "or in the host network)").arg(peerId),
                             QStringLiteral("name its namespace with --netns / --remote-netns (host: this machine's own network); gateways running as "
                                            "pods need test pods with an image, which this command does not make"));
    }
    if (netns == QLatin1String("host"))
        netns.clear();
    auto forwarding = HostCommands(netns).run(QStringLiteral("cat"), {QStringLiteral("/proc/sys/net/ipv4/ip_forward")});
    if (!forwarding)
        return forwarding.error();
    if (forwarding->trimmed() != "1")
        return Error::of(Error::Kind::Config, QStringLiteral("IP forwarding is off in %1, so its gateway routes no pod's traffic")
                                                  .arg(netns.isEmpty() ? QStringLiteral("this machine's network") : QStringLiteral("network namespace ") + netns),
                         QStringLiteral("turn it on: %1sysctl -w net.ipv4.ip_forward=1").arg(netns.isEmpty() ? QString() : QStringLiteral("ip netns exec %1 ").arg(netns)));
    return netns;
}

Result<void> NetworkTest::attach(const TestPod &pod) const
{
    const HostCommands host, gateway(pod.gatewayNetns), inside(pod.netns);
    std::vector<std::pair<const HostCommands *, QStringList>> steps = {
        {&host, {QStringLiteral("netns"), QStringLiteral("add"), pod.netns}},
        {&host, QStringList{QStringLiteral("link"), QStringLiteral("add"), pod.link}
                    + (pod.gatewayNetns.isEmpty() ? QStringList() : QStringList{QStringLiteral("netns"), pod.gatewayNetns})
                    + QStringList{QStringLiteral("type"), QStringLiteral("veth"), QStringLiteral("peer"), QStringLiteral("name"), QStringLiteral("eth0"),
                                  QStringLiteral("netns"), pod.netns}},
        {&gateway, {QStringLiteral("address"), QStringLiteral("add"), kNextHop + QStringLiteral("/32"), QStringLiteral("dev"), pod.link}},
        {&gateway, {QStringLiteral("link"), QStringLiteral("set"), pod.link, QStringLiteral("up")}},
        {&gateway, {QStringLiteral("route"), QStringLiteral("replace"), pod.address + QStringLiteral("/32"), QStringLiteral("dev"), pod.link}},
        {&inside, {QStringLiteral("link"), QStringLiteral("set"), QStringLiteral("lo"), QStringLiteral("up")}},
        {&inside, {QStringLiteral("address"), QStringLiteral("add"), pod.address + QStringLiteral("/32"), QStringLiteral("dev"), QStringLiteral("eth0")}},
        {&inside, {QStringLiteral("link"), QStringLiteral("set"), QStringLiteral("eth0"), QStringLiteral("up")}},
        {&inside, {QStringLiteral("route"), QStringLiteral("add"), kNextHop, QStringLiteral("dev"), QStringLiteral("eth0"), QStringLiteral("scope"), QStringLiteral("link")}},
        {&inside, {QStringLiteral("route"), QStringLiteral("add"), QStringLiteral("default"), QStringLiteral("via"), kNextHop, QStringLiteral("dev"), QStringLiteral("eth0")}},
    };
    for (const auto &[where, args] : steps)
        if (auto r = where->ip(args); !r)
            return r.error();
    return {};
}

void NetworkTest::detach(const TestPod &pod) const
{
    // Deleting one end of the veth pair deletes both, with the address and route: at once, where
    // the namespace's own cleanup would take them down only some time after `netns del` returns.
    HostCommands(pod.gatewayNetns).ip({QStringLiteral("link"), QStringLiteral("del"), pod.link});
    HostCommands().ip({QStringLiteral("netns"), QStringLiteral("del"), pod.netns});
}

NetworkTest::Probe NetworkTest::probe(const TestPod &from, const TestPod &to, const QString &target, const QString &expectedSource) const
{
    Probe p;
    p.from = from.clusterId;
    p.to = to.clusterId;
    p.target = target;
    p.expectedSource = expectedSource;

    // ICMP: the first answer may wait for the neighbours to be resolved; retried until the budget.
    QElapsedTimer clock;
    clock.start();
    p.icmp = QStringLiteral("no answer within %1 s").arg(m_o.probeTimeoutMs / 1000.0);
    while (clock.elapsed() < m_o.probeTimeoutMs) {
        auto out = HostCommands(from.netns).run(QStringLiteral("ping"), {QStringLiteral("-c"), QStringLiteral("3"), QStringLiteral("-i"), QStringLiteral("0.2"),
                                                                          QStringLiteral("-W"), QStringLiteral("1"), QStringLiteral("-q"), target});
        if (out) {
            const auto m = QRegularExpression(QStringLiteral("= [0-9.]+/([0-9.]+)/")).match(QString::fromUtf8(*out));
            p.icmpOk = true;
            p.icmp = m.hasMatch() ? QStringLiteral("ok %1 ms").arg(m.captured(1)) : QStringLiteral("ok");
            break;
        }
        if (out.error().message.startsWith(QStringLiteral("cannot run"))) {
            p.icmp = out.error().message;
            break;
        }
    }

    // TCP: a listener in the receiving pod, a connection from the sending one; accept() tells
    // which source arrived.
    auto listener = tcpListener(to.netns, QHostAddress::AnyIPv4, m_o.port);
    if (!listener) {
        p.tcp = listener.error().message;
        return p;
    }
    Fd server(*listener), accepted;
    auto client = tcpSocket(from.netns);
    if (!client) {
        p.tcp = client.error().message;
        return p;
    }
    Fd dialer(*client);
    sockaddr_in sa{};
    sa.sin_family = AF_INET;
    sa.sin_port = htons(m_o.port);
    sa.sin_addr.s_addr = htonl(*ipam::parseAddress(target));
    if (::connect(dialer.get(), reinterpret_cast<sockaddr *>(&sa), sizeof sa) != 0 && errno != EINPROGRESS) {
        p.tcp = QStringLiteral("connect: %1").arg(QString::fromLocal8Bit(std::strerror(errno)));
        return p;
    }
    bool connected = false;
    clock.restart();
    p.tcp = QStringLiteral("no connection within %1 s").arg(m_o.probeTimeoutMs / 1000.0);
    while ((!connected || accepted.get() < 0) && clock.elapsed() < m_o.probeTimeoutMs) {
        pollfd fds[2] = {{server.get(), POLLIN, 0}, {dialer.get(), short(connected ? 0 : POLLOUT), 0}};
        if (::poll(fds, 2, int(m_o.probeTimeoutMs - clock.elapsed())) < 0 && errno != EINTR)
            break;
        if (!connected && (fds[1].revents & (POLLOUT | POLLERR | POLLHUP))) {
            int err = 0;
            socklen_t len = sizeof err;
            ::getsockopt(dialer.get(), SOL_SOCKET, SO_ERROR, &err, &len);
            if (err != 0) {
                p.tcp = QStringLiteral("connect: %1").arg(QString::fromLocal8Bit(std::strerror(err)));
                return p;
            }
            connected = true;
        }
        if (accepted.get() < 0 && (fds[0].revents & POLLIN)) {
            sockaddr_in peer{};
            socklen_t len = sizeof peer;
            accepted.reset(::accept4(server.get(), reinterpret_cast<sockaddr *>(&peer), &len, SOCK_CLOEXEC));
            if (accepted.get() >= 0)
                p.seenSource = ipam::formatAddress(ntohl(peer.sin_addr.s_addr));
        }
    }
    if (connected && accepted.get() >= 0) {
        p.tcpOk = true;
        p.tcp = QStringLiteral("ok");
    }
    return p;
}

Result<std::vector<NetworkTest::Probe>> NetworkTest::run()
{
    auto ids = NetworkInit::clusterIds(m_first, m_second);
    if (!ids)
        return ids.error();
    const auto &[a, b] = *ids;
    auto ca = configuration(m_first, b);
    if (!ca)
        return ca.error();
    auto cb = configuration(m_second, a);
    if (!cb)
        return cb.error();
    auto ga = gatewayNetns(m_first, b);
    if (!ga)
        return ga.error();
    auto gb = gatewayNetns(m_second, a);
    if (!gb)
        return gb.error();

    auto podOf = [this](const QString &id, const json &conf, const QString &gatewayNs) -> Result<TestPod> {
        const QStringList mine = stringsAt(conf, {"spec", "local", "cidr", "pod"});
        if (mine.isEmpty())
            return Error::of(Error::Kind::Config, QStringLiteral("cluster %1's Configuration names none of its own pod CIDRs yet").arg(id),
                             QStringLiteral("wait for its IPAM (spillctl network init) and try again"));
        auto address = testPodAddress(mine.front());
        if (!address)
            return address.error();
        const QString netns = QStringLiteral("spwtest-%1-%2").arg(m_o.suffix, id);
        const QString link = QStringLiteral("spt") + QString::fromLatin1(QCryptographicHash::hash(netns.toUtf8(), QCryptographicHash::Sha256).toHex().left(10));
        return TestPod{id, gatewayNs, netns, *address, link};
    };
    auto pa = podOf(a, *ca, *ga);
    if (!pa)
        return pa.error();
    auto pb = podOf(b, *cb, *gb);
    if (!pb)
        return pb.error();
    auto bFromA = reachedAs(*ca, pb->address, a), aFromB = reachedAs(*cb, pa->address, b);
    if (!bFromA)
        return bFromA.error();
    if (!aFromB)
        return aFromB.error();

    struct Detach {
        const NetworkTest *test;
        std::vector<TestPod> pods;
        ~Detach()
        {
            for (const TestPod &p : pods)
                test->detach(p);
        }
    } cleanup{this, {}};
    for (const TestPod *pod : {&*pa, &*pb}) {
        m_o.progress(QStringLiteral("Attaching a test pod %1 in cluster %2 to its gateway (network namespace %3)")
                         .arg(pod->address, pod->clusterId, pod->gatewayNetns.isEmpty() ? QStringLiteral("host") : pod->gatewayNetns));
        cleanup.pods.push_back(*pod);
        if (auto r = attach(*pod); !r)
            return r.error();
    }
    m_o.progress(QStringLiteral("Probing %1 → %2 and back").arg(a, b));
    return std::vector<Probe>{probe(*pa, *pb, *bFromA, *aFromB), probe(*pb, *pa, *aFromB, *bFromA)};
}

} // namespace spillway::network
