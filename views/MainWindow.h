#pragma once

#include <QMainWindow>

class QTabWidget;

namespace spillway::console {
class ClusterListModel;
class PeerGraphModel;
} // namespace spillway::console

namespace spillway::views {

class ClusterListView;
class OffloadingEditor;
class PeerGraphView;

// The console's top-level window: one tab per page (clusters, peer graph, offloading). Views are added as
// their backends land.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(console::ClusterListModel *clusters, QWidget *parent = nullptr);

    QString placeholderText() const;
    ClusterListView *clusterList() const { return m_clusterList; }
    OffloadingEditor *offloadingEditor() const { return m_offloadingEditor; }
    PeerGraphView *peerGraph() const { return m_peerGraph; }
    console::PeerGraphModel *peerGraphModel() const { return m_peerGraphModel; }

    // The pages by the names --view takes.
    static QStringList pageNames();
    bool showPage(const QString &name);

private:
    QTabWidget *m_tabs;
    ClusterListView *m_clusterList;
    OffloadingEditor *m_offloadingEditor;
    console::PeerGraphModel *m_peerGraphModel;
    PeerGraphView *m_peerGraph;
};

} // namespace spillway::views
