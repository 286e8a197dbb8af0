#include "MainWindow.h"

#include "ClusterListView.h"
#include "OffloadingEditor.h"
#include "PeerGraphView.h"
#include "console/PeerGraphModel.h"
#include "common/Version.h"

#include <QStatusBar>
#include <QTabWidget>

namespace spillway::views {

MainWindow::MainWindow(console::ClusterListModel *clusters, QWidget *parent)
    : QMainWindow(parent), m_tabs(new QTabWidget(this)), m_clusterList(new ClusterListView(clusters, this)),
      m_offloadingEditor(new OffloadingEditor(clusters, this)), m_peerGraphModel(new console::PeerGraphModel(clusters, 100, this)),
      m_peerGraph(new PeerGraphView(m_peerGraphModel, this))
{
    setWindowTitle(tr("Spillway"));
    m_tabs->addTab(m_clusterList, tr("Clusters"));
    m_tabs->addTab(m_peerGraph, tr("Peers"));
    m_tabs->addTab(m_offloadingEditor, tr("Offloading"));
    setCentralWidget(m_tabs);
    statusBar()->showMessage(tr("Spillway %1").arg(Version::current().toString()));
    resize(1100, 760);
}

QString MainWindow::placeholderText() const
{
    return m_clusterList->hintText();
}

QStringList MainWindow::pageNames()
{
    return {QStringLiteral("clusters"), QStringLiteral("graph"), QStringLiteral("editor")};
}

bool MainWindow::showPage(const QString &name)
{
    const int at = int(pageNames().indexOf(name));
    if (at < 0)
        return false;
    m_tabs->setCurrentIndex(at);
    return true;
}

} // namespace spillway::views
