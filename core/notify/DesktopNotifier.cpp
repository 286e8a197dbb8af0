#include "notify/DesktopNotifier.h"

#include <QDBusConnectionInterface>
#include <QDBusMessage>
#include <QDBusPendingCallWatcher>
#include <QDBusPendingReply>
#include <QDBusVariant>
#include <QVariantMap>

namespace spillway::notify {

namespace {

const QString kService = QStringLiteral("org.freedesktop.Notifications");
const QString kPath = QStringLiteral("/org/freedesktop/Notifications");
const QString kInterface = QStringLiteral("org.freedesktop.Notifications");

// The protocol's urgency hint: 1 normal, 2 critical (a tunnel down stays until dismissed).
uchar urgencyOf(console::Alert::Kind kind)
{
    return kind == console::Alert::Kind::TunnelDown || kind == console::Alert::Kind::VirtualNodeNotReady ? 2 : 1;
}

} // namespace

DesktopNotifier::DesktopNotifier(QDBusConnection bus, QObject *parent) : console::AlertSink(parent), m_bus(std::move(bus))
{
    m_bus.connect(kService, kPath, kInterface, QStringLiteral("ActionInvoked"), this, SLOT(onActionInvoked(uint, QString)));
    m_bus.connect(kService, kPath, kInterface, QStringLiteral("NotificationClosed"), this, SLOT(onClosed(uint, uint)));
}

bool DesktopNotifier::available() const
{
    return m_bus.isConnected() && m_bus.interface() && m_bus.interface()->isServiceRegistered(kService).value();
}

void DesktopNotifier::show(const console::Alert &alert)
{
    m_withdrawn.erase(alert.key);
    if (auto flying = m_inFlight.find(alert.key); flying != m_inFlight.end()) {
        flying->second = alert;   // sent once the first is answered, replacing it
        return;
    }
    send(alert);
}

void DesktopNotifier::send(const console::Alert &alert)
{
    QDBusMessage call = QDBusMessage::createMethodCall(kService, kPath, kInterface, QStringLiteral("Notify"));
    const auto shown = m_idOfKey.find(alert.key);
    QVariantMap hints;
    hints.insert(QStringLiteral("urgency"), QVariant::fromValue(urgencyOf(alert.kind)));
    hints.insert(QStringLiteral("desktop-entry"), QStringLiteral("spillway"));
    call << tr("Spillway") << uint(shown == m_idOfKey.end() ? 0 : shown->second) << QStringLiteral("network-workgroup") << alert.title << alert.body
         << QStringList{QStringLiteral("default"), tr("Open")} << hints << int(-1);
    m_inFlight[alert.key] = std::nullopt;
    auto *watcher = new QDBusPendingCallWatcher(m_bus.asyncCall(call), this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this, [this, key = alert.key](QDBusPendingCallWatcher *w) {
        w->deleteLater();
        QDBusPendingReply<uint> reply = *w;
        std::optional<console::Alert> next;
        if (auto flying = m_inFlight.find(key); flying != m_inFlight.end()) {
            next = std::move(flying->second);
            m_inFlight.erase(flying);
        }
        if (reply.isError()) {
            m_problem = tr("the desktop's notification service refused an alert: %1").arg(reply.error().message());
            return;
        }
        m_idOfKey[key] = reply.value();
        if (m_withdrawn.erase(key))
            withdraw(key);
        else if (next)
            send(*next);
    });
}

void DesktopNotifier::withdraw(const QString &key)
{
    if (m_inFlight.count(key)) {
        m_withdrawn.insert(key);   // closed once its id is known
        return;
    }
    const auto shown = m_idOfKey.find(key);
    if (shown == m_idOfKey.end())
        return;
    QDBusMessage call = QDBusMessage::createMethodCall(kService, kPath, kInterface, QStringLiteral("CloseNotification"));
    call << shown->second;
    m_bus.asyncCall(call);
    m_idOfKey.erase(shown);
}

void DesktopNotifier::onActionInvoked(uint id, const QString &action)
{
    Q_UNUSED(action);   // "default" (the body clicked) and "Open" both open the console there
    for (const auto &[key, shown] : m_idOfKey)
        if (shown == id) {
            emit activated(key);
            return;
        }
}

void DesktopNotifier::onClosed(uint id, uint reason)
{
    Q_UNUSED(reason);
    for (auto it = m_idOfKey.begin(); it != m_idOfKey.end(); ++it)
        if (it->second == id) {
            m_idOfKey.erase(it);
            return;
        }
}

} // namespace spillway::notify
