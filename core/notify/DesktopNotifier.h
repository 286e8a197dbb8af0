#pragma once

#include "console/AlertSink.h"

#include <QDBusConnection>

#include <map>
#include <optional>
#include <set>

namespace spillway::notify {

// The desktop's notifications (the freedesktop.org Desktop Notifications protocol over D-Bus:
// org.freedesktop.Notifications on the session bus). An alert shown again replaces its earlier
// notification; a click on it ("default" action, or "Open") is activated(key). Errors from the
// service are reported once through problem().
class DesktopNotifier : public console::AlertSink
{
    Q_OBJECT
public:
    explicit DesktopNotifier(QDBusConnection bus, QObject *parent = nullptr);

    bool available() const override;
    void show(const console::Alert &alert) override;
    void withdraw(const QString &key) override;
    // The last error the notification service returned (empty: none).
    QString problem() const { return m_problem; }

private slots:
    void onActionInvoked(uint id, const QString &action);
    void onClosed(uint id, uint reason);

private:
    void send(const console::Alert &alert);

    QDBusConnection m_bus;
    std::map<QString, uint> m_idOfKey;   // the notification showing each alert
    // An alert's Notify not answered yet: what to do once it is (its id is needed to replace or
    // close it) — show a newer text, or withdraw it.
    std::map<QString, std::optional<console::Alert>> m_inFlight;
    std::set<QString> m_withdrawn;
    QString m_problem;
};

} // namespace spillway::notify
