#pragma once

#include "console/KeyedTableModel.h"

#include <QSortFilterProxyModel>
#include <QStringList>

namespace spillway::console {

// What the pods panel shows of OffloadedPodsModel's table: the rows whose cluster, namespace,
// provider ("Runs in") and phase equal the chosen ones (empty: any) and whose pod name contains
// the text, ignoring case. Across ten clusters the list is long; these are the questions a person
// asks of it ("what runs in Milan?", "what is Pending?").
struct PodFilter {
    QString cluster{}, ns{}, provider{}, phase{}, text{};   // braces: designated initializers may leave any out

    bool isEmpty() const { return cluster.isEmpty() && ns.isEmpty() && provider.isEmpty() && phase.isEmpty() && text.isEmpty(); }
    bool matches(const KeyedTableModel::Row &row) const;
    friend bool operator==(const PodFilter &, const PodFilter &) = default;
};

// The values each filter can take: the distinct ones the rows hold, sorted (a choice that
// matches nothing is never offered).
struct PodFilterChoices {
    QStringList clusters, namespaces, providers, phases;
};

// A proxy over OffloadedPodsTable (or a KeyedTableModel of its columns) that keeps the rows
// PodFilter matches.
class PodFilterProxy : public QSortFilterProxyModel
{
    Q_OBJECT
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;

    const PodFilter &filter() const { return m_filter; }
    void setFilter(const PodFilter &filter);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    PodFilter m_filter;
};

} // namespace spillway::console
