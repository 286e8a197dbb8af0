#pragma once

#include "console/AlertWatch.h"

#include <QObject>

namespace spillway::console {

// Where the console tells its alerts outside its window (notify/DesktopNotifier: the desktop's
// notifications). activated(key) when the person clicks one, so the console opens the right place.
class AlertSink : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;
    // Whether anything is there to show the alerts (a notification service on the bus).
    virtual bool available() const = 0;
    virtual void show(const Alert &alert) = 0;
    // The alert's condition is over: its notification goes.
    virtual void withdraw(const QString &key) = 0;

signals:
    void activated(const QString &key);
};

} // namespace spillway::console
