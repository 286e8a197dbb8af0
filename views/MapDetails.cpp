#include "MapDetails.h"

#include "MapItems.h"
#include "Tone.h"
#include "console/HumanTime.h"

#include <QStringList>

namespace spillway::views {

using console::PeerGraph;
using console::PeeringDetails;

namespace {

QString gib(double bytes)
{
    return QString::number(bytes / (1024.0 * 1024 * 1024), 'f', 1);
}

QString usage(const console::Capacity &used, const console::Capacity &capacity)
{
    return MapDetails::tr("CPU %1/%2 · %3/%4 GiB · pods %5/%6")
        .arg(QString::number(used.cpu, 'f', 1), QString::number(capacity.cpu, 'f', 1), gib(used.memory), gib(capacity.memory))
        .arg(used.pods)
        .arg(capacity.pods);
}

QString amounts(const console::Capacity &c)
{
    return MapDetails::tr("CPU %1 · %2 GiB · pods %3").arg(QString::number(c.cpu, 'f', 1), gib(c.memory)).arg(c.pods);
}

// Text in its tone's colour (neutral: as it is).
QString toned(const QString &text, int tone)
{
    const QColor colour = toneColour(tone);
    return colour.isValid() ? QStringLiteral("<span style=\"color:%1\">%2</span>").arg(colour.name(), text) : text;
}

QString condition(const PeeringDetails::Condition &c)
{
    QString why = c.reason;
    if (!c.message.isEmpty())
        why += (why.isEmpty() ? QString() : QStringLiteral(": ")) + c.message;
    QString line = MapDetails::tr("%1 %2").arg(c.type.toHtmlEscaped(), toned(c.status.toHtmlEscaped(), c.tone));
    if (!why.isEmpty())
        line += QStringLiteral(" — ") + why.toHtmlEscaped();
    return line;
}

QString section(const QString &title)
{
    return QStringLiteral("<br><b>%1</b>").arg(title);
}

QString names(const PeerGraph &g, const QStringList &ids)
{
    QStringList out;
    for (const QString &id : ids)
        out << g.nameOf(id).toHtmlEscaped();
    return out.isEmpty() ? MapDetails::tr("none") : out.join(QStringLiteral(", "));
}

} // namespace

QString MapDetails::ofPeering(const PeerGraph &g, const PeerGraph::Edge &e, const PeeringDetails &d, qint64 nowMs)
{
    QStringList lines;
    lines << tr("<b>%1 → %2</b>").arg(g.nameOf(e.consumer).toHtmlEscaped(), g.nameOf(e.provider).toHtmlEscaped())
          << tr("Tunnel: %1 (%2)").arg(MapItems::healthName(e.health), e.healthText.toHtmlEscaped());
    if (e.latencyMs)
        lines << tr("Latency: %1 ms").arg(QString::number(*e.latencyMs, 'f', 3));
    if (!e.virtualNode.isEmpty())
        lines << tr("Virtual node: %1 (%2)").arg(e.virtualNode.toHtmlEscaped(), e.virtualNodeReady ? tr("Ready") : tr("not Ready")) << usage(e.used, e.capacity);
    else if (!e.seenByConsumer)
        lines << tr("Seen from the provider only: add the consumer's kubeconfig for its virtual node.");

    lines << section(tr("Modules"));
    for (size_t i = 0; i < d.modules.size(); ++i) {
        const auto &m = d.modules[i];
        if (m.disabled) {
            lines << tr("%1: disabled").arg(MapItems::moduleName(i));
            continue;
        }
        QStringList conditions;
        for (const auto &c : m.conditions)
            conditions << condition(c);
        lines << tr("%1: %2").arg(MapItems::moduleName(i), conditions.isEmpty() ? tr("no condition reported") : conditions.join(QStringLiteral("; ")));
    }

    if (!d.slices.empty()) {
        lines << section(tr("ResourceSlices"));
        for (const auto &s : d.slices) {
            lines << tr("%1/%2 in %3 (class %4)").arg(s.ns.toHtmlEscaped(), s.name.toHtmlEscaped(), s.cluster.toHtmlEscaped(),
                                                      s.sliceClass.isEmpty() ? tr("none") : s.sliceClass.toHtmlEscaped())
                  << tr("asked: %1").arg(amounts(s.asked))
                  << (s.answered ? tr("granted: %1").arg(amounts(s.granted)) : tr("granted: not yet answered by the provider"));
            for (const auto &c : s.conditions)
                lines << condition(c);
        }
    }

    if (!d.gateways.empty()) {
        lines << section(tr("Gateways"));
        for (const auto &gw : d.gateways)
            lines << tr("%1: %2 %3/%4 — %5").arg(gw.cluster.toHtmlEscaped(), gw.type.isEmpty() ? tr("Connection") : gw.type.toHtmlEscaped(),
                                                  gw.ns.toHtmlEscaped(), gw.name.toHtmlEscaped(),
                                                  toned((gw.status.isEmpty() ? tr("no status yet") : gw.status).toHtmlEscaped(), console::toneOf(gw.status)))
                         + (gw.latency.isEmpty() ? QString() : QStringLiteral(", ") + gw.latency.toHtmlEscaped());
    }

    lines << section(tr("Events"));
    if (d.events.empty())
        lines << tr("none seen");
    for (const auto &ev : d.events) {
        const int tone = ev.type == QLatin1String("Warning") ? console::Warning : console::Neutral;
        lines << tr("• %1 · %2 · %3 %4: %5")
                     .arg(console::HumanTime::agoAndLocal(ev.time, nowMs).toHtmlEscaped(), ev.cluster.toHtmlEscaped(), ev.object.toHtmlEscaped(),
                          toned(ev.reason.toHtmlEscaped(), tone), ev.message.toHtmlEscaped());
    }
    return lines.join(QStringLiteral("<br>"));
}

QString MapDetails::ofCluster(const PeerGraph &g, const PeerGraph::Node &node, const std::optional<Error> &watchError)
{
    QStringList lines;
    lines << tr("<b>%1</b>").arg(node.name.toHtmlEscaped()) << tr("Cluster ID: %1").arg(node.clusterId.toHtmlEscaped());
    QStringList providers, consumers;
    for (const auto &e : g.edges) {
        if (e.consumer == node.clusterId)
            providers << e.provider;
        if (e.provider == node.clusterId)
            consumers << e.consumer;
    }
    lines << tr("Consumes from: %1").arg(names(g, providers)) << tr("Provides to: %1").arg(names(g, consumers));
    if (const QString gauges = MapItems::gaugesText(console::clusterCardOf(g, node.clusterId)); !gauges.isEmpty())
        lines << gauges.toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("<br>"));
    if (!node.inWorkspace)
        lines << tr("Not in the workspace: only its peers report it.");
    if (watchError)
        lines << toned(tr("Watch error: %1").arg(watchError->toString().toHtmlEscaped()), console::Bad);
    return lines.join(QStringLiteral("<br>"));
}

} // namespace spillway::views
