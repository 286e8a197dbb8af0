// libFuzzer: the bytes an apiserver (or whatever answers in its place) sends the console's
// terminal after the WebSocket upgrade, cut into pieces at the points the first byte picks. The
// decoder must never crash, never hand out a message over its limit, and must agree with itself
// however the stream is cut: a message decoded from one piece is decoded from many.
#include "kube/RemoteCommand.h"
#include "kube/WebSocketFrames.h"

#include <cstdlib>

using namespace spillway;
namespace ws = kube::websocket;

namespace {

QList<ws::Message> decodeAll(const QByteArray &bytes, int cut, bool *failed)
{
    ws::FrameDecoder decoder(4096);
    QList<ws::Message> all;
    *failed = false;
    for (qsizetype at = 0; at < bytes.size(); at += cut) {
        auto r = decoder.feed(bytes.mid(at, cut));
        if (!r) {
            *failed = true;
            return all;
        }
        for (const ws::Message &m : *r) {
            if (m.payload.size() > 4096)
                std::abort();
            if (m.opcode == ws::Opcode::Binary && !m.payload.isEmpty() && quint8(m.payload.front()) == kube::remotecommand::StatusChannel)
                (void)kube::remotecommand::parseExitStatus(m.payload.mid(1));
        }
        all += *r;
    }
    return all;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    const int cut = 1 + data[0] % 64;
    const QByteArray bytes(reinterpret_cast<const char *>(data + 1), qsizetype(size - 1));
    bool wholeFailed = false, piecesFailed = false;
    const QList<ws::Message> whole = decodeAll(bytes, int(bytes.size()) + 1, &wholeFailed);
    const QList<ws::Message> pieces = decodeAll(bytes, cut, &piecesFailed);
    // Cut into pieces, a stream yields the same messages up to the point where either failed.
    const qsizetype common = qMin(whole.size(), pieces.size());
    for (qsizetype i = 0; i < common; ++i)
        if (whole[i].opcode != pieces[i].opcode || whole[i].payload != pieces[i].payload)
            std::abort();
    if (!wholeFailed && !piecesFailed && whole.size() != pieces.size())
        std::abort();
    return 0;
}
