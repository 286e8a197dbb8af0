#include "ColumnSizer.h"

#include <QHeaderView>
#include <QTableView>

#include <algorithm>

namespace spillway::views {

ColumnSizer::ColumnSizer(QTableView *table, int intervalMs) : QObject(table), m_table(table), m_intervalMs(intervalMs)
{
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, &ColumnSizer::fit);
    QHeaderView *header = table->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::Interactive);
    connect(header, &QHeaderView::sectionResized, this, [this](int column) {
        if (!m_fitting)
            m_byHand.insert(column);
    });
    QAbstractItemModel *model = table->model();
    for (auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(model, signal, this, &ColumnSizer::changed);
    connect(model, &QAbstractItemModel::dataChanged, this, &ColumnSizer::changed);
    connect(model, &QAbstractItemModel::layoutChanged, this, &ColumnSizer::changed);
    connect(model, &QAbstractItemModel::modelReset, this, [this] {
        m_hadRows = false;   // all new: fitted at once
        changed();
    });
    fit();
}

void ColumnSizer::changed()
{
    if (!m_hadRows && m_table->model()->rowCount() > 0)
        m_timer.start(0);   // the first rows: fitted before the next paint (a zero timer runs first)
    else if (!m_timer.isActive())
        m_timer.start(m_intervalMs);
}

void ColumnSizer::fit()
{
    m_timer.stop();
    m_hadRows = m_table->model()->rowCount() > 0;
    const QHeaderView *header = m_table->horizontalHeader();
    const int last = header->stretchLastSection() ? header->count() - 1 : header->count();
    const QAbstractItemView *view = m_table;   // QTableView makes sizeHintForColumn protected; it is public here
    m_fitting = true;
    for (int column = 0; column < last; ++column) {
        if (m_byHand.count(column) || header->isSectionHidden(column))
            continue;
        if (const int wanted = std::max(view->sizeHintForColumn(column), header->sectionSizeHint(column)); wanted > header->sectionSize(column))
            m_table->setColumnWidth(column, wanted);
    }
    m_fitting = false;
}

} // namespace spillway::views
