#include "network/NetnsSocket.h"

#include <arpa/inet.h>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <netinet/in.h>
#include <sched.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

namespace spillway::network {

namespace {

Result<int> makeBound(const QHostAddress &address, quint16 port)
{
    const int fd = ::socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (fd < 0)
        return Error::of(Error::Kind::Transport, QStringLiteral("cannot make a UDP socket: %1").arg(QString::fromLocal8Bit(std::strerror(errno))));
    sockaddr_in sa{};
    sa.sin_family = AF_INET;
    sa.sin_port = htons(port);
    sa.sin_addr.s_addr = htonl(address.toIPv4Address());
    if (::bind(fd, reinterpret_cast<sockaddr *>(&sa), sizeof sa) != 0) {
        const QString why = QString::fromLocal8Bit(std::strerror(errno));
        ::close(fd);
        return Error::of(Error::Kind::Transport, QStringLiteral("cannot bind UDP %1:%2: %3").arg(address.toString()).arg(port).arg(why),
                         QStringLiteral("is the tunnel address configured, and the port free?"));
    }
    return fd;
}

} // namespace

Result<int> makeInNetns(const QString &netns, const std::function<Result<int>()> &make)
{
    if (netns.isEmpty())
        return make();
    // setns() changes the calling thread only: a short-lived thread enters the namespace, makes
    // the socket there, and ends; the socket stays where it was made.
    Result<int> out = Error::of(Error::Kind::Internal, QStringLiteral("the namespace thread did not run"));
    std::thread worker([&] {
        const QByteArray path = QByteArrayLiteral("/var/run/netns/") + netns.toLocal8Bit();
        const int nsfd = ::open(path.constData(), O_RDONLY | O_CLOEXEC);
        if (nsfd < 0) {
            out = Error::of(Error::Kind::Config, QStringLiteral("no network namespace %1: %2").arg(netns, QString::fromLocal8Bit(std::strerror(errno))));
            return;
        }
        if (::setns(nsfd, CLONE_NEWNET) != 0) {
            out = Error::of(Error::Kind::Config, QStringLiteral("cannot enter network namespace %1: %2").arg(netns, QString::fromLocal8Bit(std::strerror(errno))),
                            QStringLiteral("working in another network namespace needs CAP_SYS_ADMIN (run as root)"));
            ::close(nsfd);
            return;
        }
        ::close(nsfd);
        out = make();
    });
    worker.join();
    return out;
}

Result<int> boundUdpSocket(const QString &netns, const QHostAddress &address, quint16 port)
{
    return makeInNetns(netns, [&] { return makeBound(address, port); });
}

Result<int> tcpSocket(const QString &netns)
{
    return makeInNetns(netns, []() -> Result<int> {
        const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
        if (fd < 0)
            return Error::of(Error::Kind::Transport, QStringLiteral("cannot make a TCP socket: %1").arg(QString::fromLocal8Bit(std::strerror(errno))));
        return fd;
    });
}

Result<int> tcpListener(const QString &netns, const QHostAddress &address, quint16 port)
{
    return makeInNetns(netns, [&]() -> Result<int> {
        const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
        if (fd < 0)
            return Error::of(Error::Kind::Transport, QStringLiteral("cannot make a TCP socket: %1").arg(QString::fromLocal8Bit(std::strerror(errno))));
        const int on = 1;
        ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
        sockaddr_in sa{};
        sa.sin_family = AF_INET;
        sa.sin_port = htons(port);
        sa.sin_addr.s_addr = htonl(address.toIPv4Address());
        if (::bind(fd, reinterpret_cast<sockaddr *>(&sa), sizeof sa) != 0 || ::listen(fd, 4) != 0) {
            const QString why = QString::fromLocal8Bit(std::strerror(errno));
            ::close(fd);
            return Error::of(Error::Kind::Transport, QStringLiteral("cannot listen on TCP %1:%2: %3").arg(address.toString()).arg(port).arg(why));
        }
        return fd;
    });
}

} // namespace spillway::network
