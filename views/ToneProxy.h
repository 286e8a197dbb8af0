#pragma once

#include "console/KeyedTableModel.h"

#include <QColor>
#include <QHeaderView>
#include <QSortFilterProxyModel>
#include <QTableView>

namespace spillway::views {

// The colour of a tone (console::Tone: good, warning, bad); invalid for neutral.
inline QColor toneColour(int tone)
{
    switch (tone) {
    case 1: return QColor(0x2e, 0x9d, 0x3a);
    case 2: return QColor(0xef, 0x8c, 0x00);
    case 3: return QColor(0xd3, 0x2f, 0x2f);
    default: return {};
    }
}

// Colours a KeyedTableModel row's text by its tone (good, warning, bad); sorts when asked to.
class ToneProxy : public QSortFilterProxyModel
{
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;
    QVariant data(const QModelIndex &index, int role) const override
    {
        if (role == Qt::ForegroundRole) {
            const QColor colour = toneColour(QSortFilterProxyModel::data(index, console::KeyedTableModel::ToneRole).toInt());
            return colour.isValid() ? QVariant(colour) : QVariant();
        }
        return QSortFilterProxyModel::data(index, role);
    }
};

// Shows SOURCE's rows in TABLE as the console's tables do: through a ToneProxy (returned), whole
// rows selected, no row numbers, no wrapping, every column as wide as its contents and the last
// taking the rest; NAME is what screen readers call the table.
inline ToneProxy *presentRows(QTableView *table, QAbstractItemModel *source, const QString &name)
{
    auto *proxy = new ToneProxy(table);
    proxy->setSourceModel(source);
    table->setModel(proxy);
    table->setAccessibleName(name);
    table->verticalHeader()->hide();
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table->horizontalHeader()->setStretchLastSection(true);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setWordWrap(false);
    return proxy;
}

} // namespace spillway::views
