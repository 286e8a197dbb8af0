#include "network/TunDevice.h"

#include <QDir>
#include <QFileInfo>

#include <cerrno>
#include <cstring>
#include <sys/stat.h>
#include <sys/sysmacros.h>

namespace spillway::network {

Result<void> ensureTunDevice(const QString &path)
{
    if (QFileInfo(path).exists())
        return {};
    QDir().mkpath(QFileInfo(path).path());
    if (::mknod(QFile::encodeName(path).constData(), S_IFCHR | 0666, makedev(10, 200)) != 0 && errno != EEXIST)
        return Error::of(Error::Kind::Config, QStringLiteral("%1 is missing and cannot be made: %2").arg(path, QString::fromLocal8Bit(std::strerror(errno))),
                         QStringLiteral("the gateway needs the TUN device: give its container CAP_MKNOD (the gateway templates add it), "
                                        "or mount the node's /dev/net/tun into it"));
    return {};
}

} // namespace spillway::network
