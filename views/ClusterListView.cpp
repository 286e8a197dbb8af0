#include "ClusterListView.h"

#include "console/ClusterListModel.h"

#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMimeData>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

namespace spillway::views {

ClusterListView::ClusterListView(console::ClusterListModel *model, QWidget *parent)
    : QWidget(parent), m_model(model), m_table(new QTableView(this)), m_remove(new QPushButton(tr("Remove"), this)),
      m_hint(new QLabel(tr("No clusters yet. Add a kubeconfig to get started."), this))
{
    m_hint->setAlignment(Qt::AlignCenter);
    auto *add = new QPushButton(tr("Add kubeconfig…"), this);
    auto *refresh = new QPushButton(tr("Refresh"), this);
    add->setObjectName(QStringLiteral("addKubeconfig"));
    refresh->setObjectName(QStringLiteral("refresh"));
    m_remove->setObjectName(QStringLiteral("remove"));
    m_remove->setEnabled(false);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(add);
    buttons->addWidget(refresh);
    buttons->addWidget(m_remove);
    buttons->addStretch();

    m_table->setModel(model);
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
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            [this] { m_remove->setEnabled(m_table->selectionModel()->hasSelection()); });
}

void ClusterListView::updateHint()
{
    const bool empty = m_model->rowCount() == 0;
    m_hint->setVisible(empty);
    m_table->setVisible(!empty);
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
