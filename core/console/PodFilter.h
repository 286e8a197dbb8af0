#pragma once

#include "console/KeyedTableModel.h"

#include <QIdentityProxyModel>
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

// What the pods panel lists of OffloadedPodsTable (or a KeyedTableModel of its columns): the
// rows PodFilter matches. With no filter chosen — most of the time — it passes the table's rows
// and signals straight through and filters nothing: a QSortFilterProxyModel keeps a map of every
// row and renumbers it at each inserted or removed range, which at a hundred thousand pods in
// churn cost the GUI 1–2 ms per update for nothing. A filter puts that proxy in between; turning
// it on or off resets the listing (views take a chosen row up again by key: PodsView).
class PodFilterProxy : public QIdentityProxyModel
{
    Q_OBJECT
public:
    explicit PodFilterProxy(QObject *parent = nullptr);

    void setTable(QAbstractItemModel *table);
    const PodFilter &filter() const { return m_filter; }
    void setFilter(const PodFilter &filter);
    // This listing's index of a table's index (invalid: the filter hides that row).
    QModelIndex fromTable(const QModelIndex &tableIndex) const;

private:
    class Matching;
    QAbstractItemModel *m_table = nullptr;
    Matching *m_matching;
    PodFilter m_filter;
};
} // namespace spillway::console
