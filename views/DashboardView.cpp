#include "DashboardView.h"

#include "ToneProxy.h"
#include "console/Dashboard.h"

#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace spillway::views {

using console::KeyedTableModel;

namespace {

QWidget *section(const QString &title, QTableView *table, QAbstractItemModel *model, bool newestFirst, QWidget *parent)
{
    ToneProxy *proxy = presentRows(table, model, title);
    if (newestFirst) {
        proxy->setDynamicSortFilter(true);
        proxy->sort(0, Qt::DescendingOrder);
    }
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
    auto *proxy = qobject_cast<QSortFilterProxyModel *>(m_peers->model());
    const QAbstractItemModel *rows = proxy->sourceModel();
    for (int r = 0; r < rows->rowCount(); ++r)
        if (rows->index(r, 0).data(KeyedTableModel::KeyRole).toString() == key) {
            const QModelIndex at = proxy->mapFromSource(rows->index(r, 0));
            m_peers->selectRow(at.row());
            m_peers->scrollTo(at);
            return true;
        }
    return false;
}

} // namespace spillway::views
