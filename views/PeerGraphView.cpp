#include "PeerGraphView.h"

#include "console/PeerGraphModel.h"

#include <QGraphicsRectItem>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsView>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QMouseEvent>
#include <QVBoxLayout>
#include <QWheelEvent>
#include <QtMath>

#include <map>

namespace spillway::views {

using console::PeerGraph;

namespace {

constexpr int kClusterKey = 0, kProviderKey = 1;
constexpr qreal kBoxWidth = 170, kBoxHeight = 64;

// The cluster box under a point (empty: none).
QString clusterAt(const QGraphicsView *view, const QPoint &pos)
{
    for (QGraphicsItem *item : view->items(pos))
        if (qgraphicsitem_cast<QGraphicsRectItem *>(item))
            return item->data(kClusterKey).toString();
    return {};
}

// Wheel zooms; a cluster dragged onto another asks to peer them (dragged = consumer).
class ZoomingView : public QGraphicsView
{
public:
    using QGraphicsView::QGraphicsView;
    std::function<void(const QString &consumer, const QString &provider)> dropped;

protected:
    void wheelEvent(QWheelEvent *event) override
    {
        const qreal factor = std::pow(1.0015, event->angleDelta().y());
        scale(factor, factor);
        event->accept();
    }
    void mousePressEvent(QMouseEvent *event) override
    {
        m_dragFrom = event->button() == Qt::LeftButton ? clusterAt(this, event->pos()) : QString();
        QGraphicsView::mousePressEvent(event);
    }
    void mouseReleaseEvent(QMouseEvent *event) override
    {
        const QString onto = event->button() == Qt::LeftButton ? clusterAt(this, event->pos()) : QString();
        QGraphicsView::mouseReleaseEvent(event);
        if (!m_dragFrom.isEmpty() && !onto.isEmpty() && onto != m_dragFrom && dropped)
            dropped(m_dragFrom, onto);
        m_dragFrom.clear();
    }

private:
    QString m_dragFrom;
};

QColor healthColour(PeerGraph::Health h)
{
    switch (h) {
    case PeerGraph::Health::Up: return QColor(0x2e, 0x9d, 0x3a);
    case PeerGraph::Health::Degraded: return QColor(0xef, 0x8c, 0x00);
    case PeerGraph::Health::Down: return QColor(0xd3, 0x2f, 0x2f);
    case PeerGraph::Health::NoNetwork:
    case PeerGraph::Health::Unknown: return QColor(0x8a, 0x8a, 0x8a);
    }
    return Qt::gray;
}

QString healthName(PeerGraph::Health h)
{
    switch (h) {
    case PeerGraph::Health::Up: return PeerGraphView::tr("up");
    case PeerGraph::Health::Degraded: return PeerGraphView::tr("degraded");
    case PeerGraph::Health::Down: return PeerGraphView::tr("down");
    case PeerGraph::Health::NoNetwork: return PeerGraphView::tr("no network");
    case PeerGraph::Health::Unknown: return PeerGraphView::tr("unknown");
    }
    return {};
}

QString gib(double bytes)
{
    return QString::number(bytes / (1024.0 * 1024 * 1024), 'f', 1);
}

QString usage(const console::Capacity &used, const console::Capacity &capacity)
{
    return PeerGraphView::tr("CPU %1/%2 · %3/%4 GiB · pods %5/%6")
        .arg(QString::number(used.cpu, 'f', 1), QString::number(capacity.cpu, 'f', 1), gib(used.memory), gib(capacity.memory))
        .arg(used.pods)
        .arg(capacity.pods);
}

} // namespace

PeerGraphView::PeerGraphView(console::PeerGraphModel *model, QWidget *parent)
    : QWidget(parent), m_model(model), m_scene(new QGraphicsScene(this)), m_view(new ZoomingView(m_scene, this)), m_details(new QLabel(this)),
      m_empty(new QLabel(tr("No peerings to draw yet: clusters with Spillway installed appear here with the peerings they report."), this))
{
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setDragMode(QGraphicsView::ScrollHandDrag);
    m_details->setWordWrap(true);
    m_details->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_details->setMinimumWidth(260);
    m_details->setMaximumWidth(340);
    m_details->setText(tr("Click a cluster or a peering for its details. Wheel: zoom; drag: pan."));
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setWordWrap(true);
    auto *left = new QVBoxLayout;
    left->addWidget(m_empty);
    left->addWidget(m_view, 1);
    auto *layout = new QHBoxLayout(this);
    layout->addLayout(left, 1);
    layout->addWidget(m_details);
    static_cast<ZoomingView *>(m_view)->dropped = [this](const QString &consumer, const QString &provider) { emit peerRequested(consumer, provider); };
    m_view->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_view, &QWidget::customContextMenuRequested, this, [this](const QPoint &pos) {
        QMenu menu;
        fillContextMenu(menu, m_view->mapToScene(pos));
        if (!menu.isEmpty())
            menu.exec(m_view->viewport()->mapToGlobal(pos));
    });
    connect(m_model, &console::PeerGraphModel::graphChanged, this, &PeerGraphView::redraw);
    connect(m_scene, &QGraphicsScene::selectionChanged, this, [this] {
        const auto items = m_scene->selectedItems();
        if (!items.isEmpty())
            showDetails(items.first()->data(kClusterKey).toString(), items.first()->data(kProviderKey).toString());
    });
    redraw();
}

// The scene is a child, destroyed by QWidget's destructor after this class's part is gone; its
// items' removal then emits selectionChanged, which must no longer reach this.
PeerGraphView::~PeerGraphView()
{
    m_scene->disconnect(this);
}

void PeerGraphView::fillContextMenu(QMenu &menu, const QPointF &scenePos)
{
    const PeerGraph &g = m_model->graph();
    for (QGraphicsItem *item : m_scene->items(scenePos, Qt::IntersectsItemShape, Qt::DescendingOrder, m_view->transform())) {
        const QString cluster = item->data(kClusterKey).toString(), provider = item->data(kProviderKey).toString();
        if (qgraphicsitem_cast<QGraphicsPathItem *>(item) && !provider.isEmpty()) {
            menu.addAction(tr("Unpeer %1 → %2…").arg(cluster, provider), this, [this, cluster, provider] { emit unpeerRequested(cluster, provider); });
            return;
        }
        if (qgraphicsitem_cast<QGraphicsRectItem *>(item)) {
            QMenu *peer = menu.addMenu(tr("Consume from"));
            for (const auto &n : g.nodes)
                if (n.clusterId != cluster && n.inWorkspace)
                    peer->addAction(n.name, this, [this, cluster, id = n.clusterId] { emit peerRequested(cluster, id); });
            peer->setEnabled(!peer->isEmpty());
            menu.addAction(tr("Paste invitation…"), this, [this, cluster] { emit pasteInvitationRequested(cluster); });
            menu.addAction(tr("Generate invitation…"), this, [this, cluster] { emit invitationRequested(cluster); });
            return;
        }
    }
}

QPointF PeerGraphView::itemPosition(const QString &clusterId, const QString &provider) const
{
    for (QGraphicsItem *item : m_scene->items()) {
        if (item->data(kClusterKey).toString() != clusterId || item->data(kProviderKey).toString() != provider)
            continue;
        if (provider.isEmpty() && qgraphicsitem_cast<QGraphicsRectItem *>(item))
            return item->sceneBoundingRect().center();
        if (auto *arrow = qgraphicsitem_cast<QGraphicsPathItem *>(item))
            return arrow->path().pointAtPercent(0.25);   // on the shaft, not the head
    }
    return {};
}

QString PeerGraphView::detailsText() const
{
    return m_details->text();
}

void PeerGraphView::select(const QString &clusterId)
{
    showDetails(clusterId);
}

QString PeerGraphView::edgeLabel(const QString &consumer, const QString &provider) const
{
    for (QGraphicsItem *item : m_scene->items())
        if (item->data(kClusterKey).toString() == consumer && item->data(kProviderKey).toString() == provider)
            if (auto *text = qgraphicsitem_cast<QGraphicsSimpleTextItem *>(item))
                return text->text();
    return {};
}

QString PeerGraphView::nodeBadge(const QString &clusterId) const
{
    for (QGraphicsItem *item : m_scene->items())
        if (item->data(kClusterKey).toString() == clusterId && item->data(kProviderKey).toString() == QLatin1String("badge"))
            if (auto *text = qgraphicsitem_cast<QGraphicsSimpleTextItem *>(item))
                return text->text();
    return {};
}

void PeerGraphView::showEvent(QShowEvent *event)
{
    if (m_stale)
        redraw();
    QWidget::showEvent(event);
}

void PeerGraphView::redraw()
{
    // A hidden page is not redrawn on every change (a churn of pods is many): once, when shown.
    if (!isVisible() && m_nodeItems + m_edgeItems > 0) {
        m_stale = true;
        return;
    }
    m_stale = false;
    const PeerGraph &g = m_model->graph();
    const QSignalBlocker block(m_scene);
    m_scene->clear();
    m_nodeItems = m_edgeItems = 0;
    m_empty->setVisible(g.nodes.empty());
    const QPalette palette = this->palette();
    const int n = int(g.nodes.size());
    const qreal radius = std::max<qreal>(180, n * 60);
    std::map<QString, QPointF> at;
    for (int i = 0; i < n; ++i) {
        const qreal angle = 2 * M_PI * i / std::max(1, n) - M_PI / 2;
        at[g.nodes[size_t(i)].clusterId] = n == 1 ? QPointF() : QPointF(radius * std::cos(angle), radius * std::sin(angle));
    }

    for (const auto &e : g.edges) {
        QPointF a = at[e.consumer], b = at[e.provider];
        QLineF line(a, b);
        // Two peerings between the same pair (both ways) are drawn side by side.
        if (g.edge(e.provider, e.consumer)) {
            const QPointF shift = QLineF(line).normalVector().unitVector().p2() - line.p1();
            a += shift * 8;
            b += shift * 8;
            line = QLineF(a, b);
        }
        // From border to border of the boxes, roughly.
        const qreal trim = std::min<qreal>(line.length() / 2 - 2, 48);
        const QLineF unit = line.unitVector();
        const QPointF d = unit.p2() - unit.p1();
        line = QLineF(a + d * trim, b - d * trim);
        const QColor colour = healthColour(e.health);
        QPen pen(colour, 2.5);
        if (e.health == PeerGraph::Health::Unknown || e.health == PeerGraph::Health::NoNetwork)
            pen.setStyle(Qt::DashLine);
        QPainterPath path(line.p1());
        path.lineTo(line.p2());
        const qreal angle = std::atan2(-d.y(), -d.x());
        const QPointF tip = line.p2();
        path.moveTo(tip);
        path.lineTo(tip + QPointF(std::cos(angle + 0.4), std::sin(angle + 0.4)) * 12);
        path.moveTo(tip);
        path.lineTo(tip + QPointF(std::cos(angle - 0.4), std::sin(angle - 0.4)) * 12);
        auto *arrow = m_scene->addPath(path, pen);
        arrow->setFlag(QGraphicsItem::ItemIsSelectable);
        arrow->setData(kClusterKey, e.consumer);
        arrow->setData(kProviderKey, e.provider);
        arrow->setToolTip(tr("%1 → %2: %3").arg(e.consumer, e.provider, e.healthText.isEmpty() ? healthName(e.health) : e.healthText));
        ++m_edgeItems;
        const QString label = e.latencyMs ? tr("%1 ms").arg(QString::number(*e.latencyMs, 'f', 2)) : healthName(e.health);
        auto *text = m_scene->addSimpleText(label);
        text->setBrush(colour);
        text->setPos(line.center() + QPointF(4, -16));
        text->setData(kClusterKey, e.consumer);
        text->setData(kProviderKey, e.provider);
        text->setAcceptedMouseButtons(Qt::NoButton);
    }

    for (const auto &node : g.nodes) {
        const QPointF c = at[node.clusterId];
        // What this cluster provides: its consumers' virtual nodes for it, summed.
        console::Capacity capacity, used;
        bool provides = false;
        for (const auto &e : g.edges)
            if (e.provider == node.clusterId && !e.virtualNode.isEmpty()) {
                provides = true;
                capacity += e.capacity;
                used += e.used;
            }
        auto *name = m_scene->addSimpleText(node.name);
        QFont bold = name->font();
        bold.setBold(true);
        name->setFont(bold);
        name->setBrush(palette.color(QPalette::Text));
        auto *badge = m_scene->addSimpleText(provides ? usage(used, capacity) : (node.inWorkspace ? node.clusterId : tr("%1 (not in the workspace)").arg(node.clusterId)));
        QFont small = badge->font();
        small.setPointSizeF(small.pointSizeF() * 0.85);
        badge->setFont(small);
        badge->setBrush(palette.color(QPalette::PlaceholderText));
        badge->setData(kClusterKey, node.clusterId);
        badge->setData(kProviderKey, QStringLiteral("badge"));
        // The box fits its texts.
        const qreal width = std::max({kBoxWidth, name->boundingRect().width() + 20, badge->boundingRect().width() + 20});
        auto *box = m_scene->addRect(QRectF(c.x() - width / 2, c.y() - kBoxHeight / 2, width, kBoxHeight),
                                     QPen(node.inWorkspace ? palette.color(QPalette::Highlight) : palette.color(QPalette::Mid), node.inWorkspace ? 2 : 1,
                                          node.inWorkspace ? Qt::SolidLine : Qt::DashLine),
                                     palette.brush(QPalette::Base));
        box->setZValue(-1);
        box->setFlag(QGraphicsItem::ItemIsSelectable);
        box->setData(kClusterKey, node.clusterId);
        ++m_nodeItems;
        name->setPos(c.x() - name->boundingRect().width() / 2, c.y() - kBoxHeight / 2 + 6);
        badge->setPos(c.x() - badge->boundingRect().width() / 2, c.y() + 4);
        // A click on the texts selects the box under them.
        name->setAcceptedMouseButtons(Qt::NoButton);
        badge->setAcceptedMouseButtons(Qt::NoButton);
    }
    m_scene->setSceneRect(m_scene->itemsBoundingRect().adjusted(-40, -40, 40, 40));
    if (!m_selected.isEmpty())
        showDetails(m_selected, m_selectedProvider);
}

void PeerGraphView::showDetails(const QString &clusterId, const QString &provider)
{
    m_selected = clusterId;
    m_selectedProvider = provider;
    const PeerGraph &g = m_model->graph();
    QStringList lines;
    if (!provider.isEmpty()) {
        const PeerGraph::Edge *e = g.edge(clusterId, provider);
        if (!e)
            return;
        lines << tr("<b>%1 → %2</b>").arg(e->consumer.toHtmlEscaped(), e->provider.toHtmlEscaped())
              << tr("Tunnel: %1 (%2)").arg(healthName(e->health), e->healthText.toHtmlEscaped());
        if (e->latencyMs)
            lines << tr("Latency: %1 ms").arg(QString::number(*e->latencyMs, 'f', 3));
        if (!e->virtualNode.isEmpty())
            lines << tr("Virtual node: %1 (%2)").arg(e->virtualNode.toHtmlEscaped(), e->virtualNodeReady ? tr("Ready") : tr("not Ready"))
                  << usage(e->used, e->capacity);
        else if (!e->seenByConsumer)
            lines << tr("Seen from the provider only: add the consumer's kubeconfig for its virtual node.");
    } else {
        const auto node = std::find_if(g.nodes.begin(), g.nodes.end(), [&](const PeerGraph::Node &n) { return n.clusterId == clusterId; });
        if (node == g.nodes.end())
            return;
        lines << tr("<b>%1</b>").arg(node->name.toHtmlEscaped()) << tr("Cluster ID: %1").arg(clusterId.toHtmlEscaped());
        QStringList providers, consumers;
        for (const auto &e : g.edges) {
            if (e.consumer == clusterId)
                providers << e.provider.toHtmlEscaped();
            if (e.provider == clusterId)
                consumers << e.consumer.toHtmlEscaped();
        }
        lines << tr("Consumes from: %1").arg(providers.isEmpty() ? tr("none") : providers.join(QStringLiteral(", ")))
              << tr("Provides to: %1").arg(consumers.isEmpty() ? tr("none") : consumers.join(QStringLiteral(", ")));
        if (!node->inWorkspace)
            lines << tr("Not in the workspace: only its peers report it.");
        const auto errors = m_model->errors();
        if (auto it = errors.find(clusterId); it != errors.end())
            lines << tr("Watch error: %1").arg(it->second.toString().toHtmlEscaped());
    }
    m_details->setText(lines.join(QStringLiteral("<br>")));
}

} // namespace spillway::views
