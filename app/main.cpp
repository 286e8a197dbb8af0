// spillway — the desktop console.
#include "MainWindow.h"
#include "common/Version.h"
#include "console/ClusterListModel.h"
#include "console/ClusterProbe.h"
#include "console/Workspace.h"

#include <QApplication>
#include <QFile>
#include <QLocale>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTranslator>

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Spillway"));
    QApplication::setOrganizationName(QStringLiteral("Spillway"));
    QApplication::setApplicationVersion(spillway::Version::current().toString());
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/spillway.svg")));

    QTranslator translator;
    if (translator.load(QLocale(), QStringLiteral("spillway"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        QApplication::installTranslator(&translator);

    // Kubeconfig exec plugins live on the login shell's PATH, which a desktop launch lacks.
    spillway::console::adoptLoginShellPath();

    using namespace spillway::console;
    const QString workspaceFile = QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation) + QStringLiteral("/workspace.yaml");
    ClusterListModel clusters;
    spillway::views::MainWindow window(&clusters);
    auto workspace = Workspace::load(workspaceFile);
    if (!workspace) {
        // Kept aside, not overwritten by the next save: the user may want what was in it.
        const QString aside = workspaceFile + QStringLiteral(".broken");
        QFile::remove(aside);
        QFile::rename(workspaceFile, aside);
        window.statusBar()->showMessage(QApplication::translate("main", "Workspace not loaded (%1); it was moved to %2").arg(workspace.error().toString(), aside));
        for (const QString &file : defaultKubeconfigFiles())
            clusters.addKubeconfig(file);
    } else if (!workspace->clusters.empty()) {
        clusters.addEntries(workspace->clusters);
    } else {
        for (const QString &file : defaultKubeconfigFiles())
            clusters.addKubeconfig(file);
    }
    // Saved on every change of the list (a broken workspace is left as it is until then).
    QObject::connect(&clusters, &ClusterListModel::entriesChanged, &window, [&clusters, &window, &workspaceFile] {
        if (auto saved = clusters.workspace().save(workspaceFile); !saved)
            window.statusBar()->showMessage(QApplication::translate("main", "Workspace not saved: %1").arg(saved.error().toString()));
    });
    window.show();
    return app.exec();
}
