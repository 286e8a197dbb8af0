#include "webhook/HttpsServer.h"

#include <QCoreApplication>
#include <QPointer>
#include <QSslKey>
#include <QSslServer>
#include <QSslSocket>

namespace spillway::webhook {

namespace {

const char *const kBufferProperty = "spillwayHttpBuffer";
const char *const kBusyProperty = "spillwayHttpBusy";

QByteArray reason(int status)
{
    switch (status) {
    case 200: return "OK";
    case 201: return "Created";
    case 202: return "Accepted";
    case 400: return "Bad Request";
    case 401: return "Unauthorized";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 409: return "Conflict";
    case 410: return "Gone";
    case 413: return "Payload Too Large";
    case 429: return "Too Many Requests";
    case 431: return "Request Header Fields Too Large";
    case 503: return "Service Unavailable";
    default: return status < 500 ? "Bad Request" : "Internal Server Error";
    }
}

} // namespace

HttpsServer::HttpsServer(const QByteArray &certPem, const QByteArray &keyPem, QString what, QObject *parent)
    : QObject(parent), m_what(std::move(what))
{
    m_tls = QSslConfiguration::defaultConfiguration();
    m_tls.setLocalCertificateChain(QSslCertificate::fromData(certPem));
    QSslKey key(keyPem, QSsl::Ec);
    if (key.isNull())
        key = QSslKey(keyPem, QSsl::Rsa);
    m_tls.setPrivateKey(key);
    m_tls.setPeerVerifyMode(QSslSocket::VerifyNone);
    // HTTP/1.1 only: clients fall back to it, and it keeps the parser small.
    m_tls.setAllowedNextProtocols({QByteArrayLiteral("http/1.1")});
    m_pool.setMaxThreadCount(4);
}

HttpsServer::~HttpsServer()
{
    // A blocking handler may wait for a request this thread's event loop carries out.
    while (m_pool.activeThreadCount() > 0 && QCoreApplication::instance()
           && QThread::currentThread() == QCoreApplication::instance()->thread())
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    m_pool.waitForDone();
}

void HttpsServer::route(const QString &path, Handler handler, bool blocking)
{
    m_routes.insert(path, Route{std::move(handler), blocking});
}

quint16 HttpsServer::port() const
{
    return m_server ? m_server->serverPort() : 0;
}

Result<quint16> HttpsServer::listen(const QHostAddress &address, quint16 port)
{
    if (m_tls.localCertificate().isNull() || m_tls.privateKey().isNull())
        return Error::of(Error::Kind::Tls, QStringLiteral("the %1 has no usable certificate and key").arg(m_what));
    delete m_server;
    m_server = new QSslServer(this);
    m_server->setSslConfiguration(m_tls);
    m_server->setHandshakeTimeout(10000);
    connect(m_server, &QTcpServer::pendingConnectionAvailable, this, &HttpsServer::onConnection);
    if (!m_server->listen(address, port))
        return Error::of(Error::Kind::Transport, QStringLiteral("the %1 cannot listen on %2:%3: %4").arg(m_what, address.toString()).arg(port).arg(m_server->errorString()),
                         QStringLiteral("pick another port or stop what holds it"));
    return m_server->serverPort();
}

void HttpsServer::onConnection()
{
    while (auto *socket = qobject_cast<QSslSocket *>(m_server->nextPendingConnection())) {
        connect(socket, &QSslSocket::readyRead, this, [this, socket] {
            socket->setProperty(kBufferProperty, socket->property(kBufferProperty).toByteArray() + socket->readAll());
            serve(socket);
        });
        connect(socket, &QSslSocket::disconnected, socket, &QObject::deleteLater);
    }
}

void HttpsServer::reply(QSslSocket *socket, const HttpResponse &response, bool close)
{
    QByteArray extra;
    for (const auto &[name, value] : response.headers)
        extra += "\r\n" + name + ": " + value;
    socket->write("HTTP/1.1 " + QByteArray::number(response.status) + ' ' + reason(response.status)
                  + "\r\nContent-Type: application/json\r\nContent-Length: " + QByteArray::number(response.body.size()) + extra
                  + (close ? "\r\nConnection: close" : "") + "\r\n\r\n" + response.body);
    if (close) {
        socket->setProperty(kBufferProperty, QByteArray());
        socket->disconnectFromHost();
    }
}

// Answers the complete requests in the socket's buffer, one at a time.
void HttpsServer::serve(QSslSocket *socket)
{
    while (!socket->property(kBusyProperty).toBool()) {
        QByteArray buf = socket->property(kBufferProperty).toByteArray();
        const qsizetype headerEnd = buf.indexOf("\r\n\r\n");
        if (headerEnd < 0) {
            if (buf.size() > 64 * 1024) {
                ++m_malformed;
                reply(socket, {431, {}}, true);
            }
            return;
        }
        const QList<QByteArray> lines = buf.left(headerEnd).split('\n');
        const QList<QByteArray> requestLine = lines.value(0).trimmed().split(' ');
        qsizetype length = 0;
        bool chunked = false, badLength = false;
        for (const QByteArray &line : lines.mid(1)) {
            const QByteArray l = line.trimmed().toLower();
            if (l.startsWith("content-length:"))
                length = l.mid(15).trimmed().toLongLong(&badLength), badLength = !badLength;
            else if (l.startsWith("transfer-encoding:") && l.contains("chunked"))
                chunked = true;
        }
        if (requestLine.size() < 3 || chunked || badLength || length < 0 || length > kMaxBodyBytes) {
            ++m_malformed;
            reply(socket, {length > kMaxBodyBytes ? 413 : 400, {}}, true);
            return;
        }
        if (buf.size() < headerEnd + 4 + length)
            return;
        HttpRequest request{requestLine[0], QString::fromLatin1(requestLine[1]).section(QLatin1Char('?'), 0, 0), buf.mid(headerEnd + 4, length),
                            socket->peerAddress().toString()};
        buf.remove(0, headerEnd + 4 + length);
        socket->setProperty(kBufferProperty, buf);

        const auto route = m_routes.constFind(request.path);
        if (route == m_routes.cend()) {
            reply(socket, {404, QByteArrayLiteral(R"({"error":"no such endpoint"})")}, false);
            continue;
        }
        if (request.method != "POST") {
            reply(socket, {405, {}}, false);
            continue;
        }
        if (!route->blocking) {
            reply(socket, route->handler(request), false);
            continue;
        }
        socket->setProperty(kBusyProperty, true);
        QPointer<QSslSocket> guard(socket);
        m_pool.start([this, guard, handler = route->handler, request = std::move(request)] {
            HttpResponse response = handler(request);
            QMetaObject::invokeMethod(this, [this, guard, response = std::move(response)] {
                if (!guard)
                    return;
                guard->setProperty(kBusyProperty, false);
                reply(guard, response, false);
                serve(guard);
            }, Qt::QueuedConnection);
        });
        return;
    }
}

} // namespace spillway::webhook
