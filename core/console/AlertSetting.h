#pragma once

#include <QStringList>

class QSettings;

namespace spillway::console {

// Whether the console tells alerts on the desktop, and the clusters whose alerts are muted (by
// cluster ID). Kept in the user's settings, like the language: the workspace may be shared.
struct AlertSetting {
    bool notify = true;
    QStringList mutedClusters;

    static AlertSetting read(const QSettings &settings);
    void write(QSettings &settings) const;
};

} // namespace spillway::console
