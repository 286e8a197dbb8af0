#pragma once

#include "common/Error.h"

#include <QByteArray>
#include <QList>

namespace spillway::kube {

// RFC 6455 framing, the part a client needs to speak `v5.channel.k8s.io` to an apiserver over a
// connection openUpgrade() has already switched: pure, so the decoder is a fuzz target.
namespace websocket {

enum class Opcode : quint8 { Continuation = 0x0, Text = 0x1, Binary = 0x2, Close = 0x8, Ping = 0x9, Pong = 0xA };

struct Message {
    Opcode opcode = Opcode::Binary;   // Text or Binary (fragments joined), or a control frame
    QByteArray payload;
};

// A frame from the client: always masked (a server must refuse an unmasked one) with MASKKEY,
// which the caller draws from its random source.
QByteArray encodeClientFrame(Opcode opcode, const QByteArray &payload, quint32 maskKey);
// The payload of a Close frame: the status code, then a reason.
QByteArray closePayload(quint16 code, const QByteArray &reason = {});

// The Sec-WebSocket-Accept a server must answer to Sec-WebSocket-Key KEY.
QByteArray acceptFor(const QByteArray &key);

// Reads the server's frames from a byte stream cut anywhere. A protocol violation (a masked
// server frame, an unknown opcode, a control frame fragmented or over 125 bytes, a message past
// the limit, a continuation out of place) is an Error, after which the connection must be closed.
class FrameDecoder
{
public:
    explicit FrameDecoder(qint64 maxMessageBytes = 16 * 1024 * 1024) : m_max(maxMessageBytes) {}

    Result<QList<Message>> feed(const QByteArray &bytes);
    qsizetype buffered() const { return m_buffer.size() - m_at; }

private:
    qint64 m_max;
    QByteArray m_buffer;
    qsizetype m_at = 0;
    bool m_inMessage = false;
    Opcode m_messageOpcode = Opcode::Binary;
    QByteArray m_message;
    bool m_failed = false;
};

} // namespace websocket
} // namespace spillway::kube
