#include "console/AlertSetting.h"

#include <QSettings>

namespace spillway::console {

namespace {
const QString kNotify = QStringLiteral("alerts/notify");
const QString kMuted = QStringLiteral("alerts/mutedClusters");
} // namespace

AlertSetting AlertSetting::read(const QSettings &settings)
{
    AlertSetting out;
    out.notify = settings.value(kNotify, true).toBool();
    out.mutedClusters = settings.value(kMuted).toStringList();
    out.mutedClusters.removeAll(QString());
    return out;
}

void AlertSetting::write(QSettings &settings) const
{
    settings.setValue(kNotify, notify);
    settings.setValue(kMuted, mutedClusters);
}

} // namespace spillway::console
