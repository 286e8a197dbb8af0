#include "virtualkubelet/KubeletServer.h"

#include "kube/SocketSplice.h"
#include "kube/StreamUpgrade.h"
#include "observe/Log.h"
#include "virtualkubelet/RemoteCommandWatch.h"

#include <QPointer>
#include <QSslKey>
#include <QSslServer>
#include <QSslSocket>
#include <QTimer>

#include <nlohmann/json.hpp>

namespace spillway::virtualkubelet {

using nlohmann::json;

namespace {

const char *const kBufferProperty = "spillwayKubeletBuffer";     // the request header so far
const char *const kAnsweredProperty = "spillwayKubeletAnswered"; // its request is being (or was) answered
const char *const kUpgradingProperty = "spillwayKubeletUpgrading"; // what follows the head belongs to a stream
constexpr qsizetype kMaxHeaderBytes = 16 * 1024;
constexpr int kHeaderTimeoutMs = 15000;

QByteArray statusLine(int status)
{
    switch (status) {
    case 200: return "200 OK";
    case 400: return "400 Bad Request";
    case 401: return "401 Unauthorized";
    case 403: return "403 Forbidden";
    case 404: return "404 Not Found";
    case 405: return "405 Method Not Allowed";
    case 431: return "431 Request Header Fields Too Large";
    case 502: return "502 Bad Gateway";
    default: return QByteArray::number(status) + (status < 500 ? " Bad Request" : " Internal Server Error");
    }
}

// The apiserver hands a kubelet's error body to the user as the message; plain text reads best.
void replyAndClose(QSslSocket *socket, int status, const QString &text)
{
    const QByteArray body = text.toUtf8() + '\n';
    socket->write("HTTP/1.1 " + statusLine(status) + "\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: "
                  + QByteArray::number(body.size()) + "\r\nConnection: close\r\n\r\n" + body);
    socket->disconnectFromHost();
}

// The upgrade offer passed on to the provider: the protocol and the versions of it the caller
// speaks. Nothing else of the caller's head (its identity least of all) crosses.
QList<QPair<QByteArray, QByteArray>> upgradeOffer(const QByteArray &head)
{
    static const QList<QByteArray> kOffered = {"upgrade", "x-stream-protocol-version", "sec-websocket-key", "sec-websocket-version",
                                               "sec-websocket-protocol"};
    QList<QPair<QByteArray, QByteArray>> out;
    for (const auto &field : kube::headerFields(head))
        if (kOffered.contains(field.first.toLower()))
            out.append(field);
    return out;
}

const char *streamName(KubeletRequest::Kind kind)
{
    switch (kind) {
    case KubeletRequest::Kind::Exec: return "exec";
    case KubeletRequest::Kind::Attach: return "attach";
    default: return "portforward";
    }
}

void writeChunk(QSslSocket *socket, const QByteArray &data)
{
    if (data.isEmpty())
        return;
    socket->write(QByteArray::number(data.size(), 16) + "\r\n" + data + "\r\n");
}

} // namespace

KubeletServer::KubeletServer(kube::KubeClient *consumer, kube::KubeClient *provider, RemoteNamespaceOf remoteOf, Options options,
                             QObject *parent)
    : QObject(parent), m_consumer(consumer), m_provider(provider), m_remoteOf(std::move(remoteOf)), m_options(std::move(options))
{
    m_tls = QSslConfiguration::defaultConfiguration();
    m_tls.setLocalCertificateChain(QSslCertificate::fromData(m_options.certPem));
    QSslKey key(m_options.keyPem, QSsl::Ec);
    if (key.isNull())
        key = QSslKey(m_options.keyPem, QSsl::Rsa);
    m_tls.setPrivateKey(key);
    // Only the cluster's client CA vouches for callers; without a certificate there is no handshake.
    m_tls.setCaCertificates(m_options.clientCa);
    m_tls.setPeerVerifyMode(QSslSocket::VerifyPeer);
    m_tls.setAllowedNextProtocols({QByteArrayLiteral("http/1.1")});
}

KubeletServer::~KubeletServer() = default;

quint16 KubeletServer::port() const
{
    return m_server ? m_server->serverPort() : 0;
}

Result<quint16> KubeletServer::listen()
{
    if (m_tls.localCertificate().isNull() || m_tls.privateKey().isNull())
        return Error::of(Error::Kind::Tls, QStringLiteral("the kubelet endpoint has no usable serving certificate and key"));
    if (m_options.clientCa.isEmpty())
        return Error::of(Error::Kind::Config, QStringLiteral("the kubelet endpoint has no client CA to check the apiserver's certificate against"),
                         QStringLiteral("let the virtual kubelet read kube-system/extension-apiserver-authentication (client-ca-file)"));
    delete m_server;
    m_server = new QSslServer(this);
    m_server->setSslConfiguration(m_tls);
    m_server->setHandshakeTimeout(10000);
    connect(m_server, &QTcpServer::pendingConnectionAvailable, this, &KubeletServer::onConnection);
    // A caller without a certificate the client CA vouches for never gets past the handshake.
    connect(m_server, &QSslServer::sslErrors, this, [this](QSslSocket *, const QList<QSslError> &) { ++m_stats.denied; });
    if (!m_server->listen(m_options.address, m_options.port))
        return Error::of(Error::Kind::Transport,
                         QStringLiteral("the kubelet endpoint cannot listen on %1:%2: %3").arg(m_options.address.toString()).arg(m_options.port).arg(m_server->errorString()),
                         QStringLiteral("pick another --kubelet-port or stop what holds it"));
    return m_server->serverPort();
}

void KubeletServer::onConnection()
{
    while (auto *socket = qobject_cast<QSslSocket *>(m_server->nextPendingConnection())) {
        connect(socket, &QSslSocket::disconnected, socket, &QObject::deleteLater);
        // A request header that never completes does not hold a connection open.
        QTimer::singleShot(kHeaderTimeoutMs, socket, [this, socket] {
            if (!socket->property(kAnsweredProperty).toBool()) {
                ++m_stats.malformed;
                socket->abort();
            }
        });
        connect(socket, &QSslSocket::readyRead, this, [this, socket] {
            if (socket->property(kUpgradingProperty).toBool())
                return;   // the stream's bytes wait in the socket (bounded) until the splice reads them
            if (socket->property(kAnsweredProperty).toBool())
                return socket->readAll(), void();   // one request per connection; the rest is ignored
            QByteArray buf = socket->property(kBufferProperty).toByteArray() + socket->readAll();
            const qsizetype end = buf.indexOf("\r\n\r\n");
            const bool tooLarge = end < 0 && buf.size() > kMaxHeaderBytes;
            if (end < 0 && !tooLarge) {
                socket->setProperty(kBufferProperty, buf);
                return;
            }
            socket->setProperty(kBufferProperty, QVariant());
            socket->setProperty(kAnsweredProperty, true);
            if (tooLarge) {
                ++m_stats.malformed;
                replyAndClose(socket, 431, QStringLiteral("request header too large"));
                return;
            }
            const QList<QByteArray> requestLine = buf.left(buf.indexOf("\r\n")).split(' ');
            if (requestLine.size() != 3 || !requestLine[2].startsWith("HTTP/1.")) {
                ++m_stats.malformed;
                replyAndClose(socket, 400, QStringLiteral("malformed request line"));
                return;
            }
            Incoming incoming{parseKubeletRequest(requestLine[0], requestLine[1]), buf.left(end + 4), buf.mid(end + 4)};
            if (incoming.request.isStreaming()) {
                socket->setProperty(kUpgradingProperty, true);
                socket->setReadBufferSize(256 * 1024);
            }
            onHeader(socket, incoming);
        });
    }
}

void KubeletServer::onHeader(QSslSocket *socket, const Incoming &incoming)
{
    const KubeletRequest &request = incoming.request;
    const auto access = accessFor(request);
    if (!access) {
        ++m_stats.malformed;
        replyAndClose(socket, 404, QStringLiteral("a virtual kubelet serves /containerLogs, /exec and /attach/{namespace}/{pod}/{container}, "
                                                  "/portForward/{namespace}/{pod} and /metrics/resource only"));
        return;
    }
    if (request.isStreaming()) {
        if (request.method != "POST" && request.method != "GET") {
            replyAndClose(socket, 405, QStringLiteral("%1 is served for POST and GET only").arg(QLatin1String(streamName(request.kind))));
            return;
        }
        if (kube::headerValue(incoming.head, "upgrade").isEmpty() || !kube::headerValue(incoming.head, "connection").toLower().contains("upgrade")) {
            ++m_stats.malformed;
            replyAndClose(socket, 400, QStringLiteral("Upgrade request required: %1 is a stream (SPDY/3.1 or WebSocket)")
                                           .arg(QLatin1String(streamName(request.kind))));
            return;
        }
    } else if (request.method != "GET") {
        replyAndClose(socket, 405, QStringLiteral("only GET is served"));
        return;
    }
    if (access->verb.isEmpty()) {   // healthz
        replyAndClose(socket, 200, QStringLiteral("ok"));
        return;
    }
    authorize(socket, incoming, *access);
}

void KubeletServer::authorize(QSslSocket *socket, const Incoming &incoming, const NodeAccess &access)
{
    const QSslCertificate peer = socket->peerCertificate();
    const QString user = peer.subjectInfo(QSslCertificate::CommonName).value(0);
    if (peer.isNull() || user.isEmpty()) {
        ++m_stats.denied;
        replyAndClose(socket, 401, QStringLiteral("Unauthorized: a client certificate from the cluster's client CA is required"));
        return;
    }
    json groups = json::array();
    for (const QString &g : peer.subjectInfo(QSslCertificate::Organization))
        groups.push_back(g.toStdString());
    const json review = {{"apiVersion", "authorization.k8s.io/v1"}, {"kind", "SubjectAccessReview"},
                         {"spec", {{"user", user.toStdString()}, {"groups", groups},
                                   {"resourceAttributes", {{"verb", access.verb.toStdString()}, {"resource", "nodes"},
                                                           {"subresource", access.subresource.toStdString()}, {"name", m_options.nodeName.toStdString()}}}}}};
    kube::KubeRequest req;
    req.verb = "POST";
    req.path = QStringLiteral("/apis/authorization.k8s.io/v1/subjectaccessreviews");
    req.body = QByteArray::fromStdString(review.dump());
    req.describe = QStringLiteral("subjectaccessreview for %1").arg(user);
    QPointer<QSslSocket> guard(socket);
    m_consumer->send(req, [this, guard, incoming, access, user](Result<kube::KubeResponse> r) {
        const KubeletRequest &request = incoming.request;
        if (!guard)
            return;
        if (!r) {
            replyAndClose(guard, 500, QStringLiteral("cannot authorize %1: %2").arg(user, r.error().toString()));
            return;
        }
        const json status = json::parse(r->body.toStdString(), nullptr, false).value("status", json::object());
        if (!status.value("allowed", false)) {
            ++m_stats.denied;
            observe::log("warn", QStringLiteral("kubelet-server"), QStringLiteral("request denied"),
                         {{"user", user}, {"verb", access.verb}, {"resource", QStringLiteral("nodes/") + access.subresource}});
            replyAndClose(guard, 403, QStringLiteral("Forbidden (user=%1, verb=%2, resource=nodes, subresource=%3)").arg(user, access.verb, access.subresource));
            return;
        }
        if (request.kind == KubeletRequest::Kind::ResourceMetrics)
            serveResourceMetrics(guard);
        else if (request.isStreaming())
            bridgeStream(guard, incoming);
        else
            streamLogs(guard, request);
    });
}

void KubeletServer::serveResourceMetrics(QSslSocket *socket)
{
    if (!m_resourceMetrics) {
        replyAndClose(socket, 404, QStringLiteral("node %1 serves no resource metrics").arg(m_options.nodeName));
        return;
    }
    QPointer<QSslSocket> guard(socket);
    m_resourceMetrics([this, guard](Result<QByteArray> body) {
        if (!guard)
            return;
        if (!body) {
            replyAndClose(guard, 502, QStringLiteral("the provider: %1").arg(body.error().toString()));
            return;
        }
        guard->write("HTTP/1.1 200 OK\r\nContent-Type: text/plain; version=0.0.4; charset=utf-8\r\nContent-Length: "
                     + QByteArray::number(body->size()) + "\r\nConnection: close\r\n\r\n" + *body);
        guard->disconnectFromHost();
        ++m_stats.served;
    });
}

void KubeletServer::bridgeStream(QSslSocket *socket, const Incoming &incoming)
{
    const KubeletRequest &request = incoming.request;
    const QString remoteNs = m_remoteOf(request.ns, request.pod);
    if (remoteNs.isEmpty()) {
        replyAndClose(socket, 404, QStringLiteral("pod %1/%2 is not offloaded through node %3").arg(request.ns, request.pod, m_options.nodeName));
        return;
    }
    kube::UpgradeRequest upgrade;
    // The apiserver asks kubelets by POST for SPDY; a WebSocket handshake must be a GET.
    upgrade.method = kube::headerValue(incoming.head, "upgrade").toLower() == "websocket" ? QByteArray("GET") : QByteArray("POST");
    upgrade.target = remoteStreamTarget(request, remoteNs);
    upgrade.headers = upgradeOffer(incoming.head);
    upgrade.describe = QStringLiteral("pods %1/%2 %3 (the twin of %4/%2)").arg(remoteNs, request.pod, QLatin1String(streamName(request.kind)), request.ns);
    QPointer<QSslSocket> guard(socket);
    const QByteArray early = incoming.early;
    const QString describe = upgrade.describe;
    const bool websocket = upgrade.method == "GET";
    const bool remoteCommand = request.kind == KubeletRequest::Kind::Exec || request.kind == KubeletRequest::Kind::Attach;
    const QString dropped = QStringLiteral("Spillway: node %1 lost its connection to the provider during this session with the twin pod %2/%3, "
                                           "before the command's end was known (it may still run there; check the peering with spillctl info "
                                           "and run it again)")
                                .arg(m_options.nodeName, remoteNs, request.pod);
    // The caller's socket is the context: a caller gone before the provider answers cancels it.
    kube::openUpgrade(*m_provider, std::move(upgrade), socket, [this, guard, early, describe, websocket, remoteCommand, dropped](Result<kube::UpgradeResponse> r) {
        if (!guard)
            return;
        if (!r) {
            ++m_stats.streamsFailed;
            replyAndClose(guard, 502, QStringLiteral("the provider: %1").arg(r.error().toString()));
            return;
        }
        if (r->status != 101) {
            ++m_stats.streamsFailed;
            kube::KubeRequest req;
            req.describe = describe;
            const Error e = m_provider->errorFromResponse(req, r->status, r->rest);
            replyAndClose(guard, r->status >= 400 ? r->status : 502, QStringLiteral("the provider: %1").arg(e.toString()));
            return;
        }
        // The provider's 101 names the protocol and version it chose from the caller's offer.
        guard->write(r->head + r->rest);
        if (!early.isEmpty())
            r->socket->write(early);
        disconnect(guard, &QSslSocket::disconnected, guard, &QObject::deleteLater);   // the splice owns it now
        auto *splice = new kube::SocketSplice(guard, r->socket, kube::SocketSplice::kDefaultHighWater, this);
        // SPDY exec and attach of protocol v4 and later end with a Status; if the provider's side
        // drops first, the session ends with Spillway's instead of an empty (successful) one.
        const QByteArray version = kube::headerValue(r->head, "x-stream-protocol-version");
        if (remoteCommand && !websocket && (version.startsWith("v4.") || version.startsWith("v5."))) {
            auto watch = std::make_unique<RemoteCommandWatch>(dropped);
            watch->aToB(early);
            watch->bToA(r->rest);
            splice->setObserver(std::move(watch));
        }
        ++m_stats.served;
        ++m_stats.streaming;
        connect(splice, &kube::SocketSplice::finished, this, [this] { --m_stats.streaming; });
    });
}

void KubeletServer::streamLogs(QSslSocket *socket, const KubeletRequest &request)
{
    const QString remoteNs = m_remoteOf(request.ns, request.pod);
    if (remoteNs.isEmpty()) {
        replyAndClose(socket, 404, QStringLiteral("pod %1/%2 is not offloaded through node %3").arg(request.ns, request.pod, m_options.nodeName));
        return;
    }
    kube::KubeRequest req;
    req.path = remoteLogPath(remoteNs, request.pod);
    req.query = remoteLogQuery(request);
    req.accept = "*/*";
    req.describe = QStringLiteral("pods %1/%2 log (the twin of %3/%2)").arg(remoteNs, request.pod, request.ns);
    QPointer<QSslSocket> guard(socket);
    m_provider->openStream(req, [this, guard, req](Result<QNetworkReply *> opened) {
        if (!opened) {
            if (guard)
                replyAndClose(guard, 502, QStringLiteral("the provider: %1").arg(opened.error().toString()));
            return;
        }
        QNetworkReply *reply = *opened;
        if (!guard) {
            reply->abort();
            reply->deleteLater();
            return;
        }
        reply->setParent(guard);   // a caller that hangs up ends the stream
        auto started = std::make_shared<bool>(false);
        connect(reply, &QNetworkReply::readyRead, guard, [guard, reply, started] {
            if (reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt() != 200)
                return;   // the error body is read when the reply finishes
            if (!*started) {
                *started = true;
                guard->write("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n");
            }
            writeChunk(guard, reply->readAll());
        });
        connect(reply, &QNetworkReply::finished, guard, [this, guard, reply, started, req] {
            reply->deleteLater();
            const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
            if (*started) {
                writeChunk(guard, reply->readAll());
                guard->write("0\r\n\r\n");
                guard->disconnectFromHost();
                ++m_stats.served;
                return;
            }
            if (status == 200) {
                guard->write("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
                guard->disconnectFromHost();
                ++m_stats.served;
                return;
            }
            const Error e = status ? m_provider->errorFromResponse(req, status, reply->readAll()) : m_provider->errorFromNetwork(req, reply);
            replyAndClose(guard, status >= 400 ? status : 502, QStringLiteral("the provider: %1").arg(e.toString()));
        });
    });
}

} // namespace spillway::virtualkubelet
