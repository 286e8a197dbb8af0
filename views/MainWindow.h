#pragma once

#include <QMainWindow>

class QTabWidget;

namespace spillway::console {
class ClusterListModel;
}

namespace spillway::views {

class ClusterListView;
class OffloadingEditor;

// The console's top-level window: one tab per page (clusters, offloading). Views are added as
// their backends land.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(console::ClusterListModel *clusters, QWidget *parent = nullptr);

    QString placeholderText() const;
    ClusterListView *clusterList() const { return m_clusterList; }
    OffloadingEditor *offloadingEditor() const { return m_offloadingEditor; }

    // The pages by the names --view takes.
    static QStringList pageNames();
    bool showPage(const QString &name);

private:
    QTabWidget *m_tabs;
    ClusterListView *m_clusterList;
    OffloadingEditor *m_offloadingEditor;
};

} // namespace spillway::views
