#include "console/HumanTime.h"

#include <QDateTime>
#include <QLocale>

namespace spillway::console {

QString HumanTime::ago(qint64 atMs, qint64 nowMs)
{
    const qint64 s = (nowMs - atMs) / 1000;
    if (s < 10)   // and a clock a little ahead
        return tr("just now");
    if (s < 60)
        return tr("%n s ago", nullptr, int(s));
    if (s < 3600)
        return tr("%n min ago", nullptr, int(s / 60));
    if (s < 48 * 3600)
        return tr("%n h ago", nullptr, int(s / 3600));
    return tr("%n days ago", nullptr, int(s / 86400));
}

QString HumanTime::local(qint64 atMs, qint64 nowMs)
{
    const QDateTime at = QDateTime::fromMSecsSinceEpoch(atMs).toLocalTime();
    const QLocale locale;
    if (at.date() == QDateTime::fromMSecsSinceEpoch(nowMs).toLocalTime().date())
        return locale.toString(at.time(), QLocale::ShortFormat);
    return locale.toString(at, QLocale::ShortFormat);
}

QString HumanTime::agoAndLocal(qint64 atMs, qint64 nowMs)
{
    return tr("%1 (%2)").arg(ago(atMs, nowMs), local(atMs, nowMs));
}

QString HumanTime::agoAndLocal(const QString &rfc3339, qint64 nowMs)
{
    const QDateTime at = QDateTime::fromString(rfc3339, Qt::ISODateWithMs);
    return at.isValid() ? agoAndLocal(at.toMSecsSinceEpoch(), nowMs) : rfc3339;
}

} // namespace spillway::console
