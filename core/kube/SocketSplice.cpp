#include "kube/SocketSplice.h"

#include <QSslSocket>
#include <QTimer>

namespace spillway::kube {

namespace {
constexpr qint64 kChunk = 256 * 1024;
}

SocketSplice::SocketSplice(QAbstractSocket *a, QAbstractSocket *b, qint64 highWater, QObject *parent)
    : QObject(parent), m_a(a), m_b(b), m_highWater(highWater)
{
    for (QAbstractSocket *s : {m_a, m_b}) {
        s->setParent(this);
        s->setReadBufferSize(kChunk);
        s->setSocketOption(QAbstractSocket::LowDelayOption, 1);   // interactive sessions: no Nagle delay
    }
    auto wire = [this](QAbstractSocket *from, QAbstractSocket *to, qint64 &count) {
        connect(from, &QIODevice::readyRead, this, [this, from, to, &count] { pump(from, to, count); });
        // The far side drained: read on where we stopped.
        connect(to, &QIODevice::bytesWritten, this, [this, from, to, &count] { pump(from, to, count); });
        if (auto *ssl = qobject_cast<QSslSocket *>(to))
            connect(ssl, &QSslSocket::encryptedBytesWritten, this, [this, from, to, &count] { pump(from, to, count); });
        connect(from, &QAbstractSocket::disconnected, this, [this, from] { ended(from); });
        connect(from, &QAbstractSocket::errorOccurred, this, [this, from] { ended(from); });
    };
    wire(m_a, m_b, m_aToB);
    wire(m_b, m_a, m_bToA);
    // Bytes that arrived before the splice (after the upgrade's head) are not announced again.
    QTimer::singleShot(0, this, [this] {
        pump(m_a, m_b, m_aToB);
        pump(m_b, m_a, m_bToA);
        for (QAbstractSocket *s : {m_a, m_b})
            if (s->state() != QAbstractSocket::ConnectedState)
                ended(s);
    });
}

void SocketSplice::setObserver(std::unique_ptr<SpliceObserver> observer)
{
    m_observer = std::move(observer);
}

qint64 SocketSplice::queued(QAbstractSocket *socket)
{
    qint64 n = socket->bytesToWrite();
    if (auto *ssl = qobject_cast<QSslSocket *>(socket))
        n += ssl->encryptedBytesToWrite();
    return n;
}

void SocketSplice::pump(QAbstractSocket *from, QAbstractSocket *to, qint64 &count)
{
    if (to->state() != QAbstractSocket::ConnectedState)
        return;
    while (from->bytesAvailable() > 0) {
        const qint64 room = m_ending ? kChunk : m_highWater - queued(to);
        if (room <= 0)
            break;
        const QByteArray chunk = from->read(qMin(room, kChunk));
        if (chunk.isEmpty())
            break;
        if (m_observer)
            from == m_a ? m_observer->aToB(chunk) : m_observer->bToA(chunk);
        to->write(chunk);
        count += chunk.size();
        m_peakQueued = qMax(m_peakQueued, queued(to));
    }
}

void SocketSplice::ended(QAbstractSocket *which)
{
    if (m_finished)
        return;
    QAbstractSocket *other = which == m_a ? m_b : m_a;
    // Deliver what the ended side had sent, then close the other once it is written.
    m_ending = true;
    pump(which, other, which == m_a ? m_aToB : m_bToA);
    if (m_observer && which == m_b && other->state() == QAbstractSocket::ConnectedState) {
        const QString cause = which->error() == QAbstractSocket::UnknownSocketError ? QString() : which->errorString();
        if (const QByteArray last = m_observer->lastWordForA(cause); !last.isEmpty())
            other->write(last);
    }
    m_finished = true;
    if (other->state() == QAbstractSocket::ConnectedState) {
        connect(other, &QAbstractSocket::disconnected, this, &QObject::deleteLater);
        other->disconnectFromHost();
        // A peer that never reads what is left does not keep this alive.
        QTimer::singleShot(30000, this, [other] { other->abort(); });
    } else {
        deleteLater();
    }
    emit finished();
}

} // namespace spillway::kube
