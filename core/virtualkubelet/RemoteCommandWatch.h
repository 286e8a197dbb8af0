#pragma once

#include "kube/SocketSplice.h"

#include <QByteArray>
#include <QString>

#include <optional>

namespace spillway::virtualkubelet {

// Follows the SPDY/3.1 frames of an exec or attach session through the virtual kubelet's splice
// (the consumer's apiserver on side A, the provider's on side B) just far enough to end it with a
// Status of Spillway's own when the provider's side drops before the command's own status came:
// client-go reads an error stream that ends empty as success, so without it kubectl would exit 0
// and say nothing. The session's error stream is the first one the apiserver opens (client-go
// creates it before stdin, stdout, stderr and resize); the kubelet of protocol v4 and later
// always writes a Status on it when the command ends. Frame headers only are read: cheap, and the
// compressed header blocks are never inflated.
class RemoteCommandWatch : public kube::SpliceObserver
{
public:
    // DROPPED: what the Status says when the provider's side drops (the cause is appended).
    explicit RemoteCommandWatch(QString dropped);

    void aToB(const QByteArray &chunk) override;
    void bToA(const QByteArray &chunk) override;
    QByteArray lastWordForA(const QString &cause) override;

    std::optional<quint32> errorStream() const { return m_errorStream; }
    bool statusSeen() const { return m_statusSeen; }

    // An SPDY/3.1 DATA frame.
    static QByteArray dataFrame(quint32 streamId, const QByteArray &payload, bool fin);

private:
    // Where a byte stream is in its frames: reading a header, or inside a frame's payload.
    struct FrameCursor {
        QByteArray header;          // the 8 header bytes, while incomplete
        quint32 remaining = 0;      // payload bytes of the current frame still to come
        bool control = false;
        quint16 type = 0;           // control frames
        quint32 streamId = 0;       // data frames, or a SYN_STREAM's once read
        QByteArray prefix;          // a SYN_STREAM's first 4 payload bytes (its stream ID)
    };

    QString m_dropped;
    FrameCursor m_fromA, m_fromB;
    std::optional<quint32> m_errorStream;
    bool m_statusSeen = false;
    bool m_broken = false;   // a header that cannot be SPDY/3: stop following
};

} // namespace spillway::virtualkubelet
