// MainWindow's alerts: telling them (status bar, desktop notifications or the tray), opening the
// place one is about, and the Settings → Alerts menu.
#include "MainWindow.h"

#include "DashboardView.h"
#include "OffloadingEditor.h"
#include "console/AlertSetting.h"
#include "console/AlertSink.h"
#include "console/AlertWatch.h"
#include "console/ClusterListModel.h"
#include "console/Dashboard.h"

#include <QAction>
#include <QMenu>
#include <QSettings>
#include <QStatusBar>
#include <QSystemTrayIcon>

namespace spillway::views {

void MainWindow::setAlertSink(console::AlertSink *sink)
{
    if (m_alertSink)
        disconnect(m_alertSink, nullptr, this, nullptr);
    m_alertSink = sink;
    if (sink)
        connect(sink, &console::AlertSink::activated, this, &MainWindow::openAlert);
}

void MainWindow::tellAlert(const console::Alert &alert)
{
    statusBar()->showMessage(alert.title);
    showTray();
    if (!console::AlertSetting::read(QSettings()).notify)
        return;
    if (m_alertSink && m_alertSink->available()) {
        m_alertSink->show(alert);
    } else if (m_tray) {
        m_trayAlert = alert.key;
        m_tray->showMessage(alert.title, alert.body, QSystemTrayIcon::Warning);
    }
}

void MainWindow::showTray()
{
    if (!m_tray)
        return;
    QStringList lines{tr("Spillway")};
    for (const auto &[key, alert] : m_alerts->raised())
        lines << alert.title;
    m_tray->setToolTip(lines.join(QLatin1Char('\n')));
}

void MainWindow::openAlert(const QString &key)
{
    showNormal();
    raise();
    activateWindow();
    const auto alert = m_alerts->alert(key);
    if (!alert)
        return;
    if (const int row = rowOfCluster(alert->consumer); alert->kind == console::Alert::Kind::OffloadingFailed && row >= 0) {
        // The namespace's NamespaceOffloading in the editor, with its status per peer.
        showPage(QStringLiteral("editor"));
        m_offloadingEditor->selectCluster(row);
        m_offloadingEditor->selectNamespace(alert->ns);
        return;
    }
    showPage(QStringLiteral("dashboard"));
    const QString peering = console::DashboardModel::peeringKey(alert->consumer, alert->provider);
    m_dashboard->selectPeering(peering);
}

void MainWindow::setAlertsNotify(bool notify)
{
    QSettings settings;
    auto setting = console::AlertSetting::read(settings);
    setting.notify = notify;
    setting.write(settings);
}

void MainWindow::setClusterMuted(const QString &clusterId, bool muted)
{
    QSettings settings;
    auto setting = console::AlertSetting::read(settings);
    setting.mutedClusters.removeAll(clusterId);
    if (muted)
        setting.mutedClusters << clusterId;
    setting.write(settings);
    m_alerts->setMuted(setting.mutedClusters);
}

void MainWindow::fillAlertsMenu(QMenu *menu)
{
    menu->clear();
    const auto setting = console::AlertSetting::read(QSettings());
    QAction *notify = menu->addAction(tr("Desktop notifications"));
    notify->setObjectName(QStringLiteral("alerts-notify"));
    notify->setCheckable(true);
    notify->setChecked(setting.notify);
    connect(notify, &QAction::toggled, this, &MainWindow::setAlertsNotify);
    menu->addSection(tr("Alerts about"));
    for (int i = 0; i < m_clusters->rowCount(); ++i) {
        const QString id = m_clusters->row(i).facts.clusterId;
        if (id.isEmpty())
            continue;
        QAction *a = menu->addAction(m_clusters->data(m_clusters->index(i, console::ClusterListModel::Name)).toString());
        a->setObjectName(QStringLiteral("alerts-cluster-") + id);
        a->setCheckable(true);
        a->setChecked(!setting.mutedClusters.contains(id));
        connect(a, &QAction::toggled, this, [this, id](bool on) { setClusterMuted(id, !on); });
    }
}

} // namespace spillway::views
