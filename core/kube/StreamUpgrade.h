#pragma once

#include "common/Error.h"

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>

#include <functional>

class QObject;
class QSslSocket;

namespace spillway::kube {

class KubeClient;

struct UpgradeRequest {
    QByteArray method = "POST";
    QByteArray target;                                  // path and encoded query, after the server's base path
    QList<QPair<QByteArray, QByteArray>> headers;       // Upgrade, X-Stream-Protocol-Version, …
    QString describe;                                   // the object, for errors ("pods ns/name exec")
};

// What the apiserver answered. 101: SOCKET now carries the upgraded protocol and REST holds what
// it sent past the head; the receiver owns the socket. Anything else: REST is the body (mostly a
// Status) and there is no socket.
struct UpgradeResponse {
    int status = 0;
    QByteArray head;                                    // status line and headers, the blank line included
    QByteArray rest;
    QSslSocket *socket = nullptr;
};

// Sends REQUEST to CLIENT's apiserver as CLIENT's identity (its TLS, CA, client certificate,
// token or exec credential, proxy) over an HTTP/1.1 connection of its own: QNetworkAccessManager
// cannot hand over an upgraded connection, which exec, attach and port-forward need. DONE runs
// once on the calling thread, with the response or an Error naming the cluster and the cause
// (connect, TLS, timeout before the response head). Destroying CONTEXT cancels it.
void openUpgrade(KubeClient &client, UpgradeRequest request, QObject *context, std::function<void(Result<UpgradeResponse>)> done);

// The status code of an HTTP/1.x response head ("HTTP/1.1 101 Switching Protocols"), or 0.
int statusOfHead(const QByteArray &head);
// The header fields of an HTTP/1.x head (request or status line skipped), names as sent,
// values trimmed, in order.
QList<QPair<QByteArray, QByteArray>> headerFields(const QByteArray &head);
// The first value of header NAME (case-insensitive) in an HTTP head, or empty.
QByteArray headerValue(const QByteArray &head, const QByteArray &name);

} // namespace spillway::kube
