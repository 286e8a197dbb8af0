#pragma once

#include <QObject>

#include <memory>

class QAbstractSocket;

namespace spillway::kube {

// Sees what a splice carries, to follow the protocol inside without changing it, and may have
// the last word when side B ends first: bytes written to A before A is closed.
class SpliceObserver
{
public:
    virtual ~SpliceObserver() = default;
    virtual void aToB(const QByteArray &chunk) = 0;
    virtual void bToA(const QByteArray &chunk) = 0;
    // CAUSE: B's socket error, if it had one. Empty: nothing to add.
    virtual QByteArray lastWordForA(const QString &cause) = 0;
};

// Joins two connected sockets byte for byte until either side ends: the upgraded connections of
// an exec, attach or port-forward between two apiservers, whose protocol (SPDY, WebSocket) the
// two ends speak to each other. Back-pressure: a side is read only while the other has less
// than highWater bytes queued (its TLS records included), and each socket reads ahead at most
// one chunk, so a slow reader slows the writer through TCP instead of growing a buffer here.
// When one side ends, what it sent is delivered to the other, which is then closed. Takes both
// sockets (reparented to the splice) and deletes itself with them after finished().
class SocketSplice : public QObject
{
    Q_OBJECT
public:
    static constexpr qint64 kDefaultHighWater = 1024 * 1024;

    SocketSplice(QAbstractSocket *a, QAbstractSocket *b, qint64 highWater = kDefaultHighWater, QObject *parent = nullptr);

    qint64 bytesAToB() const { return m_aToB; }
    qint64 bytesBToA() const { return m_bToA; }
    qint64 peakQueued() const { return m_peakQueued; }   // the most ever waiting to be written on either side
    void setObserver(std::unique_ptr<SpliceObserver> observer);

signals:
    void finished();

private:
    void pump(QAbstractSocket *from, QAbstractSocket *to, qint64 &count);
    void ended(QAbstractSocket *which);
    static qint64 queued(QAbstractSocket *socket);

    QAbstractSocket *m_a, *m_b;
    qint64 m_highWater;
    qint64 m_aToB = 0, m_bToA = 0, m_peakQueued = 0;
    bool m_ending = false, m_finished = false;
    std::unique_ptr<SpliceObserver> m_observer;
};

} // namespace spillway::kube
