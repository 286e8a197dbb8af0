#include "network/TunnelPlan.h"

#include <QCryptographicHash>

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

QString nftRuleset(const TunnelPlan &p)
{
    const QString table = nftTableName(p.peerClusterId), tun = p.interfaceName, mark = QString::number(p.routingTable);
    QString out = QStringLiteral("table ip %1 {}\ndelete table ip %1\ntable ip %1 {\n").arg(table);
    // Every packet for the peer (as this cluster addresses it) is marked before NAT, so the
    // routing rule sends it — and only it — into the tunnel, even when the peer's real prefix is
    // also this cluster's own.
    out += QStringLiteral("  chain steer {\n    type filter hook prerouting priority mangle; policy accept;\n");
    for (const Remap &r : p.networks)
        out += QStringLiteral("    iifname != \"%1\" ip daddr %2 meta mark set %3\n").arg(tun, r.as.toString(), mark);
    out += QStringLiteral("  }\n  chain outgoing {\n    type nat hook prerouting priority dstnat; policy accept;\n");
    for (const Remap &r : p.networks)
        if (!(r.real == r.as))
            out += QStringLiteral("    iifname != \"%1\" ip daddr %2 dnat ip prefix to ip daddr map { %2 : %3 }\n").arg(tun, r.as.toString(), r.real.toString());
    out += QStringLiteral("  }\n  chain incoming {\n    type nat hook postrouting priority srcnat; policy accept;\n");
    for (const Remap &r : p.networks)
        if (!(r.real == r.as))
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
    for (const Remap &r : p.networks)
        out.push_back({QStringLiteral("route"), QStringLiteral("replace"), r.real.toString(), QStringLiteral("dev"), p.interfaceName,
                       QStringLiteral("table"), table});
    out.push_back({QStringLiteral("rule"), QStringLiteral("add"), QStringLiteral("fwmark"), table, QStringLiteral("lookup"), table,
                   QStringLiteral("priority"), QString::number(kRulePriority)});
    return out;
}

std::vector<QStringList> routeCleanupCommands(const TunnelPlan &p)
{
    const QString table = QString::number(p.routingTable);
    return {{QStringLiteral("rule"), QStringLiteral("del"), QStringLiteral("fwmark"), table, QStringLiteral("lookup"), table, QStringLiteral("priority"),
             QString::number(kRulePriority)},
            {QStringLiteral("route"), QStringLiteral("flush"), QStringLiteral("table"), table}};
}

} // namespace spillway::network
