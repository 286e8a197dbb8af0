// spillway — the desktop console.
#include "ChartsView.h"
#include "DashboardView.h"
#include "Responsiveness.h"
#include "MainWindow.h"
#include "PodsView.h"
#include "OffloadingEditor.h"
#include "PeerGraphView.h"
#include "ThemeApplier.h"
#include "console/PeerGraphModel.h"
#include "common/Version.h"
#include "console/ClusterListModel.h"
#include "console/ClusterProbe.h"
#include "console/LanguageSetting.h"
#include "console/ThemeSetting.h"
#include "history/SqliteUsageArchive.h"
#include "notify/DesktopAppearance.h"
#include "notify/DesktopNotifier.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QLocale>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTimer>
#include <QSettings>
#include <QLibraryInfo>
#include <QTranslator>

#include <cstdio>
#include <functional>
#include <memory>
#include <optional>
#include <utility>

namespace {

// A screenshot, --help or --version needs no display (help2man and scripts run them headless).
bool needsNoDisplay(int argc, char **argv)
{
    for (int i = 1; i < argc; ++i) {
        const QByteArray arg(argv[i]);
        if (arg.startsWith("--screenshot") || arg == "--help" || arg == "-h" || arg == "--version" || arg == "-v")
            return true;
    }
    return false;
}

// An option's value read before QCommandLineParser runs ("--name value" or "--name=value"),
// for what must be settled before the parser's own texts are translated.
std::optional<QString> optionValue(int argc, char **argv, const char *name)
{
    const QByteArray flag(name);
    for (int i = 1; i < argc; ++i) {
        const QByteArray arg(argv[i]);
        if (arg == flag && i + 1 < argc)
            return QString::fromLocal8Bit(argv[i + 1]);
        if (arg.startsWith(flag + '='))
            return QString::fromLocal8Bit(arg.mid(flag.size() + 1));
    }
    return std::nullopt;
}

} // namespace

int main(int argc, char **argv)
{
    if (needsNoDisplay(argc, argv) && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Spillway"));
    QApplication::setOrganizationName(QStringLiteral("Spillway"));
    QApplication::setApplicationVersion(spillway::Version::current().toString());
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/spillway.svg")));

    // The language: --language (this run only), else the settings' choice, else the system's.
    QSettings settings;
    const QString language = optionValue(argc, argv, "--language").value_or(spillway::console::LanguageSetting::read(settings));
    const QLocale uiLocale = spillway::console::LanguageSetting::localeFor(language);
    QLocale::setDefault(uiLocale);
    QTranslator translator;
    if (translator.load(uiLocale, QStringLiteral("spillway"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        QApplication::installTranslator(&translator);
    // Qt's own strings (the wizards' Back and Next, --help's Usage and Options, the standard
    // dialogs) from the translations Qt installs (Debian: qt6-translations-l10n).
    QTranslator qtTranslator;
    if (uiLocale.language() != QLocale::English &&
        qtTranslator.load(uiLocale, QStringLiteral("qtbase"), QStringLiteral("_"), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QApplication::installTranslator(&qtTranslator);

    QCommandLineParser p;
    p.setApplicationDescription(QApplication::translate("main", "Spillway's desktop console."));
    p.addHelpOption();
    p.addVersionOption();
    const QCommandLineOption kubeconfig(QStringLiteral("kubeconfig"), QApplication::translate("main", "Show this kubeconfig file's contexts instead of the workspace's (repeatable); nothing is saved."),
                                        QStringLiteral("file"));
    const QCommandLineOption historyOption(QStringLiteral("history"), QApplication::translate("main", "The history database the charts and the dashboard keep (default: in the user's data folder; \"none\": this session only)."),
                                           QStringLiteral("file"));
    const QCommandLineOption workspaceOption(QStringLiteral("workspace"), QApplication::translate("main", "Workspace file (default: in the user's configuration folder)."), QStringLiteral("file"));
    const QCommandLineOption screenshot(QStringLiteral("screenshot"), QApplication::translate("main", "Render the window offscreen to a PNG file once every cluster has answered, and exit."),
                                        QStringLiteral("file"));
    using spillway::views::MainWindow;
    const QStringList viewNames = MainWindow::pageNames() + MainWindow::wizardNames();
    const QCommandLineOption view(QStringLiteral("view"), QApplication::translate("main", "The page to show, or the wizard to open once the clusters have answered: %1.").arg(viewNames.join(QStringLiteral(", "))),
                                  QStringLiteral("name"), QStringLiteral("clusters"));
    const QCommandLineOption editorNamespace(QStringLiteral("namespace"), QApplication::translate("main", "The namespace the offloading editor opens."), QStringLiteral("name"));
    const QCommandLineOption languageOption(QStringLiteral("language"), QApplication::translate("main", "The language for this run: system, %1 (default: the settings' choice).").arg(spillway::console::LanguageSetting::available().join(QStringLiteral(", "))),
                                            QStringLiteral("language"));
    // For bench/console: once the page has settled, paint it, then sample how late a 10 ms timer
    // fires for SECONDS and print the figures.
    QCommandLineOption measureOption(QStringLiteral("measure-responsiveness"), QStringLiteral("bench/console"), QStringLiteral("seconds"));
    measureOption.setFlags(QCommandLineOption::HiddenFromHelp);
    const QCommandLineOption themeOption(QStringLiteral("theme"), QApplication::translate("main", "The colours for this run: system (follow the desktop), light or dark (default: the settings' choice)."),
                                         QStringLiteral("theme"));
    p.addOptions({kubeconfig, workspaceOption, historyOption, screenshot, view, editorNamespace, languageOption, themeOption, measureOption});
    p.process(app);
    const QString viewName = p.value(view);
    if (!viewNames.contains(viewName)) {
        std::fprintf(stderr, "%s\n", qPrintable(QApplication::translate("main", "spillway: no page \"%1\"; the console has: %2")
                                                     .arg(viewName, viewNames.join(QStringLiteral(", ")))));
        return 2;
    }
    const bool wizardView = MainWindow::wizardNames().contains(viewName);
    std::optional<spillway::console::ThemeSetting::Theme> theme = spillway::console::ThemeSetting::read(settings);
    if (p.isSet(themeOption) && !(theme = spillway::console::ThemeSetting::parse(p.value(themeOption)))) {
        std::fprintf(stderr, "%s\n", qPrintable(QApplication::translate("main", "spillway: no theme \"%1\"; use system, light or dark").arg(p.value(themeOption))));
        return 2;
    }
    // The theme: the choice, and for "system" the desktop's light or dark preference as it changes.
    spillway::views::ThemeApplier themes;
    themes.setChoice(*theme);
    spillway::notify::DesktopAppearance appearance(QDBusConnection::sessionBus());
    QObject::connect(&appearance, &spillway::notify::DesktopAppearance::colorSchemeChanged, &themes,
                     [&themes](uint scheme) { themes.setDesktopColorScheme(scheme); });

    // Kubeconfig exec plugins live on the login shell's PATH, which a desktop launch lacks.
    spillway::console::adoptLoginShellPath();

    using namespace spillway::console;
    const QString workspaceFile = p.isSet(workspaceOption) ? p.value(workspaceOption)
                                                           : QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation) + QStringLiteral("/workspace.yaml");
    // The history outlives the session unless it cannot be opened: then the console says why and
    // keeps this session's.
    const QString historyFile = p.isSet(historyOption) ? p.value(historyOption)
                                                       : QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/history.sqlite");
    std::unique_ptr<spillway::history::SqliteUsageArchive> archive;
    QString historyProblem;
    if (historyFile != QLatin1String("none")) {
        if (auto opened = spillway::history::SqliteUsageArchive::open(historyFile))
            archive = std::move(*opened);
        else
            historyProblem = QApplication::translate("main", "History kept for this session only: %1").arg(opened.error().toString());
    }
    // Alerts go to the desktop's notifications, except from the scripted runs (a screenshot, a measurement).
    std::unique_ptr<spillway::notify::DesktopNotifier> notifier;
    if (!p.isSet(screenshot) && !p.isSet(measureOption))
        notifier = std::make_unique<spillway::notify::DesktopNotifier>(QDBusConnection::sessionBus());
    ClusterListModel clusters;
    spillway::views::MainWindow window(&clusters, archive.get());
    window.setAlertSink(notifier.get());
    window.setThemeApplier(&themes);
    if (!historyProblem.isEmpty())
        window.statusBar()->showMessage(historyProblem);
    if (p.isSet(kubeconfig)) {
        for (const QString &file : p.values(kubeconfig))
            clusters.addKubeconfig(file);
    } else {
        if (const QString problem = clusters.restore(workspaceFile); !problem.isEmpty())
            window.statusBar()->showMessage(problem);
        // Saved on every change of the list.
        QObject::connect(&clusters, &ClusterListModel::entriesChanged, &window, [&clusters, &window, &workspaceFile] {
            if (auto saved = clusters.workspace().save(workspaceFile); !saved)
                window.statusBar()->showMessage(QApplication::translate("main", "Workspace not saved: %1").arg(saved.error().toString()));
        });
    }
    window.showPage(wizardView ? QStringLiteral("clusters") : viewName);
    if (p.isSet(editorNamespace))
        window.offloadingEditor()->selectNamespace(p.value(editorNamespace));
    window.show();

    // What runs once the shown page has everything it waits for: the screenshot, or the
    // responsiveness measurement bench/console asks for.
    std::function<void()> whenReady;
    if (p.isSet(screenshot)) {
        const QString file = p.value(screenshot);
        whenReady = [&window, &app, file, wizardView, viewName] {
            QWidget *shown = wizardView ? window.openWizard(viewName) : &window;
            if (!shown) {
                std::fprintf(stderr, "spillway: %s\n", qPrintable(spillway::views::MainWindow::wizardUnavailable(viewName)));
                app.exit(1);
                return;
            }
            // A wizard just opened is laid out by the next turn of the event loop.
            QTimer::singleShot(0, shown, [shown, &app, file] {
                const bool saved = shown->grab().save(file, "PNG");
                if (!saved)
                    std::fprintf(stderr, "%s\n", qPrintable(QApplication::translate("main", "spillway: cannot write %1").arg(file)));
                app.exit(saved ? 0 : 1);
            });
        };
    } else if (p.isSet(measureOption)) {
        const int seconds = p.value(measureOption).toInt();
        whenReady = [&window, &app, seconds] { measureResponsiveness(window, app, seconds); };
    } else if (wizardView) {
        whenReady = [&window, viewName] {
            if (!window.openWizard(viewName))
                window.statusBar()->showMessage(spillway::views::MainWindow::wizardUnavailable(viewName));
        };
    }
    if (whenReady) {
        // The editor page once it has read the cluster (and the namespace) too.
        auto *editor = window.offloadingEditor();
        // The graph, the charts, the dashboard and the pods, once every watched cluster has sent its first snapshot (or its error).
        auto *graph = window.peerGraphModel();
        auto whenSettled = [editor, graph, whenReady, &window] {
            if (editor->isVisible() && editor->pending() > 0) {
                QObject::connect(editor, &spillway::views::OffloadingEditor::idle, editor, whenReady, Qt::SingleShotConnection);
            } else if ((window.peerGraph()->isVisible() || window.charts()->isVisible() || window.dashboard()->isVisible() || window.pods()->isVisible()) &&
                       graph->waiting() > 0) {
                auto done = std::make_shared<bool>(false);
                QObject::connect(graph, &spillway::console::PeerGraphModel::graphChanged, graph, [graph, whenReady, done] {
                    if (graph->waiting() == 0 && !std::exchange(*done, true))
                        whenReady();
                });
            } else {
                whenReady();
            }
        };
        if (clusters.pending() == 0)
            QTimer::singleShot(0, &app, whenSettled);
        else
            // Once: a later refresh (or an install from the wizard opened here) must not open it again.
            QObject::connect(&clusters, &ClusterListModel::probesFinished, &app, [whenSettled] { QTimer::singleShot(0, whenSettled); },
                             Qt::SingleShotConnection);
    }
    return app.exec();
}
