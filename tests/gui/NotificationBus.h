#pragma once
// A private D-Bus session bus (Debian's dbus-daemon, started and stopped by the test) with a
// notification service on it that records what it is sent, as a desktop's would show it: the
// desktop side of the freedesktop.org Desktop Notifications protocol. Spillway's notifier talks
// to it over the real bus.

#include "PrivateSessionBus.h"

#include <QDBusConnection>
#include <QDBusConnectionInterface>
#include <QObject>
#include <QProcess>
#include <QStringList>
#include <QVariantMap>

#include <vector>

namespace testbed {

class NotificationService : public QObject
{
    Q_OBJECT
    Q_CLASSINFO("D-Bus Interface", "org.freedesktop.Notifications")
public:
    struct Shown {
        uint id;
        QString app, summary, body;
        uint replaces;
        QStringList actions;
        QVariantMap hints;
    };
    std::vector<Shown> shown;
    std::vector<uint> closed;

    using QObject::QObject;
    // What a person clicking notification ID does.
    void click(uint id) { emit ActionInvoked(id, QStringLiteral("default")); }

public slots:
    uint Notify(const QString &app, uint replaces, const QString &icon, const QString &summary, const QString &body, const QStringList &actions,
                const QVariantMap &hints, int timeout)
    {
        Q_UNUSED(icon);
        Q_UNUSED(timeout);
        const uint id = replaces ? replaces : uint(shown.size() + 1);
        shown.push_back({id, app, summary, body, replaces, actions, hints});
        return id;
    }
    void CloseNotification(uint id)
    {
        closed.push_back(id);
        emit NotificationClosed(id, 3);
    }
    QStringList GetCapabilities() { return {QStringLiteral("actions"), QStringLiteral("body")}; }

signals:
    void ActionInvoked(uint id, const QString &action);
    void NotificationClosed(uint id, uint reason);
};

// The bus and the service on it; client() for Spillway's connection.
class NotificationBus
{
public:
    NotificationBus() { m_ready = m_bus.started() && m_bus.serve(&service, QStringLiteral("org.freedesktop.Notifications"), QStringLiteral("/org/freedesktop/Notifications")); }
    // Empty when the bus is up with the service on it, else why not.
    QString problem() const
    {
        return m_ready ? QString() : QStringLiteral("dbus-daemon did not start with a notification service: %1").arg(m_bus.error());
    }
    // A client's connection to the bus (Spillway's notifier).
    QDBusConnection client() { return m_bus.connect(QStringLiteral("notification-client")); }

    NotificationService service;

private:
    PrivateSessionBus m_bus;   // declared after the service: the bus goes first
    bool m_ready = false;
};

} // namespace testbed
