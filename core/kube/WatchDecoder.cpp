#include "kube/WatchDecoder.h"

namespace spillway::kube {

namespace {

std::optional<WatchEvent::Type> parseType(const std::string &t)
{
    if (t == "ADDED") return WatchEvent::Type::Added;
    if (t == "MODIFIED") return WatchEvent::Type::Modified;
    if (t == "DELETED") return WatchEvent::Type::Deleted;
    if (t == "BOOKMARK") return WatchEvent::Type::Bookmark;
    if (t == "ERROR") return WatchEvent::Type::Error;
    return std::nullopt;
}

Error decodeError(const QString &msg)
{
    Error e;
    e.kind = Error::Kind::Decode;
    e.message = msg;
    return e;
}

} // namespace

Result<void> WatchDecoder::feed(const QByteArray &bytes, std::vector<WatchEvent> &out)
{
    m_buffer.append(bytes);
    for (;;) {
        const qsizetype nl = m_buffer.indexOf('\n', m_offset);
        if (nl < 0)
            break;
        const char *begin = m_buffer.constData() + m_offset;
        const qsizetype len = nl - m_offset;
        m_offset = nl + 1;
        if (len == 0 || (len == 1 && begin[0] == '\r'))
            continue;
        auto j = nlohmann::json::parse(begin, begin + len, nullptr, /*allow_exceptions=*/false);
        if (j.is_discarded() || !j.is_object())
            return decodeError(QStringLiteral("watch stream: an event is not valid JSON: %1")
                                   .arg(QString::fromUtf8(QByteArray(begin, int(std::min<qsizetype>(len, 200))))));
        const auto typeIt = j.find("type");
        const auto objIt = j.find("object");
        if (typeIt == j.end() || !typeIt->is_string() || objIt == j.end() || !objIt->is_object())
            return decodeError(QStringLiteral("watch stream: an event lacks \"type\" or \"object\""));
        const auto type = parseType(typeIt->get_ref<const std::string &>());
        if (!type)
            return decodeError(QStringLiteral("watch stream: unknown event type \"%1\"")
                                   .arg(QString::fromStdString(typeIt->get<std::string>())));
        out.push_back(WatchEvent{*type, std::move(*objIt)});
    }
    // Keep memory bounded: drop consumed bytes once they dominate the buffer.
    if (m_offset > 0 && (m_offset == m_buffer.size() || m_offset > 1024 * 1024)) {
        m_buffer.remove(0, m_offset);
        m_offset = 0;
    }
    if (m_buffer.size() > kMaxEventBytes)
        return decodeError(QStringLiteral("watch stream: an event is larger than %1 bytes").arg(kMaxEventBytes));
    return {};
}

} // namespace spillway::kube
