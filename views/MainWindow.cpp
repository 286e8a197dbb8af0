#include "MainWindow.h"

#include "ClusterListView.h"
#include "common/Version.h"

#include <QStatusBar>

namespace spillway::views {

MainWindow::MainWindow(console::ClusterListModel *clusters, QWidget *parent)
    : QMainWindow(parent), m_clusterList(new ClusterListView(clusters, this))
{
    setWindowTitle(tr("Spillway"));
    setCentralWidget(m_clusterList);
    statusBar()->showMessage(tr("Spillway %1").arg(Version::current().toString()));
    resize(1024, 700);
}

QString MainWindow::placeholderText() const
{
    return m_clusterList->hintText();
}

} // namespace spillway::views
