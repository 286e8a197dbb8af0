#include "console/PodFilter.h"

#include "console/OffloadedPods.h"

namespace spillway::console {

using Column = OffloadedPodsModel::Column;

bool PodFilter::matches(const KeyedTableModel::Row &row) const
{
    auto is = [&](const QString &wanted, Column column) { return wanted.isEmpty() || row.cells.value(column) == wanted; };
    return is(cluster, Column::Cluster) && is(ns, Column::Namespace) && is(provider, Column::Provider) && is(phase, Column::Phase)
           && (text.isEmpty() || row.cells.value(Column::Pod).contains(text.trimmed(), Qt::CaseInsensitive));
}

void PodFilterProxy::setFilter(const PodFilter &filter)
{
    if (filter == m_filter)
        return;
    m_filter = filter;
    invalidateFilter();
}

bool PodFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex &) const
{
    // Most of the time nothing is chosen: a hundred thousand rows need not be made to say yes.
    if (m_filter.isEmpty())
        return true;
    if (const auto *pods = qobject_cast<const OffloadedPodsTable *>(sourceModel()); pods && sourceRow >= 0 && sourceRow < pods->rowCount())
        return m_filter.matches(pods->rowAt(sourceRow));
    if (const auto *table = qobject_cast<const KeyedTableModel *>(sourceModel()); table && sourceRow >= 0 && size_t(sourceRow) < table->rows().size())
        return m_filter.matches(table->rows()[size_t(sourceRow)]);
    return true;
}

} // namespace spillway::console
