// libFuzzer: what the consumer's apiserver and the provider send through the virtual kubelet's
// splice of an exec session, as the watch that may end it with a Status reads it. The first byte
// says where the input splits into the two directions and the size of the pieces. A last word,
// when there is one, must be whole SPDY: padding of the cut data frame, then one DATA frame on the
// error stream carrying a Status.
#include "virtualkubelet/RemoteCommandWatch.h"

#include <cstdlib>

using namespace spillway;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    const int piece = 1 + data[0] % 32;
    const QByteArray bytes(reinterpret_cast<const char *>(data + 2), qsizetype(size - 2));
    const qsizetype split = bytes.size() * data[1] / 256;
    virtualkubelet::RemoteCommandWatch watch(QStringLiteral("dropped"));
    for (qsizetype at = 0; at < split; at += piece)
        watch.aToB(bytes.mid(at, qMin<qsizetype>(piece, split - at)));
    for (qsizetype at = split; at < bytes.size(); at += piece)
        watch.bToA(bytes.mid(at, piece));
    const QByteArray last = watch.lastWordForA(QStringLiteral("cause"));
    if (last.isEmpty())
        return 0;
    if (!watch.errorStream() || watch.statusSeen())
        std::abort();
    // The Status is JSON with its keys in order, so its payload begins with {"apiVersion".
    const qsizetype payload = last.indexOf("{\"apiVersion\"");
    if (payload < 8)
        std::abort();
    const char *h = last.constData() + payload - 8;
    const quint32 stream = (quint32(quint8(h[0])) << 24 | quint32(quint8(h[1])) << 16 | quint32(quint8(h[2])) << 8 | quint8(h[3])) & 0x7FFFFFFF;
    const qsizetype length = quint8(h[5]) << 16 | quint8(h[6]) << 8 | quint8(h[7]);
    if ((quint8(h[0]) & 0x80) || stream != *watch.errorStream() || quint8(h[4]) != 1 || length != last.size() - payload)
        std::abort();
    for (qsizetype i = 0; i < payload - 8; ++i)
        if (last[i] != '\0')
            std::abort();
    return 0;
}
