#include "console/PodLogFollower.h"

#include "console/ClientThread.h"
#include "kube/KubeClient.h"

#include <QNetworkReply>
#include <QUrl>

namespace spillway::console {

QStringList LogLineSplitter::feed(const QByteArray &bytes)
{
    m_partial += bytes;
    QStringList out;
    qsizetype from = 0;
    for (qsizetype nl = m_partial.indexOf('\n'); nl >= 0; nl = m_partial.indexOf('\n', from)) {
        qsizetype end = nl;
        if (end > from && m_partial.at(end - 1) == '\r')
            --end;
        out << QString::fromUtf8(m_partial.constData() + from, end - from);
        from = nl + 1;
    }
    m_partial.remove(0, from);
    return out;
}

QString LogLineSplitter::rest()
{
    QByteArray last;
    last.swap(m_partial);
    if (last.endsWith('\r'))
        last.chop(1);
    return QString::fromUtf8(last);
}

PodLogFollower::PodLogFollower(std::shared_ptr<ClientThread> client, QString ns, QString pod, LogOptions options, QObject *parent)
    : QObject(parent), m_client(std::move(client)), m_ns(std::move(ns)),
      m_pod(std::move(pod)), m_options(std::move(options))
{
}

PodLogFollower::~PodLogFollower()
{
    stop();
}

void PodLogFollower::post(std::function<void()> what)
{
    // Queued to this object: dropped with it, and never after stop() (which waits on the thread).
    QMetaObject::invokeMethod(this, std::move(what), Qt::QueuedConnection);
}

void PodLogFollower::start()
{
    stop();
    if (!m_client->client()) {
        Error e = *m_client->error();
        post([this, e] { emit failed(e); });
        return;
    }
    kube::KubeRequest request;
    request.path = QStringLiteral("/api/v1/namespaces/%1/pods/%2/log").arg(QString::fromLatin1(QUrl::toPercentEncoding(m_ns)),
                                                                            QString::fromLatin1(QUrl::toPercentEncoding(m_pod)));
    if (!m_options.container.isEmpty())
        request.query.addQueryItem(QStringLiteral("container"), m_options.container);
    if (m_options.follow)
        request.query.addQueryItem(QStringLiteral("follow"), QStringLiteral("true"));
    if (m_options.tailLines >= 0)
        request.query.addQueryItem(QStringLiteral("tailLines"), QString::number(m_options.tailLines));
    request.accept = "*/*";
    request.describe = QStringLiteral("log of pod %1/%2").arg(m_ns, m_pod) +
                       (m_options.container.isEmpty() ? QString() : QStringLiteral(" (container %1)").arg(m_options.container));
    kube::KubeClient *client = m_client->client();
    m_client->onThread([this, client, request] {
        auto stream = std::make_shared<Stream>();
        m_stream = stream;
        client->openStream(request, [this, client, request, stream](Result<QNetworkReply *> opened) {
            if (stream->stopped) {   // stop() came first: the reply is not wanted
                if (opened)
                    (*opened)->deleteLater();
                return;
            }
            if (!opened) {
                Error e = opened.error();
                post([this, e] { emit failed(e); });
                return;
            }
            QNetworkReply *reply = stream->reply = *opened;
            auto isOk = [reply] { return reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt() == 200; };
            connect(reply, &QNetworkReply::readyRead, reply, [this, stream, reply, isOk] {
                if (!isOk())
                    return;   // the error body is read when the reply finishes
                QStringList batch = stream->splitter.feed(reply->readAll());
                if (!batch.isEmpty())
                    post([this, batch] { emit lines(batch); });
            });
            connect(reply, &QNetworkReply::finished, reply, [this, client, request, stream, reply, isOk] {
                stream->reply = nullptr;
                reply->deleteLater();
                const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
                if (status != 0 && !isOk()) {
                    Error e = client->errorFromResponse(request, status, reply->readAll());
                    post([this, e] { emit failed(e); });
                    return;
                }
                QStringList batch = stream->splitter.feed(reply->readAll());
                if (const QString last = stream->splitter.rest(); !last.isEmpty())
                    batch << last;
                if (!batch.isEmpty())
                    post([this, batch] { emit lines(batch); });
                if (reply->error() != QNetworkReply::NoError) {
                    Error e = client->errorFromNetwork(request, reply);
                    post([this, e] { emit failed(e); });
                } else {
                    post([this] { emit ended(); });
                }
            });
        });
    });
}

void PodLogFollower::stop()
{
    // On the client's thread, where the stream lives: once this returns none of its callbacks
    // posts anything, and one still waiting to open drops its reply.
    m_client->onThread([this] {
        if (!m_stream)
            return;
        m_stream->stopped = true;
        if (QNetworkReply *r = m_stream->reply) {
            m_stream->reply = nullptr;
            r->disconnect();
            r->abort();
            r->deleteLater();
        }
        m_stream.reset();
    });
}

} // namespace spillway::console
