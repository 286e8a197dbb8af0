// libFuzzer: the watch-stream decoder (bytes from an apiserver, arbitrarily chunked). The first
// byte chooses where the input is split, so chunk boundaries are fuzzed too.
#include "kube/WatchDecoder.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    const size_t step = 1 + data[0] % 64;
    spillway::kube::WatchDecoder decoder;
    std::vector<spillway::kube::WatchEvent> events;
    for (size_t at = 1; at < size; at += step) {
        const size_t n = std::min(step, size - at);
        if (!decoder.feed(QByteArray(reinterpret_cast<const char *>(data + at), qsizetype(n)), events))
            break;   // a malformed event ends the stream
    }
    return 0;
}
