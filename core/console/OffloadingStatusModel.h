#pragma once

#include <QAbstractTableModel>
#include <nlohmann/json.hpp>

#include <vector>

namespace spillway::console {

// A NamespaceOffloading's status as the editor shows it after apply: the phase, and one row per
// peer cluster with its OffloadingRequired and Ready conditions (reason and message of the one
// that is not true, else of Ready).
class OffloadingStatusModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Cluster, Selected, Ready, Reason, Message, ColumnCount };
    struct Row {
        QString cluster, selected, ready, reason, message;
        friend bool operator==(const Row &, const Row &) = default;
    };

    explicit OffloadingStatusModel(QObject *parent = nullptr) : QAbstractTableModel(parent) {}
    int rowCount(const QModelIndex &parent = {}) const override { return parent.isValid() ? 0 : int(m_rows.size()); }
    int columnCount(const QModelIndex &parent = {}) const override { return parent.isValid() ? 0 : ColumnCount; }
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // The object's status; `current` says whether the controller has seen the latest spec
    // (observedGeneration == generation): until then the phase reads as pending.
    void setStatus(const nlohmann::json &status, qint64 generation);
    // One row per peer cluster of STATUS's remoteNamespacesConditions.
    static std::vector<Row> rowsOf(const nlohmann::json &status);
    QString phase() const { return m_phase; }
    QString remoteNamespace() const { return m_remoteNamespace; }
    const std::vector<Row> &rows() const { return m_rows; }

private:
    std::vector<Row> m_rows;
    QString m_phase, m_remoteNamespace;
};

} // namespace spillway::console
