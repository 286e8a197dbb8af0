#pragma once

#include <QWidget>

#include <memory>

class QLabel;
class QTableView;
class QTabWidget;

namespace spillway::console {
class ClusterClients;
class OffloadedPodsModel;
class PeerGraphModel;
}

namespace spillway::views {

class PodExecView;
class PodLogView;

// The pods panel: every consumer pod on a virtual node, with the provider it really runs in and
// its phase (live, from the peer graph's watches), and below it the selected pod's log and a
// terminal in it. Both stream through one client per cluster.
class PodsView : public QWidget
{
    Q_OBJECT
public:
    PodsView(console::OffloadedPodsModel *pods, console::PeerGraphModel *graph, QWidget *parent = nullptr);
    ~PodsView() override;

    QTableView *table() const { return m_table; }
    PodLogView *log() const { return m_log; }
    PodExecView *exec() const { return m_exec; }
    // Shows the terminal (true) or the log (false) of the selected pod.
    void showTerminal(bool terminal);
    // Selects the pod with this key (cluster ID/namespace/name) and opens its log; false if not listed.
    bool select(const QString &key);

private:
    void openSelected();

    console::OffloadedPodsModel *m_pods;
    console::PeerGraphModel *m_graph;
    QTableView *m_table;
    QLabel *m_empty;
    std::unique_ptr<console::ClusterClients> m_clients;   // before the views that stream through it
    QTabWidget *m_details;
    PodLogView *m_log;
    PodExecView *m_exec;
};

} // namespace spillway::views
