#pragma once

#include "common/Error.h"
#include "console/MapCards.h"
#include "console/PeerGraph.h"
#include "console/PeeringDetails.h"

#include <QCoreApplication>

#include <optional>

namespace spillway::views {

// The federation map's detail panel, as rich text: a peering's tunnel, modules and their
// conditions, ResourceSlices, virtual node, gateway pair and timeline of events; a cluster's
// roles, what it lends and borrows, and its watch error.
struct MapDetails {
    Q_DECLARE_TR_FUNCTIONS(MapDetails)
public:
    // nowMs: the clock the events' times are read against ("3 min ago").
    static QString ofPeering(const console::PeerGraph &graph, const console::PeerGraph::Edge &edge, const console::PeeringDetails &details, qint64 nowMs);
    static QString ofCluster(const console::PeerGraph &graph, const console::PeerGraph::Node &node, const std::optional<Error> &watchError);
};

} // namespace spillway::views
