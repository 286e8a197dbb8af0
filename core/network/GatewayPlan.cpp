#include "network/GatewayPlan.h"

#include "network/WireGuardKey.h"

#include <QCryptographicHash>

#include <algorithm>

namespace spillway::network {

using nlohmann::json;

QString gatewayModeName(GatewayMode mode)
{
    return mode == GatewayMode::Server ? QStringLiteral("server") : QStringLiteral("client");
}

QString gatewayKeysSecretName(const QString &gatewayName)
{
    return QStringLiteral("wg-keys-") + gatewayName;
}

QString gatewayComponentName(GatewayMode mode, const QString &ns, const QString &gatewayName)
{
    return QStringLiteral("spillway-gateway-%1-%2-%3").arg(gatewayModeName(mode), ns, gatewayName);
}

TunnelAddresses tunnelAddressesFor(const QString &serverClusterId, const QString &clientClusterId)
{
    // 4096 /30s in 169.254.100.0 – 169.254.163.255: clear of 169.254.169.254, the metadata address.
    const QByteArray h = QCryptographicHash::hash((serverClusterId + QLatin1Char('/') + clientClusterId).toUtf8(), QCryptographicHash::Sha256);
    const int index = ((quint8(h[0]) << 8) | quint8(h[1])) % 4096;
    const QString base = QStringLiteral("169.254.%1.%2").arg(100 + index / 64);
    const int last = (index % 64) * 4;
    return {base.arg(last + 1) + QStringLiteral("/30"), base.arg(last + 2) + QStringLiteral("/30")};
}

namespace {

GatewayTunnel waiting(const QString &what)
{
    GatewayTunnel t;
    t.waitingFor = what;
    return t;
}

json listAt(const json &obj, std::initializer_list<const char *> path)
{
    const json *at = &obj;
    for (const char *key : path) {
        if (!at->is_object() || !at->contains(key))
            return json::array();
        at = &(*at)[key];
    }
    return at->is_array() ? *at : json::array();
}

// The peer's networks of one type, each with how this cluster reaches it (same order in spec and
// status). A Remap with length -1: the IPAM has not decided that one yet.
Result<std::vector<Remap>> remapsOf(const json &configuration, const char *type)
{
    const json real = listAt(configuration, {"spec", "remote", "cidr", type}), as = listAt(configuration, {"status", "remote", "cidr", type});
    std::vector<Remap> out;
    for (size_t i = 0; i < real.size(); ++i) {
        const QString r = real[i].is_string() ? QString::fromStdString(real[i].get<std::string>()) : QString();
        const QString a = i < as.size() && as[i].is_string() ? QString::fromStdString(as[i].get<std::string>()) : QString();
        if (a.isEmpty()) {
            out.push_back(Remap{{0, -1}, {0, -1}});
            continue;
        }
        const auto rc = ipam::Cidr::parse(r), ac = ipam::Cidr::parse(a);
        if (!rc || !ac || rc->length != ac->length)
            return Error::of(Error::Kind::Config, QStringLiteral("the Configuration's %1 CIDRs are not a valid remapping: %2 as %3").arg(QLatin1String(type), r, a));
        out.push_back(Remap{*rc, *ac});
    }
    return out;
}

} // namespace

std::vector<ExposedAddress> exposedAddresses(const std::vector<json> &ips, const json &configuration)
{
    std::vector<ipam::Cidr> external;
    for (const json &c : listAt(configuration, {"spec", "local", "cidr", "external"}))
        if (c.is_string())
            if (auto cidr = ipam::Cidr::parse(QString::fromStdString(c.get<std::string>())))
                external.push_back(*cidr);
    std::vector<ExposedAddress> out;
    for (const json &ip : ips) {
        if (!ip.is_object() || ip.value("metadata", json::object()).contains("deletionTimestamp"))
            continue;
        const json spec = ip.value("spec", json::object()), status = ip.value("status", json::object());
        const auto real = ipam::parseAddress(QString::fromStdString(spec.value("ip", "")));
        const auto as = ipam::parseAddress(QString::fromStdString(status.value("ip", "")));
        if (!real || !as || std::none_of(external.begin(), external.end(), [&](const ipam::Cidr &c) { return c.contains(*as); }))
            continue;
        const json masquerade = spec.value("masquerade", json());
        out.push_back({ipam::formatAddress(*as), ipam::formatAddress(*real), masquerade.is_boolean() && masquerade.get<bool>()});
    }
    std::sort(out.begin(), out.end(), [](const ExposedAddress &a, const ExposedAddress &b) {
        return *ipam::parseAddress(a.external) < *ipam::parseAddress(b.external);
    });
    return out;
}

Result<GatewayTunnel> planGatewayTunnel(const GatewayInputs &in)
{
    if (!in.configuration.is_object())
        return waiting(QStringLiteral("no Configuration about cluster %1 yet (spillctl network init makes it)").arg(in.remoteClusterId));
    if (!in.publicKey.is_object())
        return waiting(QStringLiteral("no PublicKey of cluster %1's gateway yet (spillctl network connect exchanges them)").arg(in.remoteClusterId));
    auto peerKey = decodeWireGuardKey(QByteArray::fromStdString(in.publicKey.value("spec", json::object()).value("publicKey", "")));
    if (!peerKey)
        return Error::of(Error::Kind::Config, QStringLiteral("PublicKey %1: %2")
                                                   .arg(QString::fromStdString(in.publicKey.value("metadata", json::object()).value("name", "")), peerKey.error().message));
    if (in.mode == GatewayMode::Client && in.endpoint.isEmpty())
        return waiting(QStringLiteral("the GatewayClient names no server endpoint"));

    GatewayTunnel out;
    out.plan.localClusterId = in.localClusterId;
    out.plan.peerClusterId = in.remoteClusterId;
    out.plan.interfaceName = tunnelInterfaceName(in.localClusterId, in.remoteClusterId);
    out.plan.routingTable = routingTableFor(in.remoteClusterId);
    for (const char *type : {"pod", "external"}) {
        auto remaps = remapsOf(in.configuration, type);
        if (!remaps)
            return remaps.error();
        for (const Remap &r : *remaps) {
            if (r.real.length < 0)
                return waiting(QStringLiteral("the IPAM has not decided how this cluster reaches cluster %1's %2 CIDR yet").arg(in.remoteClusterId, QLatin1String(type)));
            out.plan.networks.push_back(r);
        }
    }
    out.plan.exposed = exposedAddresses(in.ips, in.configuration);
    if (out.plan.networks.empty())
        return waiting(QStringLiteral("the Configuration about cluster %1 has no remote pod CIDR").arg(in.remoteClusterId));
    const bool server = in.mode == GatewayMode::Server;
    const TunnelAddresses addresses = server ? tunnelAddressesFor(in.localClusterId, in.remoteClusterId) : tunnelAddressesFor(in.remoteClusterId, in.localClusterId);
    out.plan.tunnelAddress = server ? addresses.server : addresses.client;
    out.peerTunnelAddress = (server ? addresses.client : addresses.server).section(QLatin1Char('/'), 0, 0);

    out.wireguard.privateKey = in.privateKey;
    WireGuardPeer peer;
    peer.publicKey = *peerKey;
    if (server) {
        out.wireguard.listenPort = in.listenPort;
    } else {
        peer.endpoint = in.endpoint;
        // NAT between the clusters forgets an idle UDP flow; the client keeps it open.
        peer.keepaliveSeconds = 25;
    }
    out.wireguard.peers.push_back(peer);
    return out;
}

} // namespace spillway::network
