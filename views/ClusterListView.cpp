#include "ClusterListView.h"

#include "InstallWizard.h"
#include "console/ClusterListModel.h"
#include "console/InstallService.h"

#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

namespace spillway::views {

ClusterListView::ClusterListView(console::ClusterListModel *model, QWidget *parent)
    : QWidget(parent), m_model(model), m_table(new QTableView(this)), m_remove(new QPushButton(tr("Remove"), this)),
      m_install(new QPushButton(tr("Install…"), this)), m_uninstall(new QPushButton(tr("Uninstall…"), this)),
      m_installer(new console::InstallService(this)),
      m_hint(new QLabel(tr("No clusters yet. Add a kubeconfig to get started."), this)), m_status(new QLabel(this))
{
    m_hint->setAlignment(Qt::AlignCenter);
    auto *add = new QPushButton(tr("Add kubeconfig…"), this);
    auto *refresh = new QPushButton(tr("Refresh"), this);
    add->setObjectName(QStringLiteral("addKubeconfig"));
    refresh->setObjectName(QStringLiteral("refresh"));
    m_remove->setObjectName(QStringLiteral("remove"));
    m_remove->setEnabled(false);
    m_install->setObjectName(QStringLiteral("install"));
    m_uninstall->setObjectName(QStringLiteral("uninstall"));
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(add);
    buttons->addWidget(refresh);
    buttons->addWidget(m_remove);
    buttons->addSpacing(16);
    buttons->addWidget(m_install);
    buttons->addWidget(m_uninstall);
    buttons->addStretch();

    m_table->setModel(model);
    m_table->setAccessibleName(tr("Clusters"));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    // Every column as wide as what it shows; the problem (long, also in the tooltip) takes the rest.
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(console::ClusterListModel::Problem, QHeaderView::Stretch);
    m_table->setWordWrap(false);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(buttons);
    layout->addWidget(m_hint);
    layout->addWidget(m_table);
    setAcceptDrops(true);
    connect(model, &QAbstractItemModel::rowsInserted, this, &ClusterListView::updateHint);
    connect(model, &QAbstractItemModel::rowsRemoved, this, &ClusterListView::updateHint);
    updateHint();

    connect(add, &QPushButton::clicked, this, &ClusterListView::addFromDialog);
    connect(refresh, &QPushButton::clicked, model, &console::ClusterListModel::refresh);
    connect(m_remove, &QPushButton::clicked, this, &ClusterListView::removeSelected);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, &ClusterListView::updateButtons);
    connect(model, &QAbstractItemModel::dataChanged, this, &ClusterListView::updateButtons);
    connect(m_install, &QPushButton::clicked, this, [this] { openInstallWizard(selectedRow()); });
    connect(m_uninstall, &QPushButton::clicked, this, [this] { uninstall(selectedRow()); });
    connect(m_installer, &console::InstallService::uninstalled, this, [this](const std::optional<Error> &error, const QStringList &removed) {
        if (error)
            QMessageBox::warning(this, tr("Uninstall failed"), error->toString());
        else
            m_status->setText(tr("Uninstalled: removed %n object(s).", nullptr, int(removed.size())));
        m_model->refresh();
    });
    connect(m_installer, &console::InstallService::step, m_status, &QLabel::setText);
    layout->addWidget(m_status);
    updateButtons();
}

int ClusterListView::selectedRow() const
{
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    return rows.isEmpty() ? -1 : rows.first().row();
}

void ClusterListView::updateButtons()
{
    const int row = selectedRow();
    m_remove->setEnabled(row >= 0);
    const auto state = row >= 0 ? m_model->row(row).state : console::ClusterListModel::State::Probing;
    // A cluster without Spillway offers the install; one with it the uninstall.
    m_install->setEnabled(state == console::ClusterListModel::State::NotInstalled);
    m_uninstall->setEnabled(state == console::ClusterListModel::State::Ready && !m_installer->running());
}

InstallWizard *ClusterListView::openInstallWizard(int row)
{
    if (row < 0 || row >= m_model->rowCount())
        return nullptr;
    auto *wizard = new InstallWizard(m_model->row(row).entry, m_model->data(m_model->index(row, console::ClusterListModel::Name)).toString(), this);
    wizard->setAttribute(Qt::WA_DeleteOnClose);
    // The row shows the new install once the cluster is asked again.
    connect(wizard, &InstallWizard::installFinished, m_model, [this](bool ok) {
        if (ok)
            m_model->refresh();
    });
    wizard->show();
    return wizard;
}

void ClusterListView::uninstall(int row, bool confirm)
{
    if (row < 0 || row >= m_model->rowCount())
        return;
    const QString name = m_model->data(m_model->index(row, console::ClusterListModel::Name)).toString();
    if (confirm
        && QMessageBox::question(this, tr("Uninstall Spillway"),
                                 tr("Remove Spillway from %1? Its CRDs and everything made of them go too. Clusters still peered refuse it: unpeer first.").arg(name))
               != QMessageBox::Yes)
        return;
    m_status->setText(tr("Uninstalling Spillway from %1…").arg(name));
    m_installer->uninstall(m_model->row(row).entry, false);
    updateButtons();
}

void ClusterListView::updateHint()
{
    const bool empty = m_model->rowCount() == 0;
    m_hint->setVisible(empty);
    m_table->setVisible(!empty);
}

QString ClusterListView::statusText() const
{
    return m_status->text();
}

QString ClusterListView::hintText() const
{
    return m_model->rowCount() == 0 ? m_hint->text() : QString();
}

void ClusterListView::addFromDialog()
{
    const QStringList files = QFileDialog::getOpenFileNames(this, tr("Add kubeconfig files"), QDir::homePath() + QStringLiteral("/.kube"));
    for (const QString &f : files)
        m_model->addKubeconfig(f);
}

void ClusterListView::removeSelected()
{
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    if (!rows.isEmpty())
        m_model->removeRow(rows.first().row());
}

void ClusterListView::dragEnterEvent(QDragEnterEvent *event)
{
    const auto urls = event->mimeData()->urls();
    if (std::any_of(urls.begin(), urls.end(), [](const QUrl &u) { return u.isLocalFile(); }))
        event->acceptProposedAction();
}

void ClusterListView::dropEvent(QDropEvent *event)
{
    for (const QUrl &u : event->mimeData()->urls())
        if (u.isLocalFile())
            m_model->addKubeconfig(u.toLocalFile());
    event->acceptProposedAction();
}

} // namespace spillway::views
