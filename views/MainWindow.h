#pragma once

#include <QMainWindow>

namespace spillway::console {
class ClusterListModel;
}

namespace spillway::views {

class ClusterListView;

// The console's top-level window: the clusters page for now. Views are added as their backends land.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(console::ClusterListModel *clusters, QWidget *parent = nullptr);

    QString placeholderText() const;
    ClusterListView *clusterList() const { return m_clusterList; }

private:
    ClusterListView *m_clusterList;
};

} // namespace spillway::views
