#pragma once

#include "console/MapCards.h"
#include "console/PeerGraph.h"

#include <QCoreApplication>
#include <QLineF>
#include <QPalette>

class QGraphicsPathItem;
class QGraphicsRectItem;
class QGraphicsScene;

namespace spillway::views {

// The items of the federation map, drawn into a scene: a card per cluster, an arrow per peering.
// Every item carries the cluster (and for a peering, the provider) it shows, under these keys.
struct MapItems {
    Q_DECLARE_TR_FUNCTIONS(MapItems)
public:
    static constexpr int kClusterKey = 0, kProviderKey = 1;
    static constexpr double kPenWidth = 2.5;

    struct Cluster {
        QString clusterId, name;
        QString status;        // its Spillway version and agents, or what is wrong with it
        QStringList details;   // more for the tooltip: one line per agent
        bool inWorkspace = false, troubled = false;
        console::ClusterCard card;
    };
    // A card centred at CENTRE: the name, the status line, and a row of gauges (CPU, memory,
    // pods: used against granted) for what the cluster lends and for what it borrows. The box
    // (returned) is selectable; its tooltip says every gauge and agent in full.
    static QGraphicsRectItem *addCluster(QGraphicsScene *scene, const QPalette &palette, const Cluster &cluster, QPointF centre);
    // An arrow along LINE (consumer → provider): coloured by the tunnel's health, dashed when
    // networking is disabled or unknown, dotted until authentication is established; labelled
    // with the latency and a dot per module (authentication, networking, offloading) in its tone.
    static QGraphicsPathItem *addPeering(QGraphicsScene *scene, const console::PeerGraph::Edge &edge, const console::PeeringCard &card, const QLineF &line);
    static Qt::PenStyle penStyleOf(const console::PeerGraph::Edge &edge, const console::PeeringCard &card);

    static QColor healthColour(console::PeerGraph::Health health);
    static QString healthName(console::PeerGraph::Health health);
    static QString moduleName(size_t module);   // kPeeringModules[module], as the user reads it
    // "Lends: CPU 0.5/7.5 · Memory 0.3/15.0 GiB · Pods 1/110", one line per direction (empty: none).
    static QString gaugesText(const console::ClusterCard &card);
};

} // namespace spillway::views
