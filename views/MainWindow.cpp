#include "MainWindow.h"

#include "common/Version.h"

#include <QLabel>
#include <QStatusBar>

namespace spillway::views {

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
{
    setWindowTitle(tr("Spillway"));
    m_placeholder = new QLabel(tr("No clusters yet. Add a kubeconfig to get started."), this);
    m_placeholder->setAlignment(Qt::AlignCenter);
    setCentralWidget(m_placeholder);
    statusBar()->showMessage(tr("Spillway %1").arg(Version::current().toString()));
    resize(1024, 700);
}

QString MainWindow::placeholderText() const
{
    return m_placeholder->text();
}

} // namespace spillway::views
