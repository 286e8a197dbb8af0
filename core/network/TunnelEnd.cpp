#include "network/TunnelEnd.h"

#include "network/TunDevice.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QThread>

namespace spillway::network {

QString defaultWireGuardGo()
{
    if (const QString env = qEnvironmentVariable("SPILLWAY_WIREGUARD_GO"); !env.isEmpty())
        return env;
    if (QCoreApplication::instance()) {
        const QString beside = QCoreApplication::applicationDirPath() + QStringLiteral("/wireguard-go");
        if (QFileInfo(beside).isExecutable())
            return beside;
    }
    return QStringLiteral("wireguard-go");
}

bool TunnelEnd::deviceExists() const
{
    return m_o.host.ip({QStringLiteral("link"), QStringLiteral("show"), QStringLiteral("dev"), m_o.plan.interfaceName}).ok()
           && QFileInfo::exists(uapiSocketPath(m_o.plan.interfaceName));
}

void TunnelEnd::removeRoutes() const
{
    for (const QStringList &args : routeCleanupCommands(m_o.plan)) {
        // A rule added twice must be deleted twice; a missing one fails, which ends the loop.
        for (int i = 0; i < 8 && m_o.host.ip(args).ok() && args.value(0) == QLatin1String("rule"); ++i) {
        }
    }
}

Result<void> TunnelEnd::up()
{
    const QString dev = m_o.plan.interfaceName;
    if (!deviceExists()) {
        // A device left without its process (or the reverse) is made again from scratch.
        m_o.host.ip({QStringLiteral("link"), QStringLiteral("del"), QStringLiteral("dev"), dev});
        if (m_o.host.netns().isEmpty())
            if (auto r = ensureTunDevice(); !r)
                return r.error();
        // wireguard-go refuses to run where the kernel has WireGuard unless told it is wanted.
        if (auto r = m_o.host.run(m_o.wireguardGo, {dev}, {}, {QStringLiteral("WG_I_PREFER_BUGGY_USERSPACE_TO_POLISHED_KMOD=1")}); !r)
            return r.error();
        for (int i = 0; i < 50 && !QFileInfo::exists(uapiSocketPath(dev)); ++i)
            QThread::msleep(20);
    }
    if (auto r = WireGuardUapi(uapiSocketPath(dev)).set(m_o.wireguard); !r)
        return r.error();
    if (!m_o.plan.tunnelAddress.isEmpty())
        if (auto r = m_o.host.ip({QStringLiteral("address"), QStringLiteral("replace"), m_o.plan.tunnelAddress, QStringLiteral("dev"), dev}); !r)
            return r.error();
    if (auto r = m_o.host.ip({QStringLiteral("link"), QStringLiteral("set"), QStringLiteral("dev"), dev, QStringLiteral("mtu"), QString::number(m_o.mtu),
                              QStringLiteral("up")});
        !r)
        return r.error();
    if (auto r = m_o.host.nft(nftRuleset(m_o.plan)); !r)
        return r.error();
    // Rules are not idempotent: drop ours first, then add them once.
    removeRoutes();
    for (const QStringList &args : routeCommands(m_o.plan))
        if (auto r = m_o.host.ip(args); !r)
            return r.error();
    return {};
}

Result<void> TunnelEnd::down()
{
    Result<void> outcome;
    removeRoutes();
    if (auto r = m_o.host.nft(nftDeleteTable(m_o.plan)); !r)
        outcome = r.error();
    // Deleting the link ends wireguard-go.
    m_o.host.ip({QStringLiteral("link"), QStringLiteral("del"), QStringLiteral("dev"), m_o.plan.interfaceName});
    for (int i = 0; i < 100 && QFileInfo::exists(uapiSocketPath(m_o.plan.interfaceName)); ++i)
        QThread::msleep(20);
    return outcome;
}

Result<std::vector<WireGuardPeerStatus>> TunnelEnd::status() const
{
    return WireGuardUapi(uapiSocketPath(m_o.plan.interfaceName)).get();
}

} // namespace spillway::network
