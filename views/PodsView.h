#pragma once

#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;
class QLineEdit;
class QTableView;
class QTabWidget;

namespace spillway::console {
class ClusterClients;
class OffloadedPodsModel;
class PeerGraphModel;
class PodEventsModel;
class PodFilterProxy;
struct PodFilter;
}

namespace spillway::views {

class PodExecView;
class PodLogView;

// The pods panel: every consumer pod on a virtual node, with the provider it really runs in and
// its phase (live, from the peer graph's watches), filtered by cluster, namespace, provider, phase
// and name; below it the selected pod's log, a terminal in it, and its events from both sides (the
// consumer's and the provider's about the twin). Log and terminal stream through one client per
// cluster; the events come from the peer graph's watches.
class PodsView : public QWidget
{
    Q_OBJECT
public:
    PodsView(console::OffloadedPodsModel *pods, console::PeerGraphModel *graph, QWidget *parent = nullptr);
    ~PodsView() override;

    QTableView *table() const { return m_table; }
    PodLogView *log() const { return m_log; }
    PodExecView *exec() const { return m_exec; }
    // The selected pod's events (newest first) and the table that shows them.
    console::PodEventsModel *eventsModel() const { return m_eventsModel; }
    QTableView *events() const { return m_events; }
    // Shows the terminal (true) or the log (false) of the selected pod.
    void showTerminal(bool terminal);
    // Selects the pod with this key (cluster ID/namespace/name) and opens its log, clearing the
    // filters if they hide it; false if not listed.
    bool select(const QString &key);
    // The key of the pod chosen last, whose log, terminal and events are open (empty: none, or it
    // is gone; its log stays readable until another is chosen).
    const QString &chosenPod() const { return m_openKey; }
    // The filters, as the bar above the table shows them; setting them updates the bar.
    const console::PodFilter &filter() const;
    void setFilter(const console::PodFilter &filter);
    // "3 of 12 pods" (the count line above the table).
    QString countText() const;

private:
    void openSelected();
    // Around an update of the table or a change of the filter: what the view does to the
    // selection meanwhile (a neighbour made current when the chosen pod's row goes) is not a
    // choice; afterwards the chosen pod is selected again if it is still listed, nothing otherwise.
    void holdSelection();
    void keepSelection();
    bool selectListed(const QString &key, bool scroll = true);
    // The choices of the filter bar from the rows now listed, keeping what is chosen.
    void refreshChoices();
    void applyBar();
    void showCount();

    console::OffloadedPodsModel *m_pods;
    console::PeerGraphModel *m_graph;
    QTableView *m_table;
    console::PodFilterProxy *m_filter;
    QComboBox *m_cluster, *m_namespace, *m_provider, *m_phase;
    QLineEdit *m_text;
    QLabel *m_count, *m_empty;
    std::unique_ptr<console::ClusterClients> m_clients;   // before the views that stream through it
    QTabWidget *m_details;
    PodLogView *m_log;
    PodExecView *m_exec;
    console::PodEventsModel *m_eventsModel;
    QTableView *m_events;
    QString m_openKey;        // the pod whose log, terminal and events are shown
    bool m_updating = false;  // the table is being brought to new snapshots
};

} // namespace spillway::views
