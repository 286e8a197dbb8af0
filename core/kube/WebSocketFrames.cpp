#include "kube/WebSocketFrames.h"

#include <QCryptographicHash>

namespace spillway::kube::websocket {

namespace {

Error violation(const QString &what)
{
    return Error::of(Error::Kind::Decode, QStringLiteral("the apiserver's WebSocket stream is broken: %1").arg(what),
                     QStringLiteral("a proxy between the console and the apiserver may not pass WebSocket traffic through"));
}

bool isControl(Opcode op) { return quint8(op) & 0x8; }

bool isKnown(quint8 op) { return op <= 0x2 || (op >= 0x8 && op <= 0xA); }

} // namespace

QByteArray encodeClientFrame(Opcode opcode, const QByteArray &payload, quint32 maskKey)
{
    QByteArray frame;
    frame.reserve(payload.size() + 14);
    frame.append(char(0x80 | quint8(opcode)));   // FIN: this client never fragments
    const quint64 size = quint64(payload.size());
    if (size < 126) {
        frame.append(char(0x80 | size));
    } else if (size <= 0xFFFF) {
        frame.append(char(0x80 | 126));
        frame.append(char(size >> 8));
        frame.append(char(size & 0xFF));
    } else {
        frame.append(char(0x80 | 127));
        for (int shift = 56; shift >= 0; shift -= 8)
            frame.append(char((size >> shift) & 0xFF));
    }
    const char mask[4] = {char(maskKey >> 24), char(maskKey >> 16), char(maskKey >> 8), char(maskKey)};
    frame.append(mask, 4);
    const qsizetype start = frame.size();
    frame.append(payload);
    char *data = frame.data() + start;
    for (qsizetype i = 0; i < payload.size(); ++i)
        data[i] ^= mask[i & 3];
    return frame;
}

QByteArray closePayload(quint16 code, const QByteArray &reason)
{
    QByteArray payload;
    payload.append(char(code >> 8));
    payload.append(char(code & 0xFF));
    payload.append(reason.left(123));
    return payload;
}

QByteArray acceptFor(const QByteArray &key)
{
    return QCryptographicHash::hash(key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11", QCryptographicHash::Sha1).toBase64();
}

Result<QList<Message>> FrameDecoder::feed(const QByteArray &bytes)
{
    if (m_failed)
        return violation(QStringLiteral("it was broken before"));
    m_buffer.append(bytes);
    QList<Message> out;
    auto fail = [this](const QString &what) {
        m_failed = true;
        return violation(what);
    };
    for (;;) {
        const qsizetype available = m_buffer.size() - m_at;
        if (available < 2)
            break;
        const auto *p = reinterpret_cast<const quint8 *>(m_buffer.constData() + m_at);
        const bool fin = p[0] & 0x80;
        if (p[0] & 0x70)
            return fail(QStringLiteral("a frame sets reserved bits no extension was agreed for"));
        const quint8 op = p[0] & 0x0F;
        if (!isKnown(op))
            return fail(QStringLiteral("unknown opcode %1").arg(op));
        if (p[1] & 0x80)
            return fail(QStringLiteral("the server masked a frame"));
        quint64 length = p[1] & 0x7F;
        qsizetype header = 2;
        if (length == 126) {
            if (available < 4)
                break;
            length = (quint64(p[2]) << 8) | p[3];
            header = 4;
        } else if (length == 127) {
            if (available < 10)
                break;
            length = 0;
            for (int i = 0; i < 8; ++i)
                length = (length << 8) | p[2 + i];
            header = 10;
        }
        const auto opcode = Opcode(op);
        if (isControl(opcode) && (!fin || length > 125))
            return fail(QStringLiteral("a control frame is fragmented or longer than 125 bytes"));
        if (length > quint64(m_max) || (!isControl(opcode) && quint64(m_message.size()) + length > quint64(m_max)))
            return fail(QStringLiteral("a message is larger than %1 bytes").arg(m_max));
        if (quint64(available - header) < length)
            break;
        const QByteArray payload = m_buffer.mid(m_at + header, qsizetype(length));
        m_at += header + qsizetype(length);
        if (isControl(opcode)) {
            out.append({opcode, payload});
        } else if (opcode == Opcode::Continuation) {
            if (!m_inMessage)
                return fail(QStringLiteral("a continuation frame with no message to continue"));
            m_message += payload;
            if (fin) {
                out.append({m_messageOpcode, m_message});
                m_message.clear();
                m_inMessage = false;
            }
        } else {
            if (m_inMessage)
                return fail(QStringLiteral("a new message began before the last one ended"));
            if (fin) {
                out.append({opcode, payload});
            } else {
                m_inMessage = true;
                m_messageOpcode = opcode;
                m_message = payload;
            }
        }
    }
    // Keep the buffer from growing with what was consumed.
    if (m_at > 0 && (m_at == m_buffer.size() || m_at > 64 * 1024)) {
        m_buffer.remove(0, m_at);
        m_at = 0;
    }
    return out;
}

} // namespace spillway::kube::websocket
