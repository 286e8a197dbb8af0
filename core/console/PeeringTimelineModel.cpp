#include "console/PeeringTimelineModel.h"

#include <algorithm>

namespace spillway::console {

PeeringTimelineModel::PeeringTimelineModel(std::function<qint64()> now, QObject *parent) : QAbstractTableModel(parent), m_now(std::move(now))
{
}

int PeeringTimelineModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int PeeringTimelineModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString PeeringTimelineModel::stageTitle(Stage stage)
{
    switch (stage) {
    case Stage::Network: return tr("Network: tunnel between the gateways");
    case Stage::Authentication: return tr("Authentication: identities and certificates");
    case Stage::Resources: return tr("Resources: the provider grants a ResourceSlice");
    case Stage::VirtualNode: return tr("Virtual node Ready in the consumer");
    }
    return {};
}

qint64 PeeringTimelineModel::elapsedMs(Stage stage) const
{
    const Row &r = m_rows[size_t(stage)];
    return r.state == State::Running ? m_now() - r.startedAt : r.elapsedMs;
}

QVariant PeeringTimelineModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const Stage stage = Stage(index.row());
    const Row &r = m_rows[size_t(index.row())];
    if (role == StateRole)
        return int(r.state);
    if (role == Qt::ToolTipRole)
        return r.detail.isEmpty() ? QVariant() : QVariant(r.detail);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case StageColumn: return stageTitle(stage);
    case StateColumn:
        switch (r.state) {
        case State::Pending: return tr("Waiting");
        case State::Running: return tr("Running…");
        case State::Done: return tr("Done");
        case State::Skipped: return tr("Skipped");
        case State::Cancelled: return tr("Cancelled");
        case State::Failed: return tr("Failed: %1").arg(r.detail);
        }
        return {};
    case TimeColumn:
        if (r.state == State::Pending || r.state == State::Skipped)
            return QString();
        return tr("%1 s").arg(double(elapsedMs(stage)) / 1000.0, 0, 'f', 1);
    }
    return {};
}

QVariant PeeringTimelineModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case StageColumn: return tr("Stage");
    case StateColumn: return tr("State");
    case TimeColumn: return tr("Elapsed");
    }
    return {};
}

void PeeringTimelineModel::changed(Stage stage)
{
    emit dataChanged(index(int(stage), 0), index(int(stage), ColumnCount - 1));
}

void PeeringTimelineModel::reset()
{
    beginResetModel();
    m_rows = {};
    endResetModel();
}

void PeeringTimelineModel::started(Stage stage)
{
    Row &r = m_rows[size_t(stage)];
    r.state = State::Running;
    r.startedAt = m_now();
    r.detail.clear();
    changed(stage);
}

void PeeringTimelineModel::done(Stage stage, qint64 elapsedMs)
{
    Row &r = m_rows[size_t(stage)];
    r.state = State::Done;
    r.elapsedMs = elapsedMs;
    changed(stage);
}

void PeeringTimelineModel::skipped(Stage stage)
{
    m_rows[size_t(stage)].state = State::Skipped;
    changed(stage);
}

void PeeringTimelineModel::failed(Stage stage, const Error &error)
{
    Row &r = m_rows[size_t(stage)];
    r.elapsedMs = r.state == State::Running ? m_now() - r.startedAt : 0;
    r.state = error.kind == Error::Kind::Cancelled ? State::Cancelled : State::Failed;
    r.detail = error.hint.isEmpty() ? error.message : tr("%1 — %2").arg(error.message, error.hint);
    changed(stage);
}

void PeeringTimelineModel::tick()
{
    for (size_t i = 0; i < m_rows.size(); ++i)
        if (m_rows[i].state == State::Running)
            emit dataChanged(index(int(i), TimeColumn), index(int(i), TimeColumn));
}

bool PeeringTimelineModel::finished() const
{
    return std::all_of(m_rows.begin(), m_rows.end(), [](const Row &r) { return r.state == State::Done || r.state == State::Skipped; });
}

} // namespace spillway::console
