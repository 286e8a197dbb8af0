#pragma once

#include <QWidget>

class QTableView;

namespace spillway::console {
class DashboardModel;
}

namespace spillway::views {

// The live dashboard: peerings (roles, module conditions, virtual node, tunnel), offloaded pods
// per namespace and provider, and the latest events about peering objects (newest first), each
// row coloured by its state. Watch-driven through DashboardModel; rows change in place.
class DashboardView : public QWidget
{
    Q_OBJECT
public:
    explicit DashboardView(console::DashboardModel *model, QWidget *parent = nullptr);
    QTableView *peersTable() const { return m_peers; }
    QTableView *podsTable() const { return m_pods; }
    QTableView *eventsTable() const { return m_events; }
    // Selects and shows the peering's row (DashboardModel::peeringKey); false when there is none.
    bool selectPeering(const QString &key);

private:
    QTableView *m_peers, *m_pods, *m_events;
};

} // namespace spillway::views
