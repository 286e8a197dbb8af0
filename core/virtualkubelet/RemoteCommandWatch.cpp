#include "virtualkubelet/RemoteCommandWatch.h"

#include <nlohmann/json.hpp>

namespace spillway::virtualkubelet {

namespace {

constexpr quint16 kSpdyVersion = 3;
constexpr quint16 kSynStream = 1;
constexpr quint8 kFlagFin = 0x01;
constexpr quint32 kMaxPadding = 64 * 1024;

quint32 readU32(const char *p)
{
    return (quint32(quint8(p[0])) << 24) | (quint32(quint8(p[1])) << 16) | (quint32(quint8(p[2])) << 8) | quint32(quint8(p[3]));
}

// Walks CHUNK through CURSOR's frames; ONPAYLOAD sees each run of payload bytes with the frame
// it belongs to. False if a header is not SPDY/3.
template <typename OnPayload>
bool walk(const QByteArray &chunk, auto &cursor, OnPayload onPayload)
{
    qsizetype at = 0;
    while (at < chunk.size()) {
        if (cursor.remaining == 0 && cursor.header.size() < 8) {
            const qsizetype take = qMin<qsizetype>(8 - cursor.header.size(), chunk.size() - at);
            cursor.header.append(chunk.constData() + at, take);
            at += take;
            if (cursor.header.size() < 8)
                return true;
            const char *h = cursor.header.constData();
            cursor.control = quint8(h[0]) & 0x80;
            cursor.prefix.clear();
            if (cursor.control) {
                if (((quint16(quint8(h[0]) & 0x7F) << 8) | quint8(h[1])) != kSpdyVersion)
                    return false;
                cursor.type = quint16((quint8(h[2]) << 8) | quint8(h[3]));
                cursor.streamId = 0;
            } else {
                cursor.type = 0;
                cursor.streamId = readU32(h) & 0x7FFFFFFF;
            }
            cursor.remaining = readU32(h + 4) & 0x00FFFFFF;
            const quint8 flags = quint8(h[4]);
            cursor.header.clear();
            onPayload(cursor, QByteArrayView(), flags);   // the frame's start, with its flags
            continue;
        }
        const qsizetype take = qMin<qsizetype>(cursor.remaining, chunk.size() - at);
        cursor.remaining -= quint32(take);
        onPayload(cursor, QByteArrayView(chunk.constData() + at, take), 0);
        at += take;
    }
    return true;
}

} // namespace

RemoteCommandWatch::RemoteCommandWatch(QString dropped) : m_dropped(std::move(dropped)) {}

void RemoteCommandWatch::aToB(const QByteArray &chunk)
{
    if (m_errorStream || m_broken)
        return;   // only the first stream the apiserver opens matters
    m_broken = !walk(chunk, m_fromA, [this](FrameCursor &c, QByteArrayView payload, quint8) {
        if (!c.control || c.type != kSynStream || m_errorStream || c.prefix.size() >= 4)
            return;
        c.prefix.append(payload.first(qMin<qsizetype>(payload.size(), 4 - c.prefix.size())));
        if (c.prefix.size() == 4)
            m_errorStream = readU32(c.prefix.constData()) & 0x7FFFFFFF;
    });
}

void RemoteCommandWatch::bToA(const QByteArray &chunk)
{
    if (m_broken)
        return;
    m_broken = !walk(chunk, m_fromB, [this](FrameCursor &c, QByteArrayView payload, quint8) {
        if (!c.control && m_errorStream && c.streamId == *m_errorStream && !payload.isEmpty())
            m_statusSeen = true;
    });
}

QByteArray RemoteCommandWatch::lastWordForA(const QString &cause)
{
    if (m_broken || !m_errorStream || m_statusSeen)
        return {};
    QByteArray out;
    if (!m_fromB.header.isEmpty())
        return {};   // cut inside a frame header: nothing can follow it cleanly
    if (m_fromB.remaining > 0) {
        // A control frame's compressed headers cannot be padded; a data frame can, with NULs on the
        // stream it was cut on, but not by more than a kubelet's writes ever leave.
        if (m_fromB.control || m_fromB.remaining > kMaxPadding)
            return {};
        out = QByteArray(qsizetype(m_fromB.remaining), '\0');
    }
    const QString message = cause.isEmpty() ? m_dropped : m_dropped + QStringLiteral(": ") + cause;
    const nlohmann::json status = {{"kind", "Status"},       {"apiVersion", "v1"},          {"metadata", nlohmann::json::object()},
                                   {"status", "Failure"},    {"message", message.toStdString()}, {"reason", "ServiceUnavailable"},
                                   {"code", 503}};
    return out + dataFrame(*m_errorStream, QByteArray::fromStdString(status.dump()), true);
}

QByteArray RemoteCommandWatch::dataFrame(quint32 streamId, const QByteArray &payload, bool fin)
{
    QByteArray frame(8, '\0');
    const quint32 id = streamId & 0x7FFFFFFF;
    const quint32 length = quint32(payload.size()) & 0x00FFFFFF;
    frame[0] = char(id >> 24);
    frame[1] = char(id >> 16);
    frame[2] = char(id >> 8);
    frame[3] = char(id);
    frame[4] = char(fin ? kFlagFin : 0);
    frame[5] = char(length >> 16);
    frame[6] = char(length >> 8);
    frame[7] = char(length);
    return frame + payload.left(0x00FFFFFF);
}

} // namespace spillway::virtualkubelet
