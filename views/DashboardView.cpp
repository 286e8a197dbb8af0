#include "DashboardView.h"

#include "console/Dashboard.h"

#include <QColor>
#include <QHeaderView>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace spillway::views {

using console::KeyedTableModel;

namespace {

// Colours a row's text by its tone; sorts when asked to (the events, newest first).
class ToneProxy : public QSortFilterProxyModel
{
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;
    QVariant data(const QModelIndex &index, int role) const override
    {
        if (role == Qt::ForegroundRole) {
            switch (QSortFilterProxyModel::data(index, KeyedTableModel::ToneRole).toInt()) {
            case 1: return QColor(0x2e, 0x9d, 0x3a);
            case 2: return QColor(0xef, 0x8c, 0x00);
            case 3: return QColor(0xd3, 0x2f, 0x2f);
            default: return {};
            }
        }
        return QSortFilterProxyModel::data(index, role);
    }
};

QWidget *section(const QString &title, QTableView *table, QAbstractItemModel *model, bool newestFirst, QWidget *parent)
{
    auto *proxy = new ToneProxy(parent);
    proxy->setSourceModel(model);
    table->setModel(proxy);
    if (newestFirst) {
        proxy->setDynamicSortFilter(true);
        proxy->sort(0, Qt::DescendingOrder);
    }
    table->verticalHeader()->hide();
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table->horizontalHeader()->setStretchLastSection(true);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setWordWrap(false);
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

} // namespace spillway::views
