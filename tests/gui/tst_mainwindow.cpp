#include "InstallWizard.h"
#include "MainWindow.h"
#include "NextStepBar.h"
#include "console/NextStep.h"
#include "console/ClusterListModel.h"
#include "console/LanguageSetting.h"

#include <QAction>
#include <QFile>
#include <QPushButton>
#include <QApplication>
#include <QProcess>
#include <QSettings>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>

using spillway::console::LanguageSetting;

class TestMainWindow : public QObject
{
    Q_OBJECT
    QTemporaryDir settingsDir;

private slots:
    void initTestCase()
    {
        // The user's settings are not the test's.
        QVERIFY(settingsDir.isValid());
        QCoreApplication::setOrganizationName(QStringLiteral("SpillwayTest"));
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settingsDir.path());
    }

    void showsOffscreen()
    {
        spillway::console::ClusterListModel clusters;
        spillway::views::MainWindow w(&clusters);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QCOMPARE(w.windowTitle(), QStringLiteral("Spillway"));
        QVERIFY(!w.placeholderText().isEmpty());
    }

    // The getting-started line: with no cluster it asks for a kubeconfig; with a cluster
    // without Spillway it offers the install, and its button opens the install wizard there.
    void nextStepLeadsToTheInstall()
    {
        spillway::console::ClusterListModel clusters(nullptr, [](const spillway::console::ClusterEntry &) -> spillway::Result<spillway::console::ClusterFacts> {
            return spillway::console::ClusterFacts{};   // reachable, no Spillway
        });
        spillway::views::MainWindow w(&clusters);
        w.show();
        QCOMPARE(w.nextStep()->step().kind, spillway::console::NextStep::Kind::AddKubeconfig);
        QVERIFY(!w.nextStep()->text().isEmpty());
        QTemporaryDir dir;
        const QString kubeconfig = dir.filePath(QStringLiteral("kubeconfig"));
        QFile f(kubeconfig);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("apiVersion: v1\nkind: Config\nclusters: [{name: c, cluster: {server: 'https://127.0.0.1:1'}}]\n"
                "contexts: [{name: rome, context: {cluster: c, user: u}}]\nusers: [{name: u, user: {token: t}}]\n");
        f.close();
        QCOMPARE(clusters.addKubeconfig(kubeconfig), 1);
        QTRY_COMPARE(w.nextStep()->step().kind, spillway::console::NextStep::Kind::Install);
        QVERIFY2(w.nextStep()->text().contains(QStringLiteral("rome")), qPrintable(w.nextStep()->text()));
        QVERIFY(!w.findChild<spillway::views::InstallWizard *>());
        w.nextStep()->button()->click();
        QTRY_VERIFY(w.findChild<spillway::views::InstallWizard *>() && w.findChild<spillway::views::InstallWizard *>()->isVisible());
        QCOMPARE(w.currentPage(), QStringLiteral("clusters"));
    }

    void languageSettingFollowsTheLocale()
    {
        QSettings settings;
        QCOMPARE(LanguageSetting::read(settings), QStringLiteral("system"));   // nothing chosen yet
        QCOMPARE(LanguageSetting::localeFor(QStringLiteral("system"), QLocale(QStringLiteral("zh_CN"))).name(), QStringLiteral("zh_CN"));
        QCOMPARE(LanguageSetting::localeFor(QStringLiteral("en"), QLocale(QStringLiteral("zh_CN"))).language(), QLocale::English);
        settings.setValue(QLatin1String(LanguageSetting::kKey), QStringLiteral("klingon"));
        QCOMPARE(LanguageSetting::read(settings), QStringLiteral("system"));   // an unknown value is not obeyed
    }

    void languageMenuSavesTheChoice()
    {
        spillway::console::ClusterListModel clusters;
        spillway::views::MainWindow w(&clusters);
        auto *chinese = w.findChild<QAction *>(QStringLiteral("language-zh_CN"));
        auto *system = w.findChild<QAction *>(QStringLiteral("language-system"));
        QVERIFY(chinese && system && w.findChild<QAction *>(QStringLiteral("language-en")));
        QVERIFY(system->isChecked());
        QCOMPARE(chinese->text(), QStringLiteral("简体中文"));
        chinese->trigger();
        QVERIFY(chinese->isChecked());
        QVERIFY(!system->isChecked());
        QCOMPARE(LanguageSetting::read(QSettings()), QStringLiteral("zh_CN"));
        QVERIFY(!w.statusBar()->currentMessage().isEmpty());
        // A new window starts with the saved choice checked.
        spillway::views::MainWindow again(&clusters);
        QVERIFY(again.findChild<QAction *>(QStringLiteral("language-zh_CN"))->isChecked());
    }

    void consoleStartsInTheChosenLanguage()
    {
        // spillway --help is printed in the language chosen: --language zh_CN shows the Chinese description.
        QProcess console;
        console.start(qEnvironmentVariable("SPILLWAY_BIN") + QStringLiteral("/spillway"), {QStringLiteral("--language"), QStringLiteral("zh_CN"), QStringLiteral("--help")});
        QVERIFY(console.waitForFinished(30000));
        const QString help = QString::fromUtf8(console.readAllStandardOutput());
        QVERIFY2(help.contains(QStringLiteral("Spillway 桌面控制台")), qPrintable(help));
        // Qt's own strings too (qtbase_zh_CN): the usage line and the standard options.
        QVERIFY2(help.contains(QStringLiteral("用法：")) && help.contains(QStringLiteral("显示版本信息")), qPrintable(help));
        QVERIFY2(!help.contains(QStringLiteral("Displays version information.")), qPrintable(help));
        console.start(qEnvironmentVariable("SPILLWAY_BIN") + QStringLiteral("/spillway"), {QStringLiteral("--language"), QStringLiteral("en"), QStringLiteral("--help")});
        QVERIFY(console.waitForFinished(30000));
        QVERIFY(QString::fromUtf8(console.readAllStandardOutput()).contains(QStringLiteral("Spillway's desktop console.")));
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
