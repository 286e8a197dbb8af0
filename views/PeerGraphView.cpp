#include "PeerGraphView.h"

#include "MapDetails.h"
#include "MapItems.h"
#include "console/MapCards.h"
#include "console/PeerGraphModel.h"

#include <QBuffer>
#include <QDateTime>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QGraphicsRectItem>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsView>
#include <QHBoxLayout>
#include <QImageWriter>
#include <QKeyEvent>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QMouseEvent>
#include <QSaveFile>
#include <QScrollArea>
#include <QSvgGenerator>
#include <QToolButton>
#include <QVBoxLayout>
#include <QVariantAnimation>
#include <QWheelEvent>
#include <QtMath>

#include <algorithm>
#include <map>

namespace spillway::views {

using console::PeerGraph;

namespace {

constexpr int kClusterKey = MapItems::kClusterKey, kProviderKey = MapItems::kProviderKey;
constexpr qreal kMinZoom = 0.1, kMaxZoom = 8, kMaxFitZoom = 2;

// Scales VIEW by FACTOR, keeping its scale within kMinZoom..kMaxZoom (a map zoomed to a dot or
// to one letter is lost).
void zoomView(QGraphicsView *view, qreal factor)
{
    const qreal now = view->transform().m11();
    const qreal target = std::clamp(now * factor, kMinZoom, kMaxZoom);
    view->scale(target / now, target / now);
}

// The cluster box under a point (empty: none).
QString clusterAt(const QGraphicsView *view, const QPoint &pos)
{
    for (QGraphicsItem *item : view->items(pos))
        if (qgraphicsitem_cast<QGraphicsRectItem *>(item))
            return item->data(kClusterKey).toString();
    return {};
}

// Wheel zooms; a cluster dragged onto another asks to peer them (dragged = consumer); the keys
// the page handles (arrows, zoom, fit) go to it before the view scrolls with them.
class ZoomingView : public QGraphicsView
{
public:
    using QGraphicsView::QGraphicsView;
    std::function<void(const QString &consumer, const QString &provider)> dropped;
    std::function<bool(int key)> keyPressed;

protected:
    void wheelEvent(QWheelEvent *event) override
    {
        zoomView(this, std::pow(1.0015, event->angleDelta().y()));
        event->accept();
    }
    void keyPressEvent(QKeyEvent *event) override
    {
        if (keyPressed && keyPressed(event->key()))
            event->accept();
        else
            QGraphicsView::keyPressEvent(event);
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

// Writes BYTES to PATH whole or not at all (an export never leaves half a file over an old one).
QString writeWhole(const QString &path, const QByteArray &bytes)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
        return PeerGraphView::tr("Could not write %1: %2. Choose a folder you can write to.").arg(QDir::toNativeSeparators(path), file.errorString());
    return {};
}

QToolButton *toolButton(QWidget *parent, const QString &text, const QString &tip, const QKeySequence &keys = {})
{
    auto *button = new QToolButton(parent);
    button->setText(text);
    button->setToolTip(keys.isEmpty() ? tip : PeerGraphView::tr("%1 (%2)").arg(tip, keys.toString(QKeySequence::NativeText)));
    button->setAccessibleName(tip);
    button->setAutoRaise(true);
    return button;
}

} // namespace

PeerGraphView::PeerGraphView(console::PeerGraphModel *model, QWidget *parent)
    : QWidget(parent), m_model(model), m_scene(new QGraphicsScene(this)), m_view(new ZoomingView(m_scene, this)), m_details(new QLabel(this)),
      m_empty(new QLabel(tr("No peerings to draw yet: clusters with Spillway installed appear here with the peerings they report."), this)),
      m_pulse(new QVariantAnimation(this))
{
    // A tunnel that goes down is seen at a glance: its arrow swells and shrinks a few times.
    m_pulse->setStartValue(0.0);
    m_pulse->setEndValue(1.0);
    m_pulse->setDuration(700);
    m_pulse->setLoopCount(4);
    connect(m_pulse, &QVariantAnimation::valueChanged, this, [this](const QVariant &v) { applyPulse(v.toReal()); });
    connect(m_pulse, &QVariantAnimation::finished, this, [this] {
        applyPulse(0);
        m_pulsing.clear();
    });
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setDragMode(QGraphicsView::ScrollHandDrag);
    m_details->setWordWrap(true);
    m_details->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_details->setText(hint());
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setWordWrap(true);
    m_view->setAccessibleName(tr("Federation map"));
    m_view->setFocusPolicy(Qt::StrongFocus);
    auto *tools = new QHBoxLayout;
    QToolButton *fitButton = toolButton(this, tr("Fit"), tr("Show every cluster"), QKeySequence(Qt::Key_0));
    QToolButton *zoomIn = toolButton(this, tr("Zoom in"), tr("Zoom in"), QKeySequence(Qt::Key_Plus));
    QToolButton *zoomOut = toolButton(this, tr("Zoom out"), tr("Zoom out"), QKeySequence(Qt::Key_Minus));
    QToolButton *exportButton = toolButton(this, tr("Export…"), tr("Export the map as a PNG or SVG image"));
    connect(fitButton, &QToolButton::clicked, this, &PeerGraphView::fit);
    connect(zoomIn, &QToolButton::clicked, this, [this] { zoomBy(1.25); });
    connect(zoomOut, &QToolButton::clicked, this, [this] { zoomBy(0.8); });
    connect(exportButton, &QToolButton::clicked, this, &PeerGraphView::exportWithDialog);
    for (QToolButton *button : {fitButton, zoomIn, zoomOut, exportButton})
        tools->addWidget(button);
    tools->addStretch(1);
    auto *left = new QVBoxLayout;
    left->addLayout(tools);
    left->addWidget(m_empty);
    left->addWidget(m_view, 1);
    auto *layout = new QHBoxLayout(this);
    layout->addLayout(left, 1);
    // A peering's events can outgrow the window: the panel scrolls.
    auto *detailsArea = new QScrollArea(this);
    detailsArea->setWidget(m_details);
    detailsArea->setWidgetResizable(true);
    detailsArea->setFrameShape(QFrame::NoFrame);
    detailsArea->setMinimumWidth(280);
    detailsArea->setMaximumWidth(380);
    detailsArea->setAccessibleName(tr("Details"));
    layout->addWidget(detailsArea);
    auto *zooming = static_cast<ZoomingView *>(m_view);
    zooming->dropped = [this](const QString &consumer, const QString &provider) { emit peerRequested(consumer, provider); };
    zooming->keyPressed = [this](int key) { return handleKey(key); };
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
    QGraphicsItem *item = itemOf(clusterId, provider);
    if (auto *arrow = qgraphicsitem_cast<QGraphicsPathItem *>(item))
        return arrow->path().pointAtPercent(0.25);   // on the shaft, not the head
    return item ? item->sceneBoundingRect().center() : QPointF();
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
    QGraphicsItem *box = itemOf(clusterId);
    return box ? box->toolTip() : QString();
}

void PeerGraphView::showEvent(QShowEvent *event)
{
    if (m_stale)
        redraw();
    QWidget::showEvent(event);
}

void PeerGraphView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange)
        redraw();
    QWidget::changeEvent(event);
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
    std::vector<QString> ids;
    for (const auto &node : g.nodes)
        ids.push_back(node.clusterId);
    std::map<QString, QPointF> at = m_layout.place(ids);
    m_order = ids;
    std::sort(m_order.begin(), m_order.end(), [this](const QString &a, const QString &b) { return m_layout.slotOf(a) < m_layout.slotOf(b); });

    notePulses(g);
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
        const qreal trim = std::min<qreal>(line.length() / 2 - 2, 56);
        const QLineF unit = line.unitVector();
        const QPointF d = unit.p2() - unit.p1();
        MapItems::addPeering(m_scene, e, console::peeringCardOf(m_model->snapshots(), e), QLineF(a + d * trim, b - d * trim));
        ++m_edgeItems;
    }

    const auto errors = m_model->errors();
    auto agentsOf = [this](const QString &clusterId) {
        for (const console::ClusterPeers &cluster : m_model->snapshots())
            if (cluster.clusterId == clusterId)
                return cluster.agents;
        return std::vector<installer::ComponentStatus>{};
    };
    for (const auto &node : g.nodes) {
        MapItems::Cluster c;
        c.clusterId = node.clusterId;
        c.name = node.name;
        c.inWorkspace = node.inWorkspace;
        c.card = console::clusterCardOf(g, node.clusterId);
        if (auto error = errors.find(node.clusterId); error != errors.end()) {
            // The whole error is in the details; the card says enough to look there.
            const QString why = error->second.message.section(QLatin1Char('\n'), 0, 0);
            c.status = tr("cannot watch: %1").arg(why.size() > 48 ? why.left(47) + QChar(0x2026) : why);
            c.troubled = true;
        } else if (!node.inWorkspace) {
            c.status = tr("%1 (not in the workspace)").arg(node.clusterId);
        } else if (const auto facts = m_model->factsOf(node.clusterId); facts && !facts->spillwayVersion.isEmpty()) {
            c.status = tr("Spillway %1 · %2").arg(facts->spillwayVersion, node.clusterId);
            // Its agents, when they run in the cluster: all Ready, or the first that is not.
            const auto agents = console::agentsHealthOf(agentsOf(node.clusterId));
            if (!agents.text.isEmpty()) {
                c.status = tr("%1 · %2").arg(c.status, agents.text);
                c.troubled = agents.tone == console::Bad;
                c.details = agents.details;
            }
        } else {
            c.status = node.clusterId;
        }
        MapItems::addCluster(m_scene, palette, c, at[node.clusterId]);
        ++m_nodeItems;
    }
    m_scene->setSceneRect(m_scene->itemsBoundingRect().adjusted(-40, -40, 40, 40));
    if (!m_selected.isEmpty()) {
        // The selection outlives the redraw: the same box or arrow is selected again.
        if (QGraphicsItem *item = itemOf(m_selected, m_selectedProvider))
            item->setSelected(true);
        showDetails(m_selected, m_selectedProvider);
    }
}

QGraphicsItem *PeerGraphView::itemOf(const QString &clusterId, const QString &provider) const
{
    for (QGraphicsItem *item : m_scene->items()) {
        if (item->data(kClusterKey).toString() != clusterId || item->data(kProviderKey).toString() != provider)
            continue;
        if ((provider.isEmpty() && qgraphicsitem_cast<QGraphicsRectItem *>(item)) || qgraphicsitem_cast<QGraphicsPathItem *>(item))
            return item;
    }
    return nullptr;
}

void PeerGraphView::notePulses(const PeerGraph &g)
{
    std::map<PeeringKey, PeerGraph::Health> health;
    bool changed = false;
    for (const auto &e : g.edges) {
        PeeringKey key{e.consumer, e.provider};
        if (auto was = m_lastHealth.find(key); was != m_lastHealth.end() && was->second != e.health)
            changed = m_pulsing.insert(key).second || changed;
        health.emplace(std::move(key), e.health);
    }
    std::erase_if(m_pulsing, [&](const PeeringKey &key) { return !health.count(key); });
    m_lastHealth = std::move(health);
    if (changed) {
        m_pulse->stop();
        m_pulse->start();
    }
}

void PeerGraphView::applyPulse(qreal phase)
{
    for (const auto &[consumer, provider] : m_pulsing)
        if (auto *arrow = qgraphicsitem_cast<QGraphicsPathItem *>(itemOf(consumer, provider))) {
            QPen pen = arrow->pen();
            pen.setWidthF(MapItems::kPenWidth + 5 * std::sin(M_PI * phase));
            arrow->setPen(pen);
        }
}

QStringList PeerGraphView::pulsing() const
{
    QStringList out;
    for (const auto &[consumer, provider] : m_pulsing)
        out << consumer + QStringLiteral(" → ") + provider;
    return out;
}

QString PeerGraphView::hint()
{
    return tr("Click a cluster or a peering for its details. Wheel or + and -: zoom; drag: pan; arrows: the next cluster; 0: fit.");
}

void PeerGraphView::selectNeighbour(int step)
{
    if (m_order.empty())
        return;
    const int count = int(m_order.size());
    const auto current = std::find(m_order.begin(), m_order.end(), selectedCluster());
    const int index = current == m_order.end() ? (step > 0 ? 0 : count - 1) : ((int(current - m_order.begin()) + step) % count + count) % count;
    const QString id = m_order[size_t(index)];
    m_scene->clearSelection();
    if (QGraphicsItem *box = itemOf(id)) {
        box->setSelected(true);
        m_view->ensureVisible(box);
    }
    showDetails(id);
}

bool PeerGraphView::handleKey(int key)
{
    switch (key) {
    case Qt::Key_Right:
    case Qt::Key_Down:
        selectNeighbour(1);
        return true;
    case Qt::Key_Left:
    case Qt::Key_Up:
        selectNeighbour(-1);
        return true;
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        zoomBy(1.25);
        return true;
    case Qt::Key_Minus:
        zoomBy(0.8);
        return true;
    case Qt::Key_0:
        fit();
        return true;
    case Qt::Key_Escape:
        m_scene->clearSelection();
        m_selected.clear();
        m_selectedProvider.clear();
        m_details->setText(hint());
        return true;
    default:
        return false;
    }
}

qreal PeerGraphView::zoom() const
{
    return m_view->transform().m11();
}

void PeerGraphView::zoomBy(qreal factor)
{
    zoomView(m_view, factor);
}

void PeerGraphView::fit()
{
    const QRectF all = m_scene->itemsBoundingRect();
    if (all.isEmpty())
        return;
    m_view->fitInView(all.adjusted(-20, -20, 20, 20), Qt::KeepAspectRatio);
    // One cluster alone would fill the screen: no closer than twice its size.
    if (zoom() > kMaxFitZoom) {
        m_view->setTransform(QTransform::fromScale(kMaxFitZoom, kMaxFitZoom));
        m_view->centerOn(all.center());
    }
}

QString PeerGraphView::exportTo(const QString &path) const
{
    const QRectF source = m_scene->itemsBoundingRect().adjusted(-20, -20, 20, 20);
    if (m_nodeItems == 0)
        return tr("Nothing to export: the map has no clusters yet.");
    const QFileInfo info(path);
    if (!info.absoluteDir().exists())
        return tr("Could not write %1: the folder %2 does not exist. Choose an existing folder.")
            .arg(QDir::toNativeSeparators(path), QDir::toNativeSeparators(info.absolutePath()));
    const QRectF target(QPointF(), source.size());
    const QColor background = palette().color(QPalette::Base);
    QBuffer bytes;
    bytes.open(QIODevice::WriteOnly);
    if (info.suffix().compare(QLatin1String("svg"), Qt::CaseInsensitive) == 0) {
        QSvgGenerator svg;
        svg.setOutputDevice(&bytes);
        svg.setSize(source.size().toSize());
        svg.setViewBox(target);
        svg.setTitle(tr("Spillway federation map"));
        QPainter painter(&svg);
        painter.fillRect(target, background);
        m_scene->render(&painter, target, source);
    } else {
        // Twice the map's size, so it stays sharp on a HiDPI screen or a slide.
        QImage image((source.size() * 2).toSize(), QImage::Format_ARGB32_Premultiplied);
        image.setDevicePixelRatio(2);
        image.fill(background);
        {
            QPainter painter(&image);
            painter.setRenderHint(QPainter::Antialiasing);
            m_scene->render(&painter, target, source);
        }
        QImageWriter writer(&bytes, "png");
        if (!writer.write(image))
            return tr("Could not make the PNG image: %1.").arg(writer.errorString());
    }
    return writeWhole(path, bytes.data());
}

void PeerGraphView::exportWithDialog()
{
    QString filter;
    QString path = QFileDialog::getSaveFileName(this, tr("Export the map"), QDir::home().filePath(QStringLiteral("federation-map.png")),
                                                tr("PNG image (*.png);;SVG image (*.svg)"), &filter);
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().isEmpty())
        path += filter.contains(QLatin1String("*.svg")) ? QStringLiteral(".svg") : QStringLiteral(".png");
    if (const QString error = exportTo(path); !error.isEmpty())
        QMessageBox::warning(this, tr("Export the map"), error);
}

void PeerGraphView::showDetails(const QString &clusterId, const QString &provider)
{
    m_selected = clusterId;
    m_selectedProvider = provider;
    const PeerGraph &g = m_model->graph();
    if (!provider.isEmpty()) {
        if (const PeerGraph::Edge *e = g.edge(clusterId, provider))
            m_details->setText(MapDetails::ofPeering(g, *e, console::PeeringDetails::of(m_model->snapshots(), *e), QDateTime::currentMSecsSinceEpoch()));
        return;
    }
    const auto node = std::find_if(g.nodes.begin(), g.nodes.end(), [&](const PeerGraph::Node &n) { return n.clusterId == clusterId; });
    if (node == g.nodes.end())
        return;
    const auto errors = m_model->errors();
    const auto error = errors.find(clusterId);
    m_details->setText(MapDetails::ofCluster(g, *node, error == errors.end() ? std::nullopt : std::optional(error->second)));
}

} // namespace spillway::views
