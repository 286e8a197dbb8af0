#include "console/PodFilter.h"

#include "console/OffloadedPods.h"

#include <QSortFilterProxyModel>

namespace spillway::console {

using Column = OffloadedPodsModel::Column;

bool PodFilter::matches(const KeyedTableModel::Row &row) const
{
    auto is = [&](const QString &wanted, Column column) { return wanted.isEmpty() || row.cells.value(column) == wanted; };
    return is(cluster, Column::Cluster) && is(ns, Column::Namespace) && is(provider, Column::Provider) && is(phase, Column::Phase)
           && (text.isEmpty() || row.cells.value(Column::Pod).contains(text.trimmed(), Qt::CaseInsensitive));
}

// The rows a non-empty filter keeps.
class PodFilterProxy::Matching : public QSortFilterProxyModel
{
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;
    PodFilter filter;

    void refilter(const PodFilter &to)
    {
        filter = to;
        invalidateFilter();
    }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &) const override
    {
        if (const auto *pods = qobject_cast<const OffloadedPodsTable *>(sourceModel()); pods && sourceRow >= 0 && sourceRow < pods->rowCount())
            return filter.matches(pods->rowAt(sourceRow));
        if (const auto *table = qobject_cast<const KeyedTableModel *>(sourceModel()); table && sourceRow >= 0 && size_t(sourceRow) < table->rows().size())
            return filter.matches(table->rows()[size_t(sourceRow)]);
        return true;
    }
};

PodFilterProxy::PodFilterProxy(QObject *parent) : QIdentityProxyModel(parent), m_matching(new Matching(this)) {}

void PodFilterProxy::setTable(QAbstractItemModel *table)
{
    m_table = table;
    m_matching->setSourceModel(m_filter.isEmpty() ? nullptr : table);
    setSourceModel(m_filter.isEmpty() ? table : m_matching);
}

void PodFilterProxy::setFilter(const PodFilter &filter)
{
    if (filter == m_filter)
        return;
    const bool wasEmpty = m_filter.isEmpty();
    m_filter = filter;
    if (wasEmpty != filter.isEmpty()) {
        m_matching->filter = filter;
        setTable(m_table);   // the proxy in or out of the way: one reset
    } else if (!filter.isEmpty()) {
        m_matching->refilter(filter);
    }
}

QModelIndex PodFilterProxy::fromTable(const QModelIndex &tableIndex) const
{
    return mapFromSource(m_filter.isEmpty() ? tableIndex : m_matching->mapFromSource(tableIndex));
}

} // namespace spillway::console
