#include "network/TunnelPlan.h"

#include <QCryptographicHash>

#include <algorithm>

namespace spillway::network {

namespace {

QByteArray pairHash(const QString &a, const QString &b)
{
    return QCryptographicHash::hash((a + QLatin1Char('/') + b).toUtf8(), QCryptographicHash::Sha256).toHex();
}

// Before the main table's rule (32766).
constexpr int kRulePriority = 1000;

} // namespace

QString tunnelInterfaceName(const QString &localClusterId, const QString &peerClusterId)
{
    return QStringLiteral("spw") + QString::fromLatin1(pairHash(localClusterId, peerClusterId).left(10));
}

int routingTableFor(const QString &peerClusterId)
{
    return 1000 + int(pairHash(peerClusterId, {}).left(6).toUInt(nullptr, 16) % 60000);
}

QString nftTableName(const QString &peerClusterId)
{
    QString out = QStringLiteral("spillway_");
    for (const QChar c : peerClusterId)
        out += c.isLetterOrNumber() ? c : QLatin1Char('_');
    return out;
}

namespace {
bool remapped(const Remap &r)
{
    return !(r.real == r.as);
}
bool anyRemapped(const TunnelPlan &p)
{
    return std::any_of(p.networks.begin(), p.networks.end(), remapped);
}
bool anyMasqueraded(const TunnelPlan &p)
{
    return std::any_of(p.exposed.begin(), p.exposed.end(), [](const ExposedAddress &e) { return e.masquerade; });
}
} // namespace

QString nftRuleset(const TunnelPlan &p)
{
    // Without a remapped network or an exposed address there is nothing to translate, and no NAT
    // chain at all: a NAT hook switches connection tracking on for every packet (most of the
    // tunnel's overhead).
    if (!anyRemapped(p) && p.exposed.empty())
        return nftDeleteTable(p);
    const QString table = nftTableName(p.peerClusterId), tun = p.interfaceName, mark = QString::number(p.routingTable);
    QString out = QStringLiteral("table ip %1 {}\ndelete table ip %1\ntable ip %1 {\n").arg(table);
    // Every packet for a remapped peer network (as this cluster addresses it) is marked before
    // NAT, so the routing rule sends it — and only it — into the tunnel, although the peer's real
    // prefix is also this cluster's own.
    out += QStringLiteral("  chain steer {\n    type filter hook prerouting priority mangle; policy accept;\n");
    for (const Remap &r : p.networks)
        if (remapped(r))
            out += QStringLiteral("    iifname != \"%1\" ip daddr %2 meta mark set %3\n").arg(tun, r.as.toString(), mark);
    // A masqueraded reply is addressed to this gateway until conntrack restores the peer's real
    // address, which may be this cluster's own too: the connection's mark steers it back instead.
    if (anyMasqueraded(p))
        out += QStringLiteral("    iifname \"%1\" ct state new ct mark set %2\n    iifname != \"%1\" ct direction reply ct mark %2 meta mark set %2\n").arg(tun, mark);
    out += QStringLiteral("  }\n  chain outgoing {\n    type nat hook prerouting priority dstnat; policy accept;\n");
    for (const Remap &r : p.networks)
        if (remapped(r))
            out += QStringLiteral("    iifname != \"%1\" ip daddr %2 dnat ip prefix to ip daddr map { %2 : %3 }\n").arg(tun, r.as.toString(), r.real.toString());
    for (const ExposedAddress &e : p.exposed)
        out += QStringLiteral("    iifname \"%1\" ip daddr %2 dnat ip to %3\n").arg(tun, e.external, e.real);
    out += QStringLiteral("  }\n  chain incoming {\n    type nat hook postrouting priority srcnat; policy accept;\n");
    // First: a connection takes the first source translation that matches.
    for (const ExposedAddress &e : p.exposed)
        if (e.masquerade)
            out += QStringLiteral("    iifname \"%1\" ct original ip daddr %2 masquerade\n").arg(tun, e.external);
    for (const Remap &r : p.networks)
        if (remapped(r))
            out += QStringLiteral("    iifname \"%1\" ip saddr %2 snat ip prefix to ip saddr map { %2 : %3 }\n").arg(tun, r.real.toString(), r.as.toString());
    out += QStringLiteral("  }\n}\n");
    return out;
}

QString nftDeleteTable(const TunnelPlan &p)
{
    return QStringLiteral("table ip %1 {}\ndelete table ip %1\n").arg(nftTableName(p.peerClusterId));
}

std::vector<QStringList> routeCommands(const TunnelPlan &p)
{
    const QString table = QString::number(p.routingTable);
    std::vector<QStringList> out;
    // A network used as it is overlaps nothing here: the main table takes it, as by hand.
    for (const Remap &r : p.networks)
        out.push_back(remapped(r) ? QStringList{QStringLiteral("route"), QStringLiteral("replace"), r.real.toString(), QStringLiteral("dev"), p.interfaceName,
                                                QStringLiteral("table"), table}
                                  : QStringList{QStringLiteral("route"), QStringLiteral("replace"), r.real.toString(), QStringLiteral("dev"), p.interfaceName});
    if (anyRemapped(p) || anyMasqueraded(p))
        out.push_back({QStringLiteral("rule"), QStringLiteral("add"), QStringLiteral("fwmark"), table, QStringLiteral("lookup"), table,
                       QStringLiteral("priority"), QString::number(kRulePriority)});
    return out;
}

std::vector<QStringList> routeCleanupCommands(const TunnelPlan &p)
{
    const QString table = QString::number(p.routingTable);
    std::vector<QStringList> out = {{QStringLiteral("rule"), QStringLiteral("del"), QStringLiteral("fwmark"), table, QStringLiteral("lookup"), table,
                                     QStringLiteral("priority"), QString::number(kRulePriority)},
                                    {QStringLiteral("route"), QStringLiteral("flush"), QStringLiteral("table"), table}};
    for (const Remap &r : p.networks)
        if (!remapped(r))
            out.push_back({QStringLiteral("route"), QStringLiteral("del"), r.real.toString(), QStringLiteral("dev"), p.interfaceName});
    return out;
}

} // namespace spillway::network
