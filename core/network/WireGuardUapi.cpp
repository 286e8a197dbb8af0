#include "network/WireGuardUapi.h"

#include <QDeadlineTimer>
#include <QLocalSocket>

#include <algorithm>

namespace spillway::network {

namespace {

Error uapiError(const QString &what, const QString &hint = {})
{
    return Error::of(Error::Kind::Transport, QStringLiteral("WireGuard device: %1").arg(what), hint);
}

Result<void> checkErrno(const QByteArray &answer)
{
    for (const QByteArray &line : answer.split('\n'))
        if (line.startsWith("errno=")) {
            const int code = line.mid(6).toInt();
            if (code == 0)
                return {};
            return uapiError(QStringLiteral("the device refused the request (errno %1)").arg(code));
        }
    return uapiError(QStringLiteral("the answer has no errno line"));
}

} // namespace

QString uapiSocketPath(const QString &interfaceName)
{
    return QStringLiteral("/var/run/wireguard/%1.sock").arg(interfaceName);
}

QByteArray uapiSetRequest(const WireGuardConfig &c, const std::vector<QByteArray> &stale)
{
    QByteArray out = "set=1\n";
    out += "private_key=" + c.privateKey.toHex() + "\n";
    if (c.listenPort > 0)
        out += "listen_port=" + QByteArray::number(c.listenPort) + "\n";
    for (const QByteArray &key : stale)
        out += "public_key=" + key.toHex() + "\nremove=true\n";
    for (const WireGuardPeer &p : c.peers) {
        out += "public_key=" + p.publicKey.toHex() + "\n";
        if (!p.endpoint.isEmpty())
            out += "endpoint=" + p.endpoint.toLatin1() + "\n";
        out += "persistent_keepalive_interval=" + QByteArray::number(p.keepaliveSeconds) + "\n";
        out += "replace_allowed_ips=true\n";
        for (const QString &ip : p.allowedIps)
            out += "allowed_ip=" + ip.toLatin1() + "\n";
    }
    return out + "\n";
}

Result<void> parseUapiSetAnswer(const QByteArray &answer)
{
    return checkErrno(answer);
}

Result<std::vector<WireGuardPeerStatus>> parseUapiGet(const QByteArray &answer)
{
    if (auto e = checkErrno(answer); !e)
        return e.error();
    std::vector<WireGuardPeerStatus> peers;
    for (const QByteArray &line : answer.split('\n')) {
        const qsizetype eq = line.indexOf('=');
        if (eq <= 0)
            continue;
        const QByteArray key = line.left(eq), value = line.mid(eq + 1);
        if (key == "public_key") {
            peers.push_back({});
            peers.back().publicKey = QByteArray::fromHex(value);
            continue;
        }
        if (peers.empty())
            continue;   // the interface's own lines
        WireGuardPeerStatus &p = peers.back();
        if (key == "endpoint")
            p.endpoint = QString::fromLatin1(value);
        else if (key == "last_handshake_time_sec")
            p.lastHandshakeSeconds = value.toLongLong();
        else if (key == "rx_bytes")
            p.rxBytes = value.toULongLong();
        else if (key == "tx_bytes")
            p.txBytes = value.toULongLong();
    }
    return peers;
}

Result<QByteArray> WireGuardUapi::exchange(const QByteArray &request) const
{
    QLocalSocket socket;
    socket.connectToServer(m_path);
    if (!socket.waitForConnected(m_timeoutMs))
        return uapiError(QStringLiteral("cannot reach %1: %2").arg(m_path, socket.errorString()),
                         QStringLiteral("is wireguard-go running for this interface?"));
    socket.write(request);
    if (!socket.waitForBytesWritten(m_timeoutMs))
        return uapiError(QStringLiteral("writing to %1 timed out").arg(m_path));
    QByteArray answer;
    QDeadlineTimer deadline(m_timeoutMs);
    // The answer ends with an empty line.
    while (!answer.endsWith("\n\n")) {
        if (deadline.hasExpired() || !socket.waitForReadyRead(int(deadline.remainingTime())))
            return uapiError(QStringLiteral("no complete answer from %1").arg(m_path));
        answer += socket.readAll();
    }
    return answer;
}

Result<void> WireGuardUapi::set(const WireGuardConfig &config) const
{
    auto current = get();
    if (!current)
        return current.error();
    std::vector<QByteArray> stale;
    for (const WireGuardPeerStatus &have : *current)
        if (std::none_of(config.peers.begin(), config.peers.end(), [&](const WireGuardPeer &want) { return want.publicKey == have.publicKey; }))
            stale.push_back(have.publicKey);
    auto answer = exchange(uapiSetRequest(config, stale));
    if (!answer)
        return answer.error();
    return parseUapiSetAnswer(*answer);
}

Result<std::vector<WireGuardPeerStatus>> WireGuardUapi::get() const
{
    auto answer = exchange("get=1\n\n");
    if (!answer)
        return answer.error();
    return parseUapiGet(*answer);
}

} // namespace spillway::network
