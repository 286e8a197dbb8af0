#include "DashboardView.h"

#include "Tone.h"
#include "console/Dashboard.h"

#include <QHeaderView>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace spillway::views {

using console::KeyedTableModel;

namespace {

QWidget *section(const QString &title, QTableView *table, QAbstractItemModel *model, bool newestFirst, QWidget *parent)
{
    if (newestFirst) {
        auto *sorted = new QSortFilterProxyModel(table);
        sorted->setSourceModel(model);
        sorted->setDynamicSortFilter(true);
        sorted->sort(0, Qt::DescendingOrder);
        model = sorted;
    }
    presentRows(table, model, title);
    auto *box = new QWidget(parent);
    auto *layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *label = new QLabel(QStringLiteral("<b>%1</b>").arg(title.toHtmlEscaped()), box);
    layout->addWidget(label);
    layout->addWidget(table, 1);
    return box;
}

} // namespace

DashboardView::DashboardView(console::DashboardModel *model, QWidget *parent)
    : QWidget(parent), m_peers(new QTableView(this)), m_pods(new QTableView(this)), m_events(new QTableView(this))
{
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(section(tr("Peerings"), m_peers, model->peers(), false, this));
    split->addWidget(section(tr("Offloaded pods"), m_pods, model->pods(), false, this));
    split->addWidget(section(tr("Volumes"), new QTableView(this), model->volumes(), false, this));
    split->addWidget(section(tr("Events"), m_events, model->events(), true, this));
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(split);
}

bool DashboardView::selectPeering(const QString &key)
{
    const QAbstractItemModel *rows = m_peers->model();
    for (int r = 0; r < rows->rowCount(); ++r)
        if (const QModelIndex at = rows->index(r, 0); at.data(KeyedTableModel::KeyRole).toString() == key) {
            m_peers->selectRow(r);
            m_peers->scrollTo(at);
            return true;
        }
    return false;
}

} // namespace spillway::views
