#pragma once

#include "common/Error.h"

#include <QHash>
#include <QHostAddress>
#include <QObject>
#include <QSslConfiguration>
#include <QThreadPool>

#include <atomic>
#include <functional>

class QSslServer;
class QSslSocket;

namespace spillway::webhook {

struct HttpRequest {
    QByteArray method;
    QString path;           // without the query
    QByteArray body;
    QString peerAddress;    // the client's IP, as this server sees it
};

struct HttpResponse {
    int status = 200;
    QByteArray body;        // JSON
    QList<QPair<QByteArray, QByteArray>> headers = {};   // besides Content-Type and Content-Length
};

// A small HTTPS/1.1 server for JSON endpoints (admission reviews, the peering authentication
// endpoint). Bodies are untrusted input: header and body sizes are bounded, malformed requests
// are answered 4xx and counted, and a handler only ever sees a complete request. A handler that
// blocks (it talks to the apiserver) runs on a worker thread, so the event loop it may need
// keeps turning; a connection serves one request at a time.
class HttpsServer : public QObject
{
    Q_OBJECT
public:
    using Handler = std::function<HttpResponse(const HttpRequest &)>;
    static constexpr qsizetype kMaxBodyBytes = 8 * 1024 * 1024;

    // certPem may hold the chain; keyPem any key QSslKey reads. `what` names the server in errors.
    HttpsServer(const QByteArray &certPem, const QByteArray &keyPem, QString what, QObject *parent = nullptr);
    ~HttpsServer() override;

    void route(const QString &path, Handler handler, bool blocking = false);
    Result<quint16> listen(const QHostAddress &address, quint16 port = 0);
    quint16 port() const;

    quint64 malformed() const { return m_malformed; }
    void countMalformed() { ++m_malformed; }

private:
    struct Route {
        Handler handler;
        bool blocking = false;
    };
    void onConnection();
    void serve(QSslSocket *socket);
    void reply(QSslSocket *socket, const HttpResponse &response, bool close);

    QString m_what;
    QSslServer *m_server = nullptr;
    QSslConfiguration m_tls;
    QHash<QString, Route> m_routes;
    QThreadPool m_pool;
    std::atomic<quint64> m_malformed{0};
};

} // namespace spillway::webhook
