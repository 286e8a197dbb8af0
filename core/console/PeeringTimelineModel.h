#pragma once

#include "common/Error.h"
#include "peering/PeerWorkflow.h"

#include <QAbstractTableModel>

#include <array>
#include <optional>

namespace spillway::console {

// The peering wizard's timeline: Liqo's stages in order (network → authentication → resources →
// virtual node Ready), each pending, running, done with its elapsed time, skipped, or failed with
// the cause. The elapsed time of the running stage is ticked by the view (tick()), which the
// model asks for the time.
class PeeringTimelineModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    using Stage = peering::PeerWorkflow::Stage;
    enum Column { StageColumn, StateColumn, TimeColumn, ColumnCount };
    enum class State { Pending, Running, Done, Skipped, Failed, Cancelled };
    static constexpr int StateRole = Qt::UserRole + 1;   // int(State)

    // now(): milliseconds from any fixed origin (injected so tests control time).
    explicit PeeringTimelineModel(std::function<qint64()> now, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    void reset();   // every stage pending
    void started(Stage stage);
    void done(Stage stage, qint64 elapsedMs);
    void skipped(Stage stage);
    // The running stage (or `stage`) failed; cancelled when the user asked for it.
    void failed(Stage stage, const Error &error);
    // Repaints the running stage's time.
    void tick();

    State state(Stage stage) const { return m_rows[size_t(stage)].state; }
    qint64 elapsedMs(Stage stage) const;
    // Everything ran: no stage pending, running or failed.
    bool finished() const;
    static QString stageTitle(Stage stage);

private:
    struct Row {
        State state = State::Pending;
        qint64 startedAt = 0, elapsedMs = 0;
        QString detail;   // the failure's message and hint
    };
    void changed(Stage stage);

    std::function<qint64()> m_now;
    std::array<Row, peering::PeerWorkflow::kStages> m_rows;
};

} // namespace spillway::console
