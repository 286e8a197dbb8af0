#pragma once

#include <QWidget>

class QGraphicsScene;
class QGraphicsView;
class QLabel;
class QMenu;

namespace spillway::console {
class PeerGraphModel;
}

namespace spillway::views {

// The peer graph page: clusters as boxes on a circle (badge: the capacity their consumers'
// virtual nodes offer and how much of it is used), peerings as arrows consumer → provider
// coloured by tunnel health and labelled with its latency; a click shows the details beside it;
// the wheel zooms and dragging pans; a cluster dragged onto another, or the context menu, asks to
// peer or unpeer. Presents PeerGraphModel.
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
    // The text drawn on an edge's label, or on a node's badge (empty: none).
    QString edgeLabel(const QString &consumer, const QString &provider) const;
    QString nodeBadge(const QString &clusterId) const;
    // The actions of the context menu at a scene point: on a peering "Unpeer", on a cluster
    // "Consume from" each other cluster of the workspace, "Paste invitation…" and "Generate invitation…".
    void fillContextMenu(QMenu &menu, const QPointF &scenePos);
    // Where a cluster's box (provider empty) or a peering's arrow is drawn, in scene coordinates
    // (null: not drawn); and the view that draws them.
    QPointF itemPosition(const QString &clusterId, const QString &provider = {}) const;
    QGraphicsView *canvas() const { return m_view; }

signals:
    // A cluster dragged onto another, or "Consume from" chosen: peer them (cluster IDs).
    void peerRequested(const QString &consumer, const QString &provider);
    void unpeerRequested(const QString &consumer, const QString &provider);
    // Out of band: this cluster (a provider) invites a consumer; this cluster (a consumer) peers from a pasted invitation.
    void invitationRequested(const QString &provider);
    void pasteInvitationRequested(const QString &consumer);

protected:
    void showEvent(QShowEvent *event) override;

private:
    void redraw();
    void showDetails(const QString &clusterId, const QString &provider = {});

    console::PeerGraphModel *m_model;
    QGraphicsScene *m_scene;
    QGraphicsView *m_view;
    QLabel *m_details, *m_empty;
    QString m_selected, m_selectedProvider;
    int m_nodeItems = 0, m_edgeItems = 0;
    bool m_stale = false;   // changed while hidden: redrawn when shown
};

} // namespace spillway::views
