#include "common/Version.h"

#include <spillway/BuildInfo.h>

#include <QRegularExpression>

namespace spillway {

Version Version::current()
{
    return {SPILLWAY_VERSION_MAJOR, SPILLWAY_VERSION_MINOR, SPILLWAY_VERSION_PATCH};
}

std::optional<Version> Version::parse(const QString &text)
{
    static const QRegularExpression re(QStringLiteral("^v?(\\d{1,6})\\.(\\d{1,6})\\.(\\d{1,6})$"));
    const auto m = re.match(text.trimmed());
    if (!m.hasMatch())
        return std::nullopt;
    return Version{m.captured(1).toInt(), m.captured(2).toInt(), m.captured(3).toInt()};
}

QString Version::toString() const
{
    return QStringLiteral("%1.%2.%3").arg(major).arg(minor).arg(patch);
}

} // namespace spillway
