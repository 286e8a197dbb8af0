#pragma once

#include <QAbstractTableModel>
#include <QStringList>

#include <vector>

namespace spillway::console {

// A table of text rows, each with a key, that takes a whole new set of rows at once and applies
// only the difference: changed rows send dataChanged, new ones are inserted, gone ones removed —
// one batch per update, never a reset, so views keep their selection and scroll position.
class KeyedTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    struct Row {
        QString key;
        QStringList cells;
        int tone = 0;   // for views to colour: 0 neutral, 1 good, 2 warning, 3 bad
        friend bool operator==(const Row &, const Row &) = default;
    };
    static constexpr int ToneRole = Qt::UserRole + 1;
    static constexpr int KeyRole = Qt::UserRole + 2;

    explicit KeyedTableModel(QStringList headers, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    void setRows(std::vector<Row> rows);
    const std::vector<Row> &rows() const { return m_rows; }
    // The row with this key (nullptr: none).
    const Row *find(const QString &key) const;

private:
    QStringList m_headers;
    std::vector<Row> m_rows;
};

} // namespace spillway::console
