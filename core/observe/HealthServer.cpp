#include "observe/HealthServer.h"

#include <QTcpServer>
#include <QTcpSocket>

namespace spillway::observe {

HealthServer::HealthServer(Metrics *metrics, std::function<bool()> ready, QObject *parent)
    : QObject(parent), m_metrics(metrics), m_ready(std::move(ready))
{
}

Result<quint16> HealthServer::listen(const QHostAddress &address, quint16 port)
{
    m_server = new QTcpServer(this);
    connect(m_server, &QTcpServer::newConnection, this, &HealthServer::onConnection);
    if (!m_server->listen(address, port)) {
        Error e;
        e.kind = Error::Kind::Transport;
        e.message = QStringLiteral("the health server cannot listen on %1:%2: %3").arg(address.toString()).arg(port).arg(m_server->errorString());
        e.hint = QStringLiteral("pick another --health-port");
        return e;
    }
    return m_server->serverPort();
}

void HealthServer::onConnection()
{
    while (QTcpSocket *s = m_server->nextPendingConnection()) {
        auto buf = std::make_shared<QByteArray>();
        connect(s, &QTcpSocket::readyRead, s, [this, s, buf] {
            buf->append(s->readAll());
            if (buf->size() > 16 * 1024) {
                s->abort();
                return;
            }
            if (!buf->contains("\r\n\r\n"))
                return;
            const QByteArray path = buf->left(buf->indexOf("\r\n")).split(' ').value(1).split('?').value(0);
            int status = 200;
            QByteArray body, type = "text/plain; charset=utf-8";
            if (path == "/healthz" || path == "/livez") {
                body = "ok\n";
            } else if (path == "/readyz") {
                const bool ready = m_ready ? m_ready() : true;
                status = ready ? 200 : 503;
                body = ready ? "ok\n" : "not ready\n";
            } else if (path == "/metrics") {
                body = m_metrics ? m_metrics->render() : QByteArray();
                type = "text/plain; version=0.0.4";
            } else {
                status = 404;
                body = "not found\n";
            }
            s->write("HTTP/1.1 " + QByteArray::number(status) + (status == 200 ? " OK" : status == 503 ? " Service Unavailable" : " Not Found")
                     + "\r\nContent-Type: " + type + "\r\nContent-Length: " + QByteArray::number(body.size())
                     + "\r\nConnection: close\r\n\r\n" + body);
            s->disconnectFromHost();
        });
        connect(s, &QTcpSocket::disconnected, s, &QObject::deleteLater);
    }
}

} // namespace spillway::observe
