#pragma once

#include "common/Error.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <vector>

namespace spillway::network {

// wireguard-go's configuration protocol (the UAPI: key=value lines over a unix socket, keys in
// hex). A gateway has one peer — the other cluster's gateway. A peer already there is updated in
// place, not replaced: replacing drops its session, and a server that forgot the client's
// endpoint could not answer until the client's next handshake (up to 15 s later). Peers that are
// no longer wanted are removed by key, so applying the same configuration twice is harmless.
struct WireGuardPeer {
    QByteArray publicKey;          // 32 raw bytes
    QString endpoint;              // "ip:port"; empty on the server until the client shows up
    QStringList allowedIps = {QStringLiteral("0.0.0.0/0")};
    int keepaliveSeconds = 0;
};

struct WireGuardConfig {
    QByteArray privateKey;         // 32 raw bytes
    int listenPort = 0;            // 0: any (clients)
    std::vector<WireGuardPeer> peers;
};

struct WireGuardPeerStatus {
    QByteArray publicKey;
    QString endpoint;
    qint64 lastHandshakeSeconds = 0;   // Unix time; 0: never
    quint64 rxBytes = 0, txBytes = 0;
};

// stale: public keys of peers the device has and the configuration does not.
QByteArray uapiSetRequest(const WireGuardConfig &config, const std::vector<QByteArray> &stale = {});
// A "get=1" answer's peers, or the errno it reports.
Result<std::vector<WireGuardPeerStatus>> parseUapiGet(const QByteArray &answer);
// A "set=1" answer: errno=0 or the error.
Result<void> parseUapiSetAnswer(const QByteArray &answer);

// The socket of a wireguard-go interface: /var/run/wireguard/<interface>.sock.
QString uapiSocketPath(const QString &interfaceName);

// One exchange with the device; blocking, bounded by timeoutMs.
class WireGuardUapi
{
public:
    explicit WireGuardUapi(QString socketPath, int timeoutMs = 3000) : m_path(std::move(socketPath)), m_timeoutMs(timeoutMs) {}
    // Reads the device's peers first, to remove those not in the configuration.
    Result<void> set(const WireGuardConfig &config) const;
    Result<std::vector<WireGuardPeerStatus>> get() const;

private:
    Result<QByteArray> exchange(const QByteArray &request) const;
    QString m_path;
    int m_timeoutMs;
};

} // namespace spillway::network
