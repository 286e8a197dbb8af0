#pragma once

#include <QPointF>
#include <QString>

#include <map>
#include <vector>

namespace spillway::console {

// Where the federation map draws each cluster: slots on rings around the centre, 6 on the first
// ring, 12 on the second, 6k on the k-th, all about one spacing apart. A cluster keeps its slot
// for as long as it is on the map and a newcomer takes the lowest free slot, so clusters coming
// and going never move the others (a layout recomputed from the list would shuffle every box
// whenever one cluster joined).
class MapLayout
{
public:
    explicit MapLayout(double spacing = 260) : m_spacing(spacing) {}

    // Frees the slots of clusters no longer in IDS, gives each new one (in IDS' order) the lowest
    // free slot, and returns every cluster's position.
    std::map<QString, QPointF> place(const std::vector<QString> &ids);
    // The slot CLUSTERID holds (-1: none).
    int slotOf(const QString &clusterId) const;
    // The centre of slot SLOT: slot 0 at the top of the first ring, then clockwise, ring by ring.
    QPointF position(int slot) const;

private:
    double m_spacing;
    std::map<QString, int> m_slots;
};

} // namespace spillway::console
