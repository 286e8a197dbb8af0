#include "webhook/AdmissionServer.h"

#include <QSslKey>
#include <QSslServer>
#include <QSslSocket>

namespace spillway::webhook {

using nlohmann::json;

AdmissionServer::AdmissionServer(const QByteArray &certPem, const QByteArray &keyPem, QObject *parent)
    : QObject(parent)
{
    m_tls = QSslConfiguration::defaultConfiguration();
    m_tls.setLocalCertificateChain(QSslCertificate::fromData(certPem));
    QSslKey key(keyPem, QSsl::Ec);
    if (key.isNull())
        key = QSslKey(keyPem, QSsl::Rsa);
    m_tls.setPrivateKey(key);
    m_tls.setPeerVerifyMode(QSslSocket::VerifyNone);
    // HTTP/1.1 only: the apiserver falls back to it, and it keeps the parser small.
    m_tls.setAllowedNextProtocols({QByteArrayLiteral("http/1.1")});
}

AdmissionServer::~AdmissionServer() = default;

void AdmissionServer::handle(const QString &path, Handler handler)
{
    m_handlers.insert(path, std::move(handler));
}

quint16 AdmissionServer::port() const
{
    return m_server ? m_server->serverPort() : 0;
}

Result<quint16> AdmissionServer::listen(const QHostAddress &address, quint16 port)
{
    if (m_tls.localCertificate().isNull() || m_tls.privateKey().isNull()) {
        Error e;
        e.kind = Error::Kind::Tls;
        e.message = QStringLiteral("the webhook server has no usable certificate and key");
        return e;
    }
    delete m_server;
    m_server = new QSslServer(this);
    m_server->setSslConfiguration(m_tls);
    m_server->setHandshakeTimeout(10000);
    connect(m_server, &QTcpServer::pendingConnectionAvailable, this, &AdmissionServer::onConnection);
    if (!m_server->listen(address, port)) {
        Error e;
        e.kind = Error::Kind::Transport;
        e.message = QStringLiteral("the webhook server cannot listen on %1:%2: %3")
                        .arg(address.toString()).arg(port).arg(m_server->errorString());
        e.hint = QStringLiteral("pick another --webhook-port or stop what holds it");
        return e;
    }
    return m_server->serverPort();
}

void AdmissionServer::onConnection()
{
    while (auto *socket = qobject_cast<QSslSocket *>(m_server->nextPendingConnection())) {
        auto buffer = std::make_shared<QByteArray>();
        connect(socket, &QSslSocket::readyRead, socket, [this, socket, buffer] {
            buffer->append(socket->readAll());
            while (serveOne(socket, *buffer)) {
            }
        });
        connect(socket, &QSslSocket::disconnected, socket, &QObject::deleteLater);
    }
}

// Answers one complete request from the buffer; false when more bytes are needed (or the
// connection was closed for bad input).
bool AdmissionServer::serveOne(QSslSocket *socket, QByteArray &buf)
{
    const qsizetype headerEnd = buf.indexOf("\r\n\r\n");
    if (headerEnd < 0) {
        if (buf.size() > 64 * 1024) {
            ++m_malformed;
            socket->write("HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
            socket->disconnectFromHost();
            buf.clear();
        }
        return false;
    }
    const QList<QByteArray> lines = buf.left(headerEnd).split('\n');
    const QList<QByteArray> requestLine = lines.value(0).trimmed().split(' ');
    qsizetype length = 0;
    bool chunked = false;
    for (const QByteArray &line : lines.mid(1)) {
        const QByteArray l = line.trimmed().toLower();
        if (l.startsWith("content-length:"))
            length = l.mid(15).trimmed().toLongLong();
        else if (l.startsWith("transfer-encoding:") && l.contains("chunked"))
            chunked = true;
    }
    auto reply = [&](int status, const QByteArray &reason, const QByteArray &body, bool close) {
        socket->write("HTTP/1.1 " + QByteArray::number(status) + ' ' + reason + "\r\nContent-Type: application/json\r\nContent-Length: "
                      + QByteArray::number(body.size()) + (close ? "\r\nConnection: close" : "") + "\r\n\r\n" + body);
        if (close) {
            socket->disconnectFromHost();
            buf.clear();
        }
    };
    if (requestLine.size() < 3 || chunked || length < 0 || length > kMaxBodyBytes) {
        ++m_malformed;
        reply(length > kMaxBodyBytes ? 413 : 400, length > kMaxBodyBytes ? "Payload Too Large" : "Bad Request", {}, true);
        return false;
    }
    if (buf.size() < headerEnd + 4 + length)
        return false;
    const QByteArray body = buf.mid(headerEnd + 4, length);
    buf.remove(0, headerEnd + 4 + length);
    if (requestLine[0] != "POST") {
        reply(405, "Method Not Allowed", {}, false);
        return true;
    }
    int status = 200;
    const QByteArray out = review(QString::fromLatin1(requestLine[1]).section(QLatin1Char('?'), 0, 0), body, status);
    reply(status, status == 200 ? "OK" : status == 404 ? "Not Found" : "Bad Request", out, false);
    return true;
}

QByteArray AdmissionServer::review(const QString &path, const QByteArray &body, int &status)
{
    const auto handler = m_handlers.constFind(path);
    if (handler == m_handlers.cend()) {
        status = 404;
        return {};
    }
    const json in = json::parse(body.constData(), body.constData() + body.size(), nullptr, false);
    if (!in.is_object() || !in.contains("request") || !in["request"].is_object()) {
        ++m_malformed;
        status = 400;
        return R"({"error":"not an AdmissionReview"})";
    }
    const json &r = in["request"];
    auto str = [&](const json &o, const char *key) {
        const auto it = o.find(key);
        return it != o.end() && it->is_string() ? QString::fromStdString(it->get<std::string>()) : QString();
    };
    AdmissionRequest req;
    req.uid = str(r, "uid");
    req.operation = str(r, "operation");
    req.ns = str(r, "namespace");
    req.name = str(r, "name");
    if (r.contains("kind") && r["kind"].is_object()) {
        req.kind = str(r["kind"], "kind");
        req.group = str(r["kind"], "group");
    }
    if (r.contains("userInfo") && r["userInfo"].is_object()) {
        req.username = str(r["userInfo"], "username");
        if (r["userInfo"].contains("groups") && r["userInfo"]["groups"].is_array())
            for (const auto &g : r["userInfo"]["groups"])
                if (g.is_string())
                    req.groups << QString::fromStdString(g.get<std::string>());
    }
    req.object = r.value("object", json());
    req.oldObject = r.value("oldObject", json());
    req.dryRun = r.value("dryRun", false);
    ++m_reviews;
    const AdmissionResponse res = (*handler)(req);
    json response = {{"uid", req.uid.toStdString()}, {"allowed", res.allowed}};
    if (!res.allowed) {
        ++m_denied;
        response["status"] = {{"code", res.code ? res.code : 403}, {"message", res.message.toStdString()}};
    }
    if (res.patch) {
        response["patchType"] = "JSONPatch";
        response["patch"] = QByteArray::fromStdString(res.patch->dump()).toBase64().toStdString();
    }
    if (!res.warnings.isEmpty()) {
        response["warnings"] = json::array();
        for (const QString &w : res.warnings)
            response["warnings"].push_back(w.toStdString());
    }
    json out = {{"apiVersion", in.value("apiVersion", "admission.k8s.io/v1")}, {"kind", "AdmissionReview"}, {"response", response}};
    return QByteArray::fromStdString(out.dump());
}

} // namespace spillway::webhook
