#include "console/PodFilter.h"

#include "console/OffloadedPods.h"

#include <set>

namespace spillway::console {

using Column = OffloadedPodsModel::Column;

bool PodFilter::matches(const KeyedTableModel::Row &row) const
{
    auto is = [&](const QString &wanted, Column column) { return wanted.isEmpty() || row.cells.value(column) == wanted; };
    return is(cluster, Column::Cluster) && is(ns, Column::Namespace) && is(provider, Column::Provider) && is(phase, Column::Phase)
           && (text.isEmpty() || row.cells.value(Column::Pod).contains(text.trimmed(), Qt::CaseInsensitive));
}

PodFilterChoices PodFilterChoices::of(const std::vector<KeyedTableModel::Row> &rows)
{
    std::set<QString> clusters, namespaces, providers, phases;
    for (const auto &row : rows) {
        clusters.insert(row.cells.value(Column::Cluster));
        namespaces.insert(row.cells.value(Column::Namespace));
        providers.insert(row.cells.value(Column::Provider));
        phases.insert(row.cells.value(Column::Phase));
    }
    auto list = [](const std::set<QString> &values) {
        QStringList out;
        for (const QString &v : values)
            if (!v.isEmpty())
                out << v;
        return out;
    };
    return {list(clusters), list(namespaces), list(providers), list(phases)};
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
    const auto *table = qobject_cast<const KeyedTableModel *>(sourceModel());
    if (!table || sourceRow < 0 || size_t(sourceRow) >= table->rows().size())
        return true;
    return m_filter.matches(table->rows()[size_t(sourceRow)]);
}

} // namespace spillway::console
