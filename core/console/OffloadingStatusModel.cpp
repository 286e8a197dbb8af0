#include "console/OffloadingStatusModel.h"

#include "common/JsonText.h"

namespace spillway::console {

using nlohmann::json;

namespace {

constexpr auto text = textOf;

} // namespace

QVariant OffloadingStatusModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || size_t(index.row()) >= m_rows.size() || role != Qt::DisplayRole)
        return {};
    const Row &r = m_rows[size_t(index.row())];
    switch (index.column()) {
    case Cluster: return r.cluster;
    case Selected: return r.selected;
    case Ready: return r.ready;
    case Reason: return r.reason;
    case Message: return r.message;
    default: return {};
    }
}

QVariant OffloadingStatusModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Cluster: return tr("Peer cluster");
    case Selected: return tr("Selected");
    case Ready: return tr("Ready");
    case Reason: return tr("Reason");
    case Message: return tr("Message");
    default: return {};
    }
}

std::vector<OffloadingStatusModel::Row> OffloadingStatusModel::rowsOf(const json &status)
{
    std::vector<Row> rows;
    static const json noConditions = json::array();
    const json &byCluster = memberOf(status, "remoteNamespacesConditions");
    if (!byCluster.is_object())
        return rows;
    for (const auto &[cluster, conditions] : byCluster.items()) {
        Row r;
        r.cluster = QString::fromStdString(cluster);
        const json *notTrue = nullptr, *ready = nullptr, *first = nullptr;
        for (const auto &c : conditions.is_array() ? conditions : noConditions) {
            first = first ? first : &c;
            if (text(c, "type") == QLatin1String("OffloadingRequired"))
                r.selected = text(c, "status");
            if (text(c, "type") == QLatin1String("Ready")) {
                r.ready = text(c, "status");
                ready = &c;
            }
            if (!notTrue && text(c, "status") != QLatin1String("True"))
                notTrue = &c;
        }
        const json *explain = notTrue ? notTrue : ready ? ready : first;
        if (explain) {
            r.reason = text(*explain, "reason");
            r.message = text(*explain, "message");
        }
        rows.push_back(std::move(r));
    }
    return rows;
}

void OffloadingStatusModel::setStatus(const json &status, qint64 generation)
{
    const bool current = generation == 0 || status.value("observedGeneration", qint64(-1)) == generation;
    m_phase = current ? text(status, "offloadingPhase") : QString();
    if (m_phase.isEmpty())
        m_phase = tr("pending (the controller has not answered yet)");
    m_remoteNamespace = text(status, "remoteNamespaceName");
    std::vector<Row> rows = rowsOf(status);
    // One batch: rows that stayed are updated in place, and only a change of the set resets.
    if (rows.size() == m_rows.size() && std::equal(rows.begin(), rows.end(), m_rows.begin(), [](const Row &a, const Row &b) { return a.cluster == b.cluster; })) {
        if (rows != m_rows) {
            m_rows = std::move(rows);
            emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
        }
        return;
    }
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
}

} // namespace spillway::console
