#include "console/KeyedTableModel.h"

#include <cstdint>
#include <map>

namespace spillway::console {

KeyedTableModel::KeyedTableModel(QStringList headers, QObject *parent) : QAbstractTableModel(parent), m_headers(std::move(headers))
{
}

int KeyedTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int KeyedTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_headers.size());
}

QVariant KeyedTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const Row &r = m_rows[size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
    case Qt::ToolTipRole: return r.cells.value(index.column());
    case ToneRole: return r.tone;
    case KeyRole: return r.key;
    }
    return {};
}

QVariant KeyedTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::DisplayRole)
        return m_headers.value(section);
    return {};
}

const KeyedTableModel::Row *KeyedTableModel::find(const QString &key) const
{
    for (const Row &r : m_rows)
        if (r.key == key)
            return &r;
    return nullptr;
}

void KeyedTableModel::setRows(std::vector<Row> rows)
{
    std::map<QString, size_t> wanted;
    for (size_t i = 0; i < rows.size(); ++i)
        wanted.emplace(rows[i].key, i);
    // Gone rows first, from the bottom so indexes stay valid.
    for (int i = int(m_rows.size()) - 1; i >= 0; --i)
        if (!wanted.count(m_rows[size_t(i)].key)) {
            beginRemoveRows({}, i, i);
            m_rows.erase(m_rows.begin() + i);
            endRemoveRows();
        }
    std::map<QString, size_t> have;
    for (size_t i = 0; i < m_rows.size(); ++i)
        have.emplace(m_rows[i].key, i);
    std::vector<Row> added;
    for (Row &r : rows) {
        auto it = have.find(r.key);
        if (it == have.end()) {
            have.emplace(r.key, SIZE_MAX);   // a key given twice is shown once
            added.push_back(std::move(r));
            continue;
        }
        if (it->second == SIZE_MAX)
            continue;
        Row &current = m_rows[it->second];
        if (!(current == r)) {
            current = std::move(r);
            emit dataChanged(index(int(it->second), 0), index(int(it->second), columnCount() - 1));
        }
    }
    if (!added.empty()) {
        beginInsertRows({}, int(m_rows.size()), int(m_rows.size() + added.size()) - 1);
        for (Row &r : added)
            m_rows.push_back(std::move(r));
        endInsertRows();
    }
}

} // namespace spillway::console
