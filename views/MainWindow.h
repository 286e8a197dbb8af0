#pragma once

#include "console/ThemeSetting.h"

#include <QMainWindow>

class QMenu;
class QSystemTrayIcon;
class QTabWidget;

namespace spillway::console {
class ClusterListModel;
class PeerGraphModel;
class PeeringService;
class UsageChartsModel;
class UsageArchive;
class FederationHistory;
class DashboardModel;
class OffloadedPodsModel;
class AlertWatch;
class AlertSink;
struct NextStep;
struct Alert;
} // namespace spillway::console

namespace spillway::views {

class ChartsView;
class ThemeApplier;
class NextStepBar;
class DashboardView;
class PodsView;
class ClusterListView;
class OffloadingEditor;
class PeerGraphView;
class PeeringWizard;

// The console's top-level window: one tab per page (clusters, dashboard, peer graph, offloading, charts). Views are added as
// their backends land.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    // ARCHIVE, when given, keeps the charts' and the dashboard's history across restarts.
    explicit MainWindow(console::ClusterListModel *clusters, console::UsageArchive *archive = nullptr, QWidget *parent = nullptr);

    QString placeholderText() const;
    ClusterListView *clusterList() const { return m_clusterList; }
    OffloadingEditor *offloadingEditor() const { return m_offloadingEditor; }
    PeerGraphView *peerGraph() const { return m_peerGraph; }
    console::PeerGraphModel *peerGraphModel() const { return m_peerGraphModel; }
    ChartsView *charts() const { return m_charts; }
    DashboardView *dashboard() const { return m_dashboard; }
    console::DashboardModel *dashboardModel() const { return m_dashboardModel; }
    console::UsageChartsModel *chartsModel() const { return m_chartsModel; }
    console::FederationHistory *history() const { return m_history; }
    PodsView *pods() const { return m_pods; }
    console::OffloadedPodsModel *podsModel() const { return m_podsModel; }
    console::AlertWatch *alerts() const { return m_alerts; }
    // The getting-started line above the pages (hidden once a peering exists).
    NextStepBar *nextStep() const { return m_nextStep; }

    // Where alerts are told outside the window (the desktop's notifications); without one, or
    // when its service is missing, the tray icon's messages where there is a tray. Each alert also
    // shows in the status bar.
    void setAlertSink(console::AlertSink *sink);
    // What Settings → Theme drives (null: the choice is only saved, for the next start).
    void setThemeApplier(ThemeApplier *theme) { m_theme = theme; }
    // Opens the place an alert is about: the dashboard, its peering's row selected.
    void openAlert(const QString &key);
    // The alerts menu's choices, saved in the settings: notify at all; a cluster's alerts muted.
    void setAlertsNotify(bool notify);
    void setClusterMuted(const QString &clusterId, bool muted);

    // Opens the peering wizard (rows of the clusters model preselected, -1: the first ones).
    PeeringWizard *openPeeringWizard(int consumerRow = -1, int providerRow = -1);
    // Unpeers consumer → provider (rows of the clusters model), after asking when confirm is set;
    // the outcome goes to the status bar.
    void unpeer(int consumerRow, int providerRow, bool confirm = true);
    console::PeeringService *unpeering() const { return m_unpeering; }
    // Out of band: asks a cluster (a row) for an invitation, shown in a dialog to copy once ready
    // (the service's invitationReady says when).
    void generateInvitation(int providerRow);

    // The language menu's choice ("system", "en", "zh_CN"): saved in the settings, used from the
    // next start (the status bar says so).
    void chooseLanguage(const QString &language);
    void chooseTheme(console::ThemeSetting::Theme theme);

    // The pages by the names --view takes.
    static QStringList pageNames();
    bool showPage(const QString &name);
    QString currentPage() const;
    // The wizards --view also takes: each opened on the clusters shown, at the page where the
    // user makes the choices (the peering wizard on the first two rows, the install wizard on the
    // first row without Spillway, else the first). nullptr when there is no cluster to open it for.
    static QStringList wizardNames();
    QWidget *openWizard(const QString &name);
    // Why openWizard(name) returned nullptr, and what to pass.
    static QString wizardUnavailable(const QString &name);

private:
    // The clusters model's row of a cluster ID (-1: none).
    int rowOfCluster(const QString &clusterId) const;
    void buildSettingsMenu();
    void fillAlertsMenu(QMenu *menu);
    void tellAlert(const console::Alert &alert);
    void showTray();

    console::ClusterListModel *m_clusters;
    QTabWidget *m_tabs;
    ClusterListView *m_clusterList;
    OffloadingEditor *m_offloadingEditor;
    console::PeerGraphModel *m_peerGraphModel;
    PeerGraphView *m_peerGraph;
    console::FederationHistory *m_history;
    console::UsageChartsModel *m_chartsModel;
    ChartsView *m_charts;
    console::DashboardModel *m_dashboardModel;
    DashboardView *m_dashboard;
    console::OffloadedPodsModel *m_podsModel;
    PodsView *m_pods;
    console::PeeringService *m_unpeering;
    console::AlertWatch *m_alerts;
    console::AlertSink *m_alertSink = nullptr;
    ThemeApplier *m_theme = nullptr;
    NextStepBar *m_nextStep;
    void updateNextStep();
    void takeNextStep(const console::NextStep &step);
    QSystemTrayIcon *m_tray = nullptr;
    QString m_trayAlert;   // the alert the tray's last message is about
};

} // namespace spillway::views
