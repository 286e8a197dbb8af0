#pragma once
// Network namespaces for the tunnel tests: a gateway namespace per cluster joined by an
// "underlay" veth, and pod namespaces with addresses from their cluster's pod CIDR, each on a
// veth into its gateway (default route through it). Everything is named with a per-run prefix
// and removed by the destructor; traffic never leaves these namespaces.
#include "network/HostCommands.h"

#include <QProcess>
#include <QRandomGenerator>
#include <QStringList>

namespace lab {

inline bool sh(const QString &command, QByteArray *out = nullptr)
{
    QProcess p;
    p.start(QStringLiteral("bash"), {QStringLiteral("-c"), command});
    if (!p.waitForFinished(30000))
        return false;
    if (out)
        *out = p.readAllStandardOutput() + p.readAllStandardError();
    return p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}

class NetnsLab
{
public:
    NetnsLab() : m_prefix(QStringLiteral("spwt%1").arg(QRandomGenerator::global()->bounded(100000, 999999))) {}
    ~NetnsLab()
    {
        for (const QString &ns : m_namespaces)
            sh(QStringLiteral("ip netns pids %1 2>/dev/null | xargs -r kill -9; ip netns del %1 2>/dev/null").arg(ns));
    }
    QString name(const QString &what) const { return m_prefix + QLatin1Char('-') + what; }
    const QStringList &namespaces() const { return m_namespaces; }

    bool addNamespace(const QString &ns)
    {
        m_namespaces << ns;
        return sh(QStringLiteral("ip netns add %1 && ip -n %1 link set lo up").arg(ns));
    }
    // A veth between two namespaces, with addresses (CIDR form) on each end.
    bool link(const QString &a, const QString &aIf, const QString &aAddr, const QString &b, const QString &bIf, const QString &bAddr)
    {
        return sh(QStringLiteral("ip link add %2 netns %1 type veth peer name %5 netns %4 && ip -n %1 addr add %3 dev %2 && ip -n %1 link set %2 up"
                                 " && ip -n %4 addr add %6 dev %5 && ip -n %4 link set %5 up")
                      .arg(a, aIf, aAddr, b, bIf, bAddr));
    }
    // A pod: its own namespace, address podIp/32 routed through the gateway's end of the veth.
    bool addPod(const QString &pod, const QString &podIp, const QString &gateway, const QString &gatewayIp)
    {
        if (!addNamespace(pod))
            return false;
        const QString podIf = QStringLiteral("eth0"), gwIf = QStringLiteral("v%1").arg(m_namespaces.size());
        return sh(QStringLiteral("ip link add %1 netns %2 type veth peer name %3 netns %4"
                                 " && ip -n %2 addr add %5/32 dev %1 && ip -n %2 link set %1 up"
                                 " && ip -n %4 addr add %6/32 dev %3 && ip -n %4 link set %3 up"
                                 " && ip -n %2 route add %6/32 dev %1 && ip -n %2 route add default via %6"
                                 " && ip -n %4 route add %5/32 dev %3")
                      .arg(podIf, pod, gwIf, gateway, podIp, gatewayIp));
    }
    bool forwarding(const QString &ns) { return sh(QStringLiteral("ip netns exec %1 sysctl -qw net.ipv4.ip_forward=1").arg(ns)); }

private:
    QString m_prefix;
    QStringList m_namespaces;
};

} // namespace lab
