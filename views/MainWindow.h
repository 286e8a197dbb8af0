#pragma once

#include <QMainWindow>

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
} // namespace spillway::console

namespace spillway::views {

class ChartsView;
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

    // The pages by the names --view takes.
    static QStringList pageNames();
    bool showPage(const QString &name);
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
};

} // namespace spillway::views
