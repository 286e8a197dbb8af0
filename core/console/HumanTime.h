#pragma once

#include <QCoreApplication>
#include <QString>

namespace spillway::console {

// Times as a person reads them: "3 min ago", and the local time of day (with the date when it is
// not today), in the UI's locale.
struct HumanTime {
    Q_DECLARE_TR_FUNCTIONS(HumanTime)
public:
    static QString ago(qint64 atMs, qint64 nowMs);
    static QString local(qint64 atMs, qint64 nowMs);
    // "3 min ago (14:05)".
    static QString agoAndLocal(qint64 atMs, qint64 nowMs);
    // The same for a Kubernetes timestamp (RFC 3339); text that is not one is shown as it is.
    static QString agoAndLocal(const QString &rfc3339, qint64 nowMs);
};

} // namespace spillway::console
