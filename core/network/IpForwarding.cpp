#include "network/IpForwarding.h"

#include <QFile>

namespace spillway::network {

bool ipForwardingEnabled(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) && f.readAll().trimmed() == "1";
}

Result<void> enableIpForwarding(const QString &path)
{
    if (ipForwardingEnabled(path))
        return {};
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write("1\n") != 2 || !f.flush())
        return Error::of(Error::Kind::Config, QStringLiteral("cannot turn on IPv4 forwarding: writing %1 failed: %2").arg(path, f.errorString()),
                         QStringLiteral("run this in a privileged container (the gateway templates' init container is), or set the pod's "
                                        "net.ipv4.ip_forward sysctl and allow it in the kubelet's allowedUnsafeSysctls"));
    return {};
}

} // namespace spillway::network
