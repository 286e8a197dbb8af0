#include "kube/StreamUpgrade.h"

#include "common/Version.h"
#include "kube/KubeClient.h"
#include "kube/TlsSetup.h"

#include <QPointer>
#include <QSslSocket>
#include <QTimer>
#include <QUrl>

#include <memory>

namespace spillway::kube {

namespace {

constexpr qsizetype kMaxHeadBytes = 64 * 1024;
constexpr qsizetype kMaxErrorBodyBytes = 1024 * 1024;

// A body framed by Content-Length, by chunks, or by the connection's end: whether BODY is all of it.
bool bodyComplete(const QByteArray &head, const QByteArray &body)
{
    const QByteArray length = headerValue(head, "content-length");
    if (!length.isEmpty())
        return body.size() >= length.trimmed().toLongLong();
    if (headerValue(head, "transfer-encoding").toLower().contains("chunked"))
        return body.endsWith("0\r\n\r\n");
    return false;
}

QByteArray dechunk(const QByteArray &head, const QByteArray &body)
{
    if (!headerValue(head, "transfer-encoding").toLower().contains("chunked"))
        return body;
    QByteArray out;
    qsizetype at = 0;
    while (at < body.size()) {
        const qsizetype eol = body.indexOf("\r\n", at);
        if (eol < 0)
            break;
        bool ok = false;
        const qsizetype size = body.mid(at, eol - at).split(';').front().trimmed().toLongLong(&ok, 16);
        if (!ok || size <= 0)
            break;
        out += body.mid(eol + 2, size);
        at = eol + 2 + size + 2;
    }
    return out;
}

} // namespace

int statusOfHead(const QByteArray &head)
{
    const qsizetype eol = head.indexOf("\r\n");
    const QList<QByteArray> parts = head.left(eol < 0 ? head.size() : eol).split(' ');
    if (parts.size() < 2 || !parts[0].startsWith("HTTP/1."))
        return 0;
    bool ok = false;
    const int status = parts[1].toInt(&ok);
    return ok && status >= 100 && status <= 599 ? status : 0;
}

QList<QPair<QByteArray, QByteArray>> headerFields(const QByteArray &head)
{
    QList<QPair<QByteArray, QByteArray>> fields;
    const QList<QByteArray> lines = head.split('\n');
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const qsizetype colon = lines[i].indexOf(':');
        if (colon > 0)
            fields.append({lines[i].left(colon).trimmed(), lines[i].mid(colon + 1).trimmed()});
    }
    return fields;
}

QByteArray headerValue(const QByteArray &head, const QByteArray &name)
{
    for (const auto &[field, value] : headerFields(head))
        if (field.toLower() == name.toLower())
            return value;
    return {};
}

void openUpgrade(KubeClient &client, UpgradeRequest request, QObject *context, std::function<void(Result<UpgradeResponse>)> done)
{
    const RestConfig &config = client.config();
    auto fail = [cluster = client.clusterLabel(), resource = request.describe](Error::Kind kind, const QString &message, const QString &hint = {}) {
        Error e = Error::of(kind, message, hint);
        e.cluster = cluster;
        e.resource = resource;
        return e;
    };
    KubeRequest probe;
    probe.path = QStringLiteral("/");
    auto prepared = client.authenticatedRequest(probe);
    if (!prepared) {
        Error e = prepared.error();
        e.resource = request.describe;
        QTimer::singleShot(0, context, [done, e] { done(e); });
        return;
    }
    const QUrl server(config.server);
    QString base = server.path();
    while (base.endsWith(QLatin1Char('/')))
        base.chop(1);
    const quint16 port = quint16(server.port(server.scheme() == QLatin1String("http") ? 80 : 443));

    auto *socket = new QSslSocket(context);
    QSslConfiguration tls = prepared->sslConfiguration();
    tls.setAllowedNextProtocols({QByteArrayLiteral("http/1.1")});   // an upgrade is HTTP/1.1 only
    socket->setSslConfiguration(tls);
    if (!config.proxyUrl.isEmpty()) {
        if (auto proxy = proxyFromUrl(config.proxyUrl))
            socket->setProxy(*proxy);
    } else {
        socket->setProxy(QNetworkProxy::NoProxy);
    }

    QByteArray head = request.method + ' ' + base.toUtf8() + request.target + " HTTP/1.1\r\n";
    head += "Host: " + server.host(QUrl::FullyEncoded).toUtf8() + ':' + QByteArray::number(port) + "\r\n";
    head += "User-Agent: spillway/" + Version::current().toString().toLatin1() + "\r\n";
    if (const QByteArray auth = prepared->rawHeader("Authorization"); !auth.isEmpty())
        head += "Authorization: " + auth + "\r\n";
    head += "Connection: Upgrade\r\n";
    for (const auto &[name, value] : request.headers)
        head += name + ": " + value + "\r\n";
    if (request.method != "GET")
        head += "Content-Length: 0\r\n";
    head += "\r\n";

    // Everything below runs once: whichever of answer, error or timeout comes first.
    struct State {
        std::function<void(Result<UpgradeResponse>)> done;
        QByteArray buffer, head;
        int status = 0;
        bool finished = false;
    };
    auto state = std::make_shared<State>();
    state->done = std::move(done);
    QPointer<QSslSocket> guard(socket);
    auto finish = [state, guard](Result<UpgradeResponse> r) {
        if (state->finished)
            return;
        state->finished = true;
        if (guard) {
            QObject::disconnect(guard, nullptr, guard, nullptr);
            if (!r || r->status != 101)
                guard->deleteLater();
        }
        state->done(std::move(r));
    };
    const QString what = QStringLiteral("%1 (%2)").arg(request.describe, config.server);
    auto *timer = new QTimer(socket);
    timer->setSingleShot(true);
    QObject::connect(timer, &QTimer::timeout, socket, [finish, fail, what, timeoutMs = config.timeoutMs] {
        finish(fail(Error::Kind::Timeout, QStringLiteral("no answer to the stream request %1 within %2 ms").arg(what).arg(timeoutMs),
                    QStringLiteral("check that the apiserver is reachable and not overloaded")));
    });
    timer->start(config.timeoutMs);
    QObject::connect(socket, &QSslSocket::encrypted, socket, [socket, head] { socket->write(head); });
    QObject::connect(socket, &QAbstractSocket::errorOccurred, socket, [socket, state, finish, fail, what](QAbstractSocket::SocketError error) {
        if (state->status && error == QAbstractSocket::RemoteHostClosedError) {   // a body framed by the close
            finish(UpgradeResponse{state->status, state->head, dechunk(state->head, state->buffer + socket->readAll()), nullptr});
            return;
        }
        const bool tlsFailure = error == QAbstractSocket::SslHandshakeFailedError || error == QAbstractSocket::SslInvalidUserDataError;
        finish(fail(tlsFailure ? Error::Kind::Tls : Error::Kind::Transport,
                    QStringLiteral("the stream request %1 failed: %2").arg(what, socket->errorString()),
                    tlsFailure ? QStringLiteral("check the kubeconfig's certificate-authority and client certificate") : QString()));
    });
    QObject::connect(socket, &QSslSocket::readyRead, socket, [socket, state, finish, fail, what, timer] {
        state->buffer += socket->readAll();
        if (!state->status) {
            const qsizetype end = state->buffer.indexOf("\r\n\r\n");
            if (end < 0) {
                if (state->buffer.size() > kMaxHeadBytes)
                    finish(fail(Error::Kind::Decode, QStringLiteral("the answer to %1 has a head over %2 bytes").arg(what).arg(kMaxHeadBytes)));
                return;
            }
            state->head = state->buffer.left(end + 4);
            state->buffer.remove(0, end + 4);
            state->status = statusOfHead(state->head);
            if (!state->status) {
                finish(fail(Error::Kind::Decode, QStringLiteral("the answer to %1 is not HTTP/1.1").arg(what)));
                return;
            }
            if (state->status == 101) {
                timer->deleteLater();
                finish(UpgradeResponse{101, state->head, state->buffer, socket});
                return;
            }
        }
        if (bodyComplete(state->head, state->buffer) || state->buffer.size() > kMaxErrorBodyBytes)
            finish(UpgradeResponse{state->status, state->head, dechunk(state->head, state->buffer), nullptr});
    });
    if (!config.tlsServerName.isEmpty())
        socket->setPeerVerifyName(config.tlsServerName);
    if (server.scheme() == QLatin1String("http"))
        QTimer::singleShot(0, socket, [finish, fail, what] {
            finish(fail(Error::Kind::Config, QStringLiteral("%1: streams are spoken over https only").arg(what)));
        });
    else
        socket->connectToHostEncrypted(server.host(), port);
}

} // namespace spillway::kube
