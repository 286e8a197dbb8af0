#pragma once

#include "common/Error.h"
#include "console/ClusterProbe.h"
#include "console/Workspace.h"

#include <QAbstractTableModel>

#include <functional>
#include <optional>
#include <vector>

namespace spillway::console {

// The console's clusters: one row per kubeconfig context the user works with, each asked once
// (off the GUI thread) for reachability, Kubernetes version, Spillway version and cluster ID, or
// the exact error and its fix. A kubeconfig that cannot be read is a row of its own with its
// error, so one broken file hides nothing else. Each answer changes its row only (dataChanged),
// never the whole model.
class ClusterListModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Name, Context, Server, Status, Kubernetes, Spillway, ClusterId, Problem, ColumnCount };
    enum class State { Probing, Ready, NotInstalled, Failed };
    struct Row {
        ClusterEntry entry;
        State state = State::Probing;
        ClusterFacts facts;
        std::optional<Error> error;
        quint64 probe = 0;     // which probe the row waits for (a refresh makes older ones stale)
    };
    using Prober = std::function<Result<ClusterFacts>(const ClusterEntry &)>;
    static constexpr int StateRole = Qt::UserRole + 1;    // int(State)
    static constexpr int ColourRole = Qt::UserRole + 2;   // the entry's "#rrggbb", for the view to paint

    // The prober runs on a thread of its own per probe; by default probeCluster().
    explicit ClusterListModel(QObject *parent = nullptr, Prober prober = {});
    ~ClusterListModel() override;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Adds every context of a kubeconfig file not shown yet, or a row with the file's error.
    // Returns how many rows were added.
    int addKubeconfig(const QString &file);
    // The console's start: the workspace's clusters, or when it has none (or cannot be read) the
    // contexts of the usual kubeconfig files. A workspace that cannot be read is moved aside to
    // <file>.broken, never overwritten by the next save; the returned text says so (empty: fine).
    QString restore(const QString &workspaceFile, const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment());
    // Adds entries as they are (a workspace's), skipping those already shown.
    int addEntries(const std::vector<ClusterEntry> &entries);
    void removeRow(int row);
    // Asks every cluster again.
    void refresh();

    const Row &row(int index) const { return m_rows.at(size_t(index)); }
    Workspace workspace(const QString &name = QStringLiteral("default")) const;
    // Probes still running.
    int pending() const { return m_pending; }

signals:
    // The rows or their entries changed (not only their state): the workspace should be saved.
    void entriesChanged();
    void probesFinished();

private:
    void append(Row row);
    void startProbe(int index);
    void finishProbe(const ClusterEntry &entry, quint64 probe, const Result<ClusterFacts> &result);
    QString statusText(const Row &row) const;
    QString problemText(const Row &row) const;

    std::vector<Row> m_rows;
    Prober m_prober;
    quint64 m_nextProbe = 0;
    int m_pending = 0;
    std::vector<QThread *> m_threads;
};

} // namespace spillway::console
