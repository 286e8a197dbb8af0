#pragma once

#include "common/Error.h"

#include <QByteArray>
#include <nlohmann/json.hpp>
#include <vector>

namespace spillway::kube {

struct WatchEvent {
    enum class Type { Added, Modified, Deleted, Bookmark, Error };
    Type type = Type::Added;
    nlohmann::json object;
};

// Splits a watch response body (newline-delimited JSON events, arbitrarily chunked) into events.
// Untrusted input: a malformed line is reported as an Error and decoding stops; nothing throws.
class WatchDecoder
{
public:
    // Appends bytes; decoded events are appended to `out`. Returns an Error on a malformed event.
    Result<void> feed(const QByteArray &bytes, std::vector<WatchEvent> &out);
    qsizetype buffered() const { return m_buffer.size() - m_offset; }
    static constexpr qsizetype kMaxEventBytes = 64 * 1024 * 1024;

private:
    QByteArray m_buffer;
    qsizetype m_offset = 0;
};

} // namespace spillway::kube
