#include "console/PodExecSession.h"

#include "console/ClientThread.h"
#include "kube/KubeClient.h"
#include "kube/StreamUpgrade.h"
#include "kube/WebSocketFrames.h"

#include <QRandomGenerator>
#include <QSslSocket>

#include <atomic>
#include <optional>

namespace spillway::console {

namespace rc = kube::remotecommand;
namespace ws = kube::websocket;

namespace {
constexpr qint64 kReadChunk = 64 * 1024;
}

// The session's half on the client's thread: the upgrade, the socket and the frames. Created and
// deleted there by the session (ClientThread::onThread), so nothing it posts outlives stop().
class PodExecSession::Connection : public QObject
{
public:
    Connection(PodExecSession *owner, quint64 generation, kube::KubeClient *client, std::function<quint32()> random)
        : m_owner(owner), m_generation(generation), m_client(client), m_random(std::move(random))
    {
    }

    void open(const QByteArray &target, const QString &describe, int columns, int rows)
    {
        m_describe = describe;
        QByteArray nonce(16, Qt::Uninitialized);
        for (int i = 0; i < nonce.size(); i += 4) {
            const quint32 r = m_random();
            for (int b = 0; b < 4; ++b)
                nonce[i + b] = char(r >> (8 * b));
        }
        const QByteArray key = nonce.toBase64();
        kube::UpgradeRequest request;
        request.method = "GET";
        request.target = target;
        request.describe = describe;
        request.headers = {{"Upgrade", "websocket"},
                           {"Sec-WebSocket-Version", "13"},
                           {"Sec-WebSocket-Key", key},
                           {"Sec-WebSocket-Protocol", rc::kProtocol}};
        m_early.append(rc::resizeMessage(columns, rows));   // the TTY's first size, before any input
        kube::openUpgrade(*m_client, request, this, [this, key, target](Result<kube::UpgradeResponse> r) { upgraded(std::move(r), key, target); });
    }

    void sendMessage(const QByteArray &payload)
    {
        if (m_finished)
            return;
        if (!m_socket) {
            m_early.append(payload);
            return;
        }
        m_socket->write(ws::encodeClientFrame(ws::Opcode::Binary, payload, m_random()));
    }

    // Reads what the socket holds while the owner keeps up; ALL: to the end, whatever waits.
    void drain(bool all = false)
    {
        if (!m_socket || m_finished)
            return;
        QByteArray out;
        while (m_socket->bytesAvailable() > 0 && (all || m_pending->load() + out.size() < kMaxPendingOutput)) {
            auto messages = m_decoder.feed(m_socket->read(kReadChunk));
            if (!messages) {
                deliver(out);
                fail(messages.error());
                return;
            }
            for (const ws::Message &m : *messages)
                handle(m, out);
            if (m_closed)
                break;
        }
        deliver(out);
        if (m_closed)
            finish(QString());
    }

private:
    Error contextual(Error e) const
    {
        e.cluster = m_client->clusterLabel();
        if (e.resource.isEmpty())
            e.resource = m_describe;
        return e;
    }

    void upgraded(Result<kube::UpgradeResponse> r, const QByteArray &key, const QByteArray &target)
    {
        if (!r) {
            fail(r.error());
            return;
        }
        if (r->status != 101) {
            kube::KubeRequest request;
            request.path = QString::fromUtf8(target.left(target.indexOf('?')));
            request.describe = m_describe;
            fail(m_client->errorFromResponse(request, r->status, r->rest));
            return;
        }
        m_socket = r->socket;
        m_socket->setParent(this);
        if (kube::headerValue(r->head, "sec-websocket-accept") != ws::acceptFor(key)) {
            fail(Error::of(Error::Kind::Decode, QStringLiteral("the apiserver's answer to the terminal's WebSocket handshake is not valid"),
                           QStringLiteral("a proxy between the console and the apiserver may not pass WebSocket traffic through")));
            return;
        }
        if (kube::headerValue(r->head, "sec-websocket-protocol") != rc::kProtocol) {
            fail(Error::of(Error::Kind::Api, QStringLiteral("the apiserver does not speak %1, the terminal's protocol").arg(QLatin1String(rc::kProtocol)),
                           QStringLiteral("Kubernetes 1.30 or later speaks it; use kubectl exec against older clusters")));
            return;
        }
        // The socket's buffer is bounded so that, while the console lags, TCP slows the pod.
        m_socket->setReadBufferSize(kReadChunk);
        connect(m_socket, &QSslSocket::readyRead, this, [this] { drain(); });
        connect(m_socket, &QAbstractSocket::disconnected, this, [this] { ended(); });
        connect(m_socket, &QAbstractSocket::errorOccurred, this, [this] { ended(); });
        toOwner([](PodExecSession &o) { emit o.opened(); });
        for (const QByteArray &payload : std::exchange(m_early, {}))
            sendMessage(payload);
        if (!r->rest.isEmpty()) {
            QByteArray out;
            auto messages = m_decoder.feed(r->rest);
            if (!messages) {
                fail(messages.error());
                return;
            }
            for (const ws::Message &m : *messages)
                handle(m, out);
            deliver(out);
        }
        drain();
    }

    void handle(const ws::Message &m, QByteArray &out)
    {
        switch (m.opcode) {
        case ws::Opcode::Binary:
        case ws::Opcode::Text: {
            if (m.payload.isEmpty())
                return;
            const quint8 channel = quint8(m.payload.front());
            if (channel == rc::Stdout || channel == rc::Stderr)
                out.append(m.payload.constData() + 1, m.payload.size() - 1);
            else if (channel == rc::StatusChannel)
                m_status = rc::parseExitStatus(m.payload.mid(1));
            return;
        }
        case ws::Opcode::Ping:
            m_socket->write(ws::encodeClientFrame(ws::Opcode::Pong, m.payload, m_random()));
            return;
        case ws::Opcode::Close:
            m_socket->write(ws::encodeClientFrame(ws::Opcode::Close, m.payload.left(2), m_random()));
            m_closed = true;
            return;
        default:
            return;
        }
    }

    void deliver(const QByteArray &out)
    {
        if (out.isEmpty())
            return;
        const qint64 size = out.size();
        m_pending->fetch_add(size);
        toOwner([out, size, pending = m_pending](PodExecSession &o) {
            emit o.output(out);
            const qint64 before = pending->fetch_sub(size);
            if (before >= kMaxPendingOutput && before - size < kMaxPendingOutput)
                o.toConnection([](Connection &c) { c.drain(); });
        });
    }

    void ended()
    {
        if (m_finished)
            return;
        const QString why = m_socket && m_socket->error() != QAbstractSocket::RemoteHostClosedError ? m_socket->errorString() : QString();
        drain(true);   // what the pod wrote before the end is shown
        finish(why);
    }

    // The stream is over: how the command ended, or why the stream broke off without saying.
    void finish(const QString &socketError)
    {
        if (m_finished)
            return;
        m_finished = true;
        if (m_socket) {
            m_socket->disconnect(this);
            m_socket->disconnectFromHost();
        }
        if (m_status && (m_status->success || m_status->exitCode >= 0)) {
            toOwner([code = m_status->exitCode](PodExecSession &o) { emit o.exited(code); });
            return;
        }
        if (m_status && m_status->parsed) {
            fail(Error::of(Error::Kind::Api, m_status->message.isEmpty() ? QStringLiteral("the command failed") : m_status->message));
            return;
        }
        QString message = QStringLiteral("the connection closed before the command ended");
        if (!socketError.isEmpty())
            message += QStringLiteral(": ") + socketError;
        fail(Error::of(Error::Kind::Transport, message,
                       QStringLiteral("the apiserver, or for an offloaded pod the virtual kubelet or the provider cluster, went away; open the terminal again")));
    }

    void fail(const Error &e)
    {
        m_finished = true;
        if (m_socket)
            m_socket->disconnect(this);
        toOwner([e = contextual(e)](PodExecSession &o) { emit o.failed(e); });
    }

    // Runs WHAT on the owner's thread unless the owner has stopped this connection since.
    void toOwner(std::function<void(PodExecSession &)> what)
    {
        QMetaObject::invokeMethod(m_owner, [o = m_owner, generation = m_generation, what = std::move(what)] {
            if (o->m_generation == generation)
                what(*o);
        }, Qt::QueuedConnection);
    }

    PodExecSession *m_owner;
    quint64 m_generation;
    kube::KubeClient *m_client;
    // Output posted to the owner and not yet emitted there.
    std::shared_ptr<std::atomic<qint64>> m_pending = std::make_shared<std::atomic<qint64>>(0);
    std::function<quint32()> m_random;
    QString m_describe;
    QSslSocket *m_socket = nullptr;
    ws::FrameDecoder m_decoder;
    QList<QByteArray> m_early;   // sent before the upgrade completed
    std::optional<rc::ExitStatus> m_status;
    bool m_closed = false, m_finished = false;
};

PodExecSession::PodExecSession(std::shared_ptr<ClientThread> client, QString ns, QString pod, kube::remotecommand::ExecOptions options,
                               std::function<quint32()> random, QObject *parent)
    : QObject(parent), m_client(std::move(client)), m_ns(std::move(ns)), m_pod(std::move(pod)), m_options(std::move(options)),
      m_random(random ? std::move(random) : std::function<quint32()>([] { return QRandomGenerator::system()->generate(); }))
{
}

PodExecSession::~PodExecSession()
{
    stop();
}

void PodExecSession::post(std::function<void()> what)
{
    QMetaObject::invokeMethod(this, std::move(what), Qt::QueuedConnection);
}

void PodExecSession::toConnection(std::function<void(Connection &)> what)
{
    if (Connection *c = m_connection)
        QMetaObject::invokeMethod(c, [c, what = std::move(what)] { what(*c); }, Qt::QueuedConnection);
}

void PodExecSession::start(int columns, int rows)
{
    stop();
    if (!m_client->client()) {
        Error e = *m_client->error();
        post([this, e] { emit failed(e); });
        return;
    }
    const QString describe = QStringLiteral("pods %1/%2 %3").arg(m_ns, m_pod, m_options.attach ? QStringLiteral("attach") : QStringLiteral("exec"));
    const QByteArray target = rc::target(m_ns, m_pod, m_options);
    m_client->onThread([&] {
        m_connection = new Connection(this, m_generation, m_client->client(), m_random);
        m_connection->open(target, describe, columns, rows);
    });
}

void PodExecSession::send(const QByteArray &input)
{
    if (!input.isEmpty())
        toConnection([input](Connection &c) { c.sendMessage(rc::message(rc::Stdin, input)); });
}

void PodExecSession::resize(int columns, int rows)
{
    toConnection([columns, rows](Connection &c) { c.sendMessage(rc::resizeMessage(columns, rows)); });
}

void PodExecSession::closeInput()
{
    toConnection([](Connection &c) { c.sendMessage(rc::closeStdinMessage()); });
}

void PodExecSession::stop()
{
    ++m_generation;   // what the connection posted before this is dropped on arrival
    if (!m_connection)
        return;
    // On the client's thread, where the connection lives: once this returns it posts nothing more.
    m_client->onThread([this] {
        delete m_connection;
        m_connection = nullptr;
    });
}

} // namespace spillway::console
