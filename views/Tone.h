#pragma once

#include "console/KeyedTableModel.h"

#include <QColor>
#include <QHeaderView>
#include <QStyledItemDelegate>
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

// Colours a KeyedTableModel row's text by its tone (good, warning, bad). A delegate, not a proxy
// model: a proxy keeps a map of every row and redoes it at each insertion and removal, which at a
// hundred thousand pods in churn cost the GUI milliseconds per change.
class ToneDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override
    {
        QStyledItemDelegate::initStyleOption(option, index);
        if (const QColor colour = toneColour(index.data(console::KeyedTableModel::ToneRole).toInt()); colour.isValid())
            option->palette.setBrush(QPalette::Text, colour);
    }
};

// Shows MODEL's rows in TABLE as the console's tables do: coloured by tone, whole rows selected,
// no row numbers, no wrapping, every column as wide as its contents and the last taking the rest;
// NAME is what screen readers call the table; DELEGATE (owned by TABLE) paints its cells, a
// ToneDelegate if none.
inline void presentRows(QTableView *table, QAbstractItemModel *model, const QString &name, ToneDelegate *delegate = nullptr)
{
    table->setModel(model);
    table->setItemDelegate(delegate ? delegate : new ToneDelegate(table));
    table->setAccessibleName(name);
    table->verticalHeader()->hide();
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table->horizontalHeader()->setStretchLastSection(true);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setWordWrap(false);
}

} // namespace spillway::views
