#pragma once

#include <QWidget>

class QLabel;
class QTableView;

namespace spillway::console {
class OffloadedPodsModel;
class PeerGraphModel;
}

namespace spillway::views {

class PodLogView;

// The pods panel: every consumer pod on a virtual node, with the provider it really runs in and
// its phase (live, from the peer graph's watches), and below it the log of the pod selected.
class PodsView : public QWidget
{
    Q_OBJECT
public:
    PodsView(console::OffloadedPodsModel *pods, console::PeerGraphModel *graph, QWidget *parent = nullptr);

    QTableView *table() const { return m_table; }
    PodLogView *log() const { return m_log; }
    // Selects the pod with this key (cluster ID/namespace/name) and opens its log; false if not listed.
    bool select(const QString &key);

private:
    void openSelected();

    console::OffloadedPodsModel *m_pods;
    console::PeerGraphModel *m_graph;
    QTableView *m_table;
    QLabel *m_empty;
    PodLogView *m_log;
};

} // namespace spillway::views
