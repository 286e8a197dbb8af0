#include "MapItems.h"

#include "Tone.h"

#include <QGraphicsEllipseItem>
#include <QGraphicsRectItem>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QPainterPath>
#include <QtMath>

#include <algorithm>

namespace spillway::views {

using console::PeerGraph;

namespace {

constexpr qreal kMinWidth = 230, kHeaderHeight = 44, kRowHeight = 20, kLabelWidth = 58, kBarHeight = 14, kGap = 4;

void tag(QGraphicsItem *item, const QString &cluster, const QString &provider = {})
{
    item->setData(MapItems::kClusterKey, cluster);
    item->setData(MapItems::kProviderKey, provider);
    // A click on a decoration selects the box or the arrow under it.
    item->setAcceptedMouseButtons(Qt::NoButton);
}

QFont smaller(QFont font)
{
    font.setPointSizeF(font.pointSizeF() * 0.8);
    return font;
}

QString percent(double fraction)
{
    return QString::number(qRound(fraction * 100)) + QLatin1Char('%');
}

QString shortName(console::Gauge::Resource r)
{
    switch (r) {
    case console::Gauge::Resource::Cpu: return MapItems::tr("CPU");
    case console::Gauge::Resource::Memory: return MapItems::tr("Mem");
    case console::Gauge::Resource::Pods: return MapItems::tr("Pods");
    }
    return {};
}

// One gauge: the granted share as the bar, the requested share filled in its tone, what
// metrics.k8s.io measures as a tick.
void addGauge(QGraphicsScene *scene, const QPalette &palette, const console::Gauge &g, const QRectF &bar, const QString &cluster)
{
    auto *frame = scene->addRect(bar, QPen(palette.color(QPalette::Mid), 1), palette.brush(QPalette::AlternateBase));
    tag(frame, cluster, QStringLiteral("gauge"));
    QString tip = g.label();
    if (g.granted > 0) {
        QColor fill = toneColour(g.tone());
        fill.setAlpha(170);
        auto *used = scene->addRect(QRectF(bar.topLeft(), QSizeF(bar.width() * std::min(1.0, g.fraction()), bar.height())), Qt::NoPen, fill);
        tag(used, cluster, QStringLiteral("gauge"));
        if (g.measured) {
            const qreal x = bar.left() + bar.width() * std::clamp(*g.measured / g.granted, 0.0, 1.0);
            auto *tick = scene->addLine(QLineF(x, bar.top() - 2, x, bar.bottom() + 2), QPen(palette.color(QPalette::Text), 1.5));
            tag(tick, cluster, QStringLiteral("gauge"));
            tip += MapItems::tr(" (measured %1)").arg(QString::number(*g.measured / (g.resource == console::Gauge::Resource::Memory ? 1024.0 * 1024 * 1024 : 1), 'f', 1));
        }
    }
    auto *text = scene->addSimpleText(QStringLiteral("%1 %2").arg(shortName(g.resource), g.granted > 0 ? percent(g.fraction()) : QStringLiteral("—")));
    text->setFont(smaller(text->font()));
    text->setBrush(palette.color(QPalette::Text));
    text->setPos(bar.center() - text->boundingRect().center());
    tag(text, cluster, QStringLiteral("gauge"));
    frame->setToolTip(tip);
}

} // namespace

QColor MapItems::healthColour(PeerGraph::Health h)
{
    switch (h) {
    case PeerGraph::Health::Up: return toneColour(console::Good);
    case PeerGraph::Health::Degraded: return toneColour(console::Warning);
    case PeerGraph::Health::Down: return toneColour(console::Bad);
    case PeerGraph::Health::NoNetwork:
    case PeerGraph::Health::Unknown: return QColor(0x8a, 0x8a, 0x8a);
    }
    return Qt::gray;
}

QString MapItems::healthName(PeerGraph::Health h)
{
    switch (h) {
    case PeerGraph::Health::Up: return tr("up");
    case PeerGraph::Health::Degraded: return tr("degraded");
    case PeerGraph::Health::Down: return tr("down");
    case PeerGraph::Health::NoNetwork: return tr("no network");
    case PeerGraph::Health::Unknown: return tr("unknown");
    }
    return {};
}

QString MapItems::moduleName(size_t module)
{
    switch (module) {
    case 0: return tr("Authentication");
    case 1: return tr("Networking");
    case 2: return tr("Offloading");
    }
    return {};
}

QString MapItems::gaugesText(const console::ClusterCard &card)
{
    QStringList lines;
    auto line = [&](const QString &title, const console::CapacityFlow &flow) {
        if (flow.peerings == 0)
            return;
        QStringList parts;
        for (const auto &g : console::gaugesOf(flow))
            parts << g.label();
        lines << tr("%1: %2").arg(title, parts.join(QStringLiteral(" · ")));
    };
    line(tr("Lends"), card.lends);
    line(tr("Borrows"), card.borrows);
    return lines.join(QLatin1Char('\n'));
}

QGraphicsRectItem *MapItems::addCluster(QGraphicsScene *scene, const QPalette &palette, const Cluster &c, QPointF centre)
{
    auto *name = scene->addSimpleText(c.name);
    QFont bold = name->font();
    bold.setBold(true);
    name->setFont(bold);
    name->setBrush(palette.color(QPalette::Text));
    tag(name, c.clusterId, QStringLiteral("name"));
    auto *status = scene->addSimpleText(c.status);
    status->setFont(smaller(status->font()));
    status->setBrush(c.troubled ? toneColour(console::Bad) : palette.color(QPalette::PlaceholderText));
    tag(status, c.clusterId, QStringLiteral("status"));
    std::vector<std::pair<QString, const console::CapacityFlow *>> rows;
    if (c.card.lends.peerings > 0)
        rows.emplace_back(tr("Lends"), &c.card.lends);
    if (c.card.borrows.peerings > 0)
        rows.emplace_back(tr("Borrows"), &c.card.borrows);

    // The box fits its texts.
    const qreal width = std::max({kMinWidth, name->boundingRect().width() + 20, status->boundingRect().width() + 20});
    const qreal height = kHeaderHeight + kRowHeight * qreal(rows.size()) + (rows.empty() ? 0 : 4);
    const QRectF rect(centre.x() - width / 2, centre.y() - height / 2, width, height);
    auto *box = scene->addRect(rect,
                               QPen(c.inWorkspace ? palette.color(QPalette::Highlight) : palette.color(QPalette::Mid), c.inWorkspace ? 2 : 1,
                                    c.inWorkspace ? Qt::SolidLine : Qt::DashLine),
                               palette.brush(QPalette::Base));
    box->setZValue(-1);
    box->setFlag(QGraphicsItem::ItemIsSelectable);
    box->setData(kClusterKey, c.clusterId);
    QStringList tip{c.name};
    if (const QString gauges = gaugesText(c.card); !gauges.isEmpty())
        tip << gauges;
    for (const QString &agent : c.details)
        tip << tr("Agent %1").arg(agent);
    box->setToolTip(tip.join(QLatin1Char('\n')));
    name->setPos(centre.x() - name->boundingRect().width() / 2, rect.top() + 6);
    status->setPos(centre.x() - status->boundingRect().width() / 2, rect.top() + 24);

    const qreal barWidth = (width - kLabelWidth - 12 - 2 * kGap) / 3;
    qreal y = rect.top() + kHeaderHeight;
    for (const auto &[title, flow] : rows) {
        auto *label = scene->addSimpleText(title);
        label->setFont(smaller(label->font()));
        label->setBrush(palette.color(QPalette::Text));
        label->setPos(rect.left() + 8, y + (kBarHeight - label->boundingRect().height()) / 2);
        tag(label, c.clusterId, QStringLiteral("gauge"));
        qreal x = rect.left() + kLabelWidth;
        for (const auto &g : console::gaugesOf(*flow)) {
            addGauge(scene, palette, g, QRectF(x, y, barWidth, kBarHeight), c.clusterId);
            x += barWidth + kGap;
        }
        y += kRowHeight;
    }
    return box;
}

Qt::PenStyle MapItems::penStyleOf(const PeerGraph::Edge &e, const console::PeeringCard &card)
{
    if (card.reported && card.modules[0].tone != console::Good && card.modules[0].tone != console::Neutral)
        return Qt::DotLine;   // not authenticated yet (or refused): nothing flows
    if (card.networkingDisabled || e.health == PeerGraph::Health::NoNetwork || e.health == PeerGraph::Health::Unknown)
        return Qt::DashLine;
    return Qt::SolidLine;
}

QGraphicsPathItem *MapItems::addPeering(QGraphicsScene *scene, const PeerGraph::Edge &e, const console::PeeringCard &card, const QLineF &line)
{
    const QColor colour = healthColour(e.health);
    QPen pen(colour, kPenWidth);
    pen.setStyle(penStyleOf(e, card));
    const QLineF unit = line.unitVector();
    const QPointF d = unit.p2() - unit.p1();
    QPainterPath path(line.p1());
    path.lineTo(line.p2());
    const qreal angle = std::atan2(-d.y(), -d.x());
    const QPointF tip = line.p2();
    for (qreal side : {0.4, -0.4}) {
        path.moveTo(tip);
        path.lineTo(tip + QPointF(std::cos(angle + side), std::sin(angle + side)) * 12);
    }
    auto *arrow = scene->addPath(path, pen);
    arrow->setFlag(QGraphicsItem::ItemIsSelectable);
    arrow->setData(kClusterKey, e.consumer);
    arrow->setData(kProviderKey, e.provider);
    QStringList tip2{tr("%1 → %2: %3").arg(e.consumer, e.provider, e.healthText.isEmpty() ? healthName(e.health) : e.healthText)};
    if (card.reported)
        for (size_t i = 0; i < card.modules.size(); ++i)
            tip2 << tr("%1: %2").arg(moduleName(i), card.modules[i].text);
    arrow->setToolTip(tip2.join(QLatin1Char('\n')));

    const QString label = e.latencyMs ? tr("%1 ms").arg(QString::number(*e.latencyMs, 'f', 2)) : healthName(e.health);
    auto *text = scene->addSimpleText(label);
    text->setBrush(colour);
    const QPointF at = line.center() + QPointF(4, -18);
    text->setPos(at);
    tag(text, e.consumer, e.provider);
    // A dot per module after the label, in its tone (grey: not reported or disabled).
    if (card.reported) {
        qreal x = at.x() + text->boundingRect().width() + 6;
        for (size_t i = 0; i < card.modules.size(); ++i) {
            QColor fill = toneColour(card.modules[i].tone);
            if (!fill.isValid())
                fill = QColor(0xb0, 0xb0, 0xb0);
            auto *dot = scene->addEllipse(QRectF(x, at.y() + 4, 8, 8), QPen(fill.darker(130), 1), fill);
            tag(dot, e.consumer, QStringLiteral("module:") + e.provider);
            dot->setToolTip(tr("%1: %2").arg(moduleName(i), card.modules[i].text));
            x += 11;
        }
    }
    return arrow;
}

} // namespace spillway::views
