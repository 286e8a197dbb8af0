// The console's theme: Settings → Theme saves the choice and recolours the console at once; with
// "Follow the desktop" it takes the desktop's light or dark preference from the XDG desktop
// portal (org.freedesktop.portal.Settings, played here on a private D-Bus session bus by the
// test) and follows it as it changes; without a portal it keeps the platform's palette.
#include "MainWindow.h"
#include "PrivateSessionBus.h"
#include "ThemeApplier.h"
#include "console/ClusterListModel.h"
#include "console/ThemeSetting.h"
#include "notify/DesktopAppearance.h"

#include <QAction>
#include <QApplication>
#include <QDBusVariant>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

using spillway::console::ThemeSetting;
using spillway::views::ThemeApplier;

namespace {

// The desktop's side of the portal's Settings interface, holding the appearance setting.
class PortalSettings : public QObject
{
    Q_OBJECT
    Q_CLASSINFO("D-Bus Interface", "org.freedesktop.portal.Settings")
public:
    uint colorScheme = 1;
    int reads = 0;

    // What a person switching the desktop to light (2) or dark (1) makes the portal say.
    void change(uint value)
    {
        colorScheme = value;
        emit SettingChanged(QStringLiteral("org.freedesktop.appearance"), QStringLiteral("color-scheme"), QDBusVariant(QVariant::fromValue(value)));
    }

public slots:
    // As the portal answers: the value in a variant inside a variant.
    QDBusVariant Read(const QString &ns, const QString &key)
    {
        ++reads;
        if (ns != QLatin1String("org.freedesktop.appearance") || key != QLatin1String("color-scheme"))
            return QDBusVariant(QVariant::fromValue(QDBusVariant(QVariant())));
        return QDBusVariant(QVariant::fromValue(QDBusVariant(QVariant::fromValue(colorScheme))));
    }

signals:
    void SettingChanged(const QString &ns, const QString &key, const QDBusVariant &value);
};

bool dark()
{
    return ThemeApplier::isDark(QApplication::palette());
}

} // namespace

class TestTheme : public QObject
{
    Q_OBJECT
    QTemporaryDir settingsDir;

private slots:
    void initTestCase()
    {
        QVERIFY(settingsDir.isValid());
        QCoreApplication::setOrganizationName(QStringLiteral("SpillwayTest"));
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settingsDir.path());
        QVERIFY(!dark());   // offscreen starts light
    }

    void settingReadsAndResolves()
    {
        QSettings settings;
        QCOMPARE(ThemeSetting::read(settings), ThemeSetting::Theme::System);
        settings.setValue(QLatin1String(ThemeSetting::kKey), QStringLiteral("purple"));
        QCOMPARE(ThemeSetting::read(settings), ThemeSetting::Theme::System);   // an unknown value is not obeyed
        ThemeSetting::write(settings, ThemeSetting::Theme::Dark);
        QCOMPARE(ThemeSetting::read(settings), ThemeSetting::Theme::Dark);
        QCOMPARE(ThemeSetting::parse(QStringLiteral("light")), ThemeSetting::Theme::Light);
        QVERIFY(!ThemeSetting::parse(QStringLiteral("Light")));
        using S = ThemeSetting::Scheme;
        QCOMPARE(ThemeSetting::resolve(ThemeSetting::Theme::System, std::nullopt), S::Platform);
        QCOMPARE(ThemeSetting::resolve(ThemeSetting::Theme::System, 0u), S::Platform);
        QCOMPARE(ThemeSetting::resolve(ThemeSetting::Theme::System, 1u), S::Dark);
        QCOMPARE(ThemeSetting::resolve(ThemeSetting::Theme::System, 2u), S::Light);
        QCOMPARE(ThemeSetting::resolve(ThemeSetting::Theme::Light, 1u), S::Light);
        QCOMPARE(ThemeSetting::resolve(ThemeSetting::Theme::Dark, 2u), S::Dark);
        settings.remove(QLatin1String(ThemeSetting::kKey));
    }

    // "Follow the desktop": dark when the portal says dark, light when it changes to light.
    void followsTheDesktopPortal()
    {
        testbed::PrivateSessionBus bus;
        QVERIFY2(bus.started(), qPrintable(bus.error()));
        PortalSettings portal;
        QVERIFY(bus.serve(&portal, QStringLiteral("org.freedesktop.portal.Desktop"), QStringLiteral("/org/freedesktop/portal/desktop")));
        ThemeApplier themes;
        spillway::notify::DesktopAppearance appearance(bus.connect(QStringLiteral("appearance-client")));
        QObject::connect(&appearance, &spillway::notify::DesktopAppearance::colorSchemeChanged, &themes, [&](uint s) { themes.setDesktopColorScheme(s); });
        QTRY_VERIFY_WITH_TIMEOUT(appearance.answered(), 10000);
        QCOMPARE(appearance.colorScheme(), std::optional<uint>(1));
        QCOMPARE(portal.reads, 1);
        QVERIFY(dark());
        portal.change(2);
        QTRY_VERIFY_WITH_TIMEOUT(!dark(), 10000);
        QCOMPARE(themes.scheme(), ThemeSetting::Scheme::Light);
        portal.change(1);
        QTRY_VERIFY_WITH_TIMEOUT(dark(), 10000);
        // A choice of its own overrides the desktop.
        themes.setChoice(ThemeSetting::Theme::Light);
        QVERIFY(!dark());
        themes.setChoice(ThemeSetting::Theme::System);
        QVERIFY(dark());
        themes.setDesktopColorScheme(0);   // "no preference": back to the platform's palette
        QVERIFY(!dark());
    }

    // No portal on the bus: the read fails, nothing waits, the platform's palette stays.
    void withoutAPortalThePlatformStays()
    {
        testbed::PrivateSessionBus bus;
        QVERIFY2(bus.started(), qPrintable(bus.error()));
        const QPalette before = QApplication::palette();
        ThemeApplier themes;
        spillway::notify::DesktopAppearance appearance(bus.connect(QStringLiteral("appearance-client")));
        QObject::connect(&appearance, &spillway::notify::DesktopAppearance::colorSchemeChanged, &themes, [&](uint s) { themes.setDesktopColorScheme(s); });
        QTRY_VERIFY_WITH_TIMEOUT(appearance.answered(), 10000);
        QVERIFY(!appearance.colorScheme());
        QCOMPARE(QApplication::palette(), before);
    }

    // The menu: the choice is saved, checked in a new window, and applied at once.
    void menuSavesAndApplies()
    {
        spillway::console::ClusterListModel clusters;
        spillway::views::MainWindow w(&clusters);
        ThemeApplier themes;
        w.setThemeApplier(&themes);
        w.show();
        auto *darkAction = w.findChild<QAction *>(QStringLiteral("theme-dark"));
        auto *lightAction = w.findChild<QAction *>(QStringLiteral("theme-light"));
        auto *system = w.findChild<QAction *>(QStringLiteral("theme-system"));
        QVERIFY(darkAction && lightAction && system);
        QVERIFY(system->isChecked());
        darkAction->trigger();
        QVERIFY(dark());
        QTRY_VERIFY(ThemeApplier::isDark(w.palette()));   // the window follows the application
        QCOMPARE(ThemeSetting::read(QSettings()), ThemeSetting::Theme::Dark);
        spillway::views::MainWindow again(&clusters);
        QVERIFY(again.findChild<QAction *>(QStringLiteral("theme-dark"))->isChecked());
        lightAction->trigger();
        QVERIFY(!dark());
        QCOMPARE(ThemeSetting::read(QSettings()), ThemeSetting::Theme::Light);
    }
};

QTEST_MAIN(TestTheme)
#include "tst_theme.moc"
