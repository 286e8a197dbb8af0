#pragma once

#include "console/MapLayout.h"
#include "console/PeerGraph.h"

#include <QWidget>

#include <map>
#include <set>
#include <vector>

class QGraphicsItem;
class QGraphicsScene;
class QGraphicsView;
class QLabel;
class QMenu;
class QVariantAnimation;

namespace spillway::console {
class PeerGraphModel;
}

namespace spillway::views {

// The peer graph page (the federation map): clusters as cards on rings (their Spillway version,
// and gauges of what they lend and borrow), peerings as arrows consumer → provider coloured by
// tunnel health, styled by module state, labelled with the latency and a dot per module (MapItems);
// an arrow whose health changes pulses for a few seconds; a click shows the details beside it;
// the wheel zooms and dragging pans; a cluster dragged onto another, or the context menu, asks to
// peer or unpeer. Clusters keep their place as others come and go (MapLayout). From the keyboard:
// arrows select the next or previous cluster, + and - zoom, 0 fits. The map exports as PNG or SVG.
// Presents PeerGraphModel.
class PeerGraphView : public QWidget
{
    Q_OBJECT
public:
    explicit PeerGraphView(console::PeerGraphModel *model, QWidget *parent = nullptr);
    ~PeerGraphView() override;

    int nodeItems() const { return m_nodeItems; }
    int edgeItems() const { return m_edgeItems; }
    QString detailsText() const;
    // Shows the details of a cluster (as a click on it does).
    void select(const QString &clusterId);
    // The text drawn on an edge's label, or a cluster card's tooltip: its name and its gauges in
    // full, "Lends: CPU 0.5/7.5 · …" (empty: not drawn).
    QString edgeLabel(const QString &consumer, const QString &provider) const;
    QString nodeBadge(const QString &clusterId) const;
    // The actions of the context menu at a scene point: on a peering "Unpeer", on a cluster
    // "Consume from" each other cluster of the workspace, "Paste invitation…" and "Generate invitation…".
    void fillContextMenu(QMenu &menu, const QPointF &scenePos);
    // Where a cluster's box (provider empty) or a peering's arrow is drawn, in scene coordinates
    // (null: not drawn); and the view that draws them.
    QPointF itemPosition(const QString &clusterId, const QString &provider = {}) const;
    QGraphicsView *canvas() const { return m_view; }
    // The peerings ("consumer → provider") whose health changed at the last redraws, pulsing now.
    QStringList pulsing() const;
    // The selected cluster (empty: none, or a peering).
    QString selectedCluster() const { return m_selectedProvider.isEmpty() ? m_selected : QString(); }
    // Zoom: the canvas' scale; zoomBy multiplies it (within 0.1 to 8); fit shows every cluster.
    qreal zoom() const;
    void zoomBy(qreal factor);
    void fit();
    // Writes the map to PATH: SVG when it ends in .svg, else PNG at twice its size (HiDPI).
    // Returns the error to show (empty: written).
    QString exportTo(const QString &path) const;

signals:
    // A cluster dragged onto another, or "Consume from" chosen: peer them (cluster IDs).
    void peerRequested(const QString &consumer, const QString &provider);
    void unpeerRequested(const QString &consumer, const QString &provider);
    // Out of band: this cluster (a provider) invites a consumer; this cluster (a consumer) peers from a pasted invitation.
    void invitationRequested(const QString &provider);
    void pasteInvitationRequested(const QString &consumer);

protected:
    void showEvent(QShowEvent *event) override;
    void changeEvent(QEvent *event) override;   // a new palette (theme) redraws the map

private:
    void redraw();
    // Arrows: the next (+1) or previous (-1) cluster, in the layout's order.
    void selectNeighbour(int step);
    void exportWithDialog();
    bool handleKey(int key);
    void showDetails(const QString &clusterId, const QString &provider = {});
    // The box of a cluster (provider empty) or a peering's arrow (null: not drawn).
    QGraphicsItem *itemOf(const QString &clusterId, const QString &provider = {}) const;
    static QString hint();
    // Notes which peerings changed health since the last redraw and (re)starts their pulse.
    void notePulses(const console::PeerGraph &graph);
    void applyPulse(qreal phase);

    console::PeerGraphModel *m_model;
    QGraphicsScene *m_scene;
    QGraphicsView *m_view;
    QLabel *m_details, *m_empty;
    console::MapLayout m_layout;
    std::vector<QString> m_order;   // the clusters drawn, by slot
    QString m_selected, m_selectedProvider;
    int m_nodeItems = 0, m_edgeItems = 0;
    bool m_stale = false;   // changed while hidden: redrawn when shown
    using PeeringKey = std::pair<QString, QString>;
    std::map<PeeringKey, console::PeerGraph::Health> m_lastHealth;
    std::set<PeeringKey> m_pulsing;
    QVariantAnimation *m_pulse;
};

} // namespace spillway::views
