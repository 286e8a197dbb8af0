#pragma once

#include <QDBusConnection>
#include <QDBusMessage>
#include <QObject>

#include <optional>

namespace spillway::notify {

// The desktop's light or dark preference, as desktops publish it through the XDG desktop portal
// (org.freedesktop.portal.Settings, setting org.freedesktop.appearance color-scheme: 0 no
// preference, 1 dark, 2 light), read once and then followed as it changes. No portal on the bus,
// or one that does not know the setting, leaves it unknown; nothing waits for it.
class DesktopAppearance : public QObject
{
    Q_OBJECT
public:
    explicit DesktopAppearance(QDBusConnection bus, QObject *parent = nullptr);

    // The last value read (nullopt: not read, or no portal answered).
    std::optional<uint> colorScheme() const { return m_colorScheme; }
    // The first read has been answered (with a value or an error: no portal, unknown setting).
    bool answered() const { return m_answered; }

signals:
    // A value was read, or the desktop changed it.
    void colorSchemeChanged(uint colorScheme);

private slots:
    // The portal's SettingChanged(namespace, key, value), read from the message itself.
    void onSettingChanged(const QDBusMessage &message);

private:
    void take(const QVariant &value);

    QDBusConnection m_bus;
    std::optional<uint> m_colorScheme;
    bool m_answered = false;
};

} // namespace spillway::notify
