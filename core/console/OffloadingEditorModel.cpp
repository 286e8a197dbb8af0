#include "console/OffloadingEditorModel.h"

#include "offloading/OffloadingPolicy.h"

#include <set>

namespace spillway::console {

using nlohmann::json;

QVariant SelectorRowsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || size_t(index.row()) >= m_rows.size() || (role != Qt::DisplayRole && role != Qt::EditRole))
        return {};
    const auto &r = m_rows[size_t(index.row())];
    switch (index.column()) {
    case Term: return role == Qt::EditRole ? QVariant(r.term + 1) : QVariant(tr("alternative %1").arg(r.term + 1));
    case Key: return r.key;
    case Operator: return r.op;
    case Values: return r.values.join(QStringLiteral(", "));
    default: return {};
    }
}

bool SelectorRowsModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (!index.isValid() || role != Qt::EditRole || size_t(index.row()) >= m_rows.size())
        return false;
    auto &r = m_rows[size_t(index.row())];
    switch (index.column()) {
    case Term: {
        bool ok = false;
        const int term = value.toInt(&ok) - 1;
        if (!ok || term < 0)
            return false;
        r.term = term;
        break;
    }
    case Key: r.key = value.toString().trimmed(); break;
    case Operator: r.op = value.toString(); break;
    case Values: {
        QStringList values;
        for (const QString &v : value.toString().split(QLatin1Char(','), Qt::SkipEmptyParts))
            if (!v.trimmed().isEmpty())
                values << v.trimmed();
        r.values = values;
        break;
    }
    default: return false;
    }
    emit dataChanged(index.siblingAtColumn(0), index.siblingAtColumn(ColumnCount - 1));
    emit edited();
    return true;
}

Qt::ItemFlags SelectorRowsModel::flags(const QModelIndex &index) const
{
    return index.isValid() ? Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsEditable : Qt::NoItemFlags;
}

QVariant SelectorRowsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Term: return tr("Term");
    case Key: return tr("Label key");
    case Operator: return tr("Operator");
    case Values: return tr("Values");
    default: return {};
    }
}

void SelectorRowsModel::setRows(Rows rows)
{
    if (rows == m_rows)
        return;
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
}

int SelectorRowsModel::addRow(int term, const QString &key)
{
    if (term < 0) {
        term = 0;
        for (const auto &r : m_rows)
            term = std::max(term, r.term + 1);
    }
    const int at = int(m_rows.size());
    beginInsertRows({}, at, at);
    m_rows.push_back({term, key, QStringLiteral("In"), {}});
    endInsertRows();
    emit edited();
    return at;
}

void SelectorRowsModel::removeRow(int row)
{
    if (row < 0 || size_t(row) >= m_rows.size())
        return;
    beginRemoveRows({}, row, row);
    m_rows.erase(m_rows.begin() + row);
    endRemoveRows();
    emit edited();
}

OffloadingEditorModel::OffloadingEditorModel(QObject *parent) : QObject(parent)
{
    m_yaml = QString::fromUtf8(m_draft.toYaml());
    connect(&m_rows, &SelectorRowsModel::edited, this, &OffloadingEditorModel::rowsEdited);
}

void OffloadingEditorModel::setDraft(const Draft &draft)
{
    const bool hadError = m_yamlError.has_value();
    m_draft = draft;
    m_yamlError.reset();
    m_rows.setRows(m_draft.selector);
    const QString text = QString::fromUtf8(m_draft.toYaml());
    if (text != m_yaml || hadError) {
        m_yaml = text;
        emit yamlChanged(m_yaml);
    }
    emit draftChanged(false);
    emit validityChanged();
}

void OffloadingEditorModel::rowsEdited()
{
    Draft d = m_draft;
    d.selector = m_rows.rows();
    setDraft(d);
}

void OffloadingEditorModel::setYaml(const QString &text)
{
    m_yaml = text;
    auto parsed = Draft::fromYaml(text.toUtf8());
    if (!parsed) {
        m_yamlError = parsed.error();
        emit validityChanged();
        return;
    }
    m_yamlError.reset();
    m_draft = std::move(*parsed);
    m_rows.setRows(m_draft.selector);
    emit draftChanged(true);
    emit validityChanged();
}

QStringList OffloadingEditorModel::problems() const
{
    QStringList out;
    if (m_yamlError)
        out << m_yamlError->message;
    for (const auto &p : m_draft.problems())
        out << QStringLiteral("%1: %2").arg(p.field, p.message);
    return out;
}

void OffloadingEditorModel::setPeers(std::vector<Peer> peers)
{
    m_peers = std::move(peers);
    emit peersChanged();
}

QStringList OffloadingEditorModel::matchingPeers() const
{
    // Rows still being typed (no key yet) are left out rather than matching nothing.
    Draft complete = m_draft;
    std::erase_if(complete.selector, [](const Draft::Requirement &r) { return r.key.isEmpty(); });
    const json selector = complete.clusterSelector();
    std::set<QString> out;
    for (const auto &p : m_peers)
        if (offloading::matchesNodeSelector(selector, p.labels))
            out.insert(p.clusterId);
    return QStringList(out.begin(), out.end());
}

QStringList OffloadingEditorModel::labelKeys() const
{
    std::set<QString> keys;
    for (const auto &p : m_peers)
        for (const auto &[k, v] : p.labels.items())
            keys.insert(QString::fromStdString(k));
    return QStringList(keys.begin(), keys.end());
}

QStringList OffloadingEditorModel::labelValues(const QString &key) const
{
    std::set<QString> values;
    for (const auto &p : m_peers)
        if (auto it = p.labels.find(key.toStdString()); it != p.labels.end() && it->is_string())
            values.insert(QString::fromStdString(it->get<std::string>()));
    return QStringList(values.begin(), values.end());
}

} // namespace spillway::console
