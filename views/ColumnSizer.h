#pragma once

#include <QObject>
#include <QTimer>

#include <set>

class QTableView;

namespace spillway::views {

// Keeps a large table's columns as wide as their contents without measuring them at every change
// of its model: QHeaderView::ResizeToContents asks every column's cells of up to
// resizeContentsPrecision rows at each insertion, removal and change, which at a hundred thousand
// pods in churn was milliseconds of the GUI's time several times a second. Here the columns are
// fitted at once when rows first arrive (or all are replaced), then at most every INTERVAL while
// they keep changing; a fit only widens a column, and leaves alone one the user has resized.
// It follows the model the table has when it is made (set the model first).
class ColumnSizer : public QObject
{
    Q_OBJECT
public:
    ColumnSizer(QTableView *table, int intervalMs);

    // Fits the columns now (as the timer will).
    void fit();

private:
    void changed();

    QTableView *m_table;
    int m_intervalMs;
    QTimer m_timer;
    std::set<int> m_byHand;   // columns the user has resized
    bool m_fitting = false;
    bool m_hadRows = false;   // the last fit saw rows
};

} // namespace spillway::views
