#pragma once
// A private D-Bus session bus for one test: Debian's dbus-daemon, started here and killed when
// this goes. Services the test plays (a notification daemon, a desktop portal) register on it;
// Spillway's code talks to them over the real bus.

#include <QDBusConnection>
#include <QProcess>
#include <QString>

#include <vector>

namespace testbed {

class PrivateSessionBus
{
public:
    PrivateSessionBus()
    {
        m_daemon.start(QStringLiteral("dbus-daemon"), {QStringLiteral("--session"), QStringLiteral("--nofork"), QStringLiteral("--print-address=1")});
        if (m_daemon.waitForStarted(10000) && m_daemon.waitForReadyRead(10000))
            m_address = QString::fromLocal8Bit(m_daemon.readLine()).trimmed();
    }
    ~PrivateSessionBus()
    {
        for (const QString &name : m_names)
            QDBusConnection::disconnectFromBus(name);
        m_daemon.kill();
        m_daemon.waitForFinished(5000);
    }
    PrivateSessionBus(const PrivateSessionBus &) = delete;
    PrivateSessionBus &operator=(const PrivateSessionBus &) = delete;

    bool started() const { return !m_address.isEmpty(); }
    QString error() const { return m_daemon.errorString(); }
    // A connection to the bus under NAME (closed when the bus goes).
    QDBusConnection connect(const QString &name)
    {
        m_names.push_back(name);
        return QDBusConnection::connectToBus(m_address, name);
    }
    // Registers OBJECT at PATH as SERVICE, on a connection of its own; false if the bus refused.
    bool serve(QObject *object, const QString &service, const QString &path)
    {
        QDBusConnection server = connect(service + QStringLiteral("-service"));
        return server.registerObject(path, object, QDBusConnection::ExportAllSlots | QDBusConnection::ExportAllSignals) && server.registerService(service);
    }

private:
    QProcess m_daemon;
    QString m_address;
    std::vector<QString> m_names;
};

} // namespace testbed
