// The desktop's notifications: Spillway's notifier talks the freedesktop.org protocol over a real
// D-Bus session bus (a private dbus-daemon) to a notification service that records what it is
// sent. An alert is shown with its title, body, urgency and an Open action; shown again it
// replaces itself; a click comes back as activated(key); a condition over withdraws it. Without a
// service on the bus the notifier says it is unavailable and never blocks.
#include "NotificationBus.h"
#include "notify/DesktopNotifier.h"

#include <QSignalSpy>
#include <QtTest>

using spillway::console::Alert;
using spillway::notify::DesktopNotifier;

class TestDesktopNotifier : public QObject
{
    Q_OBJECT
private slots:
    void alertsReachTheDesktopAndComeBack()
    {
        testbed::NotificationBus bus;
        QVERIFY2(bus.problem().isEmpty(), qPrintable(bus.problem()));
        DesktopNotifier notifier(bus.client());
        QVERIFY(notifier.available());
        QSignalSpy activated(&notifier, &DesktopNotifier::activated);

        Alert down{Alert::Kind::TunnelDown, QStringLiteral("tunnel-down/rome→milan"), QStringLiteral("rome"), QStringLiteral("milan"), {},
                   QStringLiteral("Tunnel down: Rome → Milan"), QStringLiteral("The network tunnel from Rome to Milan is down (Error).")};
        notifier.show(down);
        QTRY_COMPARE(bus.service.shown.size(), size_t(1));
        const testbed::NotificationService::Shown first = bus.service.shown[0];
        QCOMPARE(first.app, QStringLiteral("Spillway"));
        QCOMPARE(first.summary, down.title);
        QCOMPARE(first.body, down.body);
        QCOMPARE(first.replaces, 0u);
        QCOMPARE(first.actions.value(0), QStringLiteral("default"));
        QCOMPARE(first.hints.value(QStringLiteral("urgency")).toInt(), 2);

        // Told again (its text changed): the same notification, replaced — also when told twice
        // before the service has answered the first.
        down.body = QStringLiteral("The network tunnel from Rome to Milan is down (Timeout).");
        notifier.show(down);
        QTRY_COMPARE(bus.service.shown.size(), size_t(2));
        QCOMPARE(bus.service.shown[1].replaces, first.id);
        Alert slow{Alert::Kind::LatencyJump, QStringLiteral("latency/rome→milan"), QStringLiteral("rome"), QStringLiteral("milan"), {},
                   QStringLiteral("Tunnel latency jumped: Rome → Milan"), QStringLiteral("40.0 ms")};
        notifier.show(slow);
        slow.body = QStringLiteral("80.0 ms");
        notifier.show(slow);
        QTRY_COMPARE(bus.service.shown.size(), size_t(4));
        QCOMPARE(bus.service.shown[3].replaces, bus.service.shown[2].id);
        QCOMPARE(bus.service.shown[3].body, QStringLiteral("80.0 ms"));
        QCOMPARE(bus.service.shown[2].hints.value(QStringLiteral("urgency")).toInt(), 1);

        bus.service.click(first.id);
        QTRY_COMPARE(activated.size(), 1);
        QCOMPARE(activated[0][0].toString(), down.key);

        notifier.withdraw(down.key);
        QTRY_COMPARE(bus.service.closed.size(), size_t(1));
        QCOMPARE(bus.service.closed[0], first.id);
        QVERIFY(notifier.problem().isEmpty());
    }

    void noServiceNoNotifications()
    {
        DesktopNotifier notifier(QDBusConnection::connectToBus(QStringLiteral("unix:path=/nonexistent/bus"), QStringLiteral("nowhere")));
        QVERIFY(!notifier.available());
        QElapsedTimer t;
        t.start();
        notifier.show(Alert{});
        QVERIFY(t.elapsed() < 1000);   // a missing bus never blocks the console
    }
};

QTEST_GUILESS_MAIN(TestDesktopNotifier)
#include "tst_desktop_notifier.moc"
