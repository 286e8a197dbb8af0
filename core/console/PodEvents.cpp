#include "console/PodEvents.h"

#include "common/JsonText.h"
#include "console/HumanTime.h"
#include "console/PeerGraphModel.h"
#include "console/PeeringDetails.h"
#include "console/PeeringModules.h"
#include "consts/Labels.h"

#include <QDateTime>

#include <algorithm>

namespace spillway::console {

using nlohmann::json;

QStringList PodEvents::headers()
{
    return {tr("Time"), tr("Recorded in"), tr("Type"), tr("Reason"), tr("Count"), tr("Message")};
}

std::vector<KeyedTableModel::Row> PodEvents::rowsOf(const ClusterPeersRefs &clusters, const PeerGraph &graph, const OffloadedPod &pod, qint64 nowMs)
{
    std::vector<std::pair<QString, KeyedTableModel::Row>> found;
    for (const ClusterPeers &c : clusters) {
        if (c.clusterId != pod.clusterId)
            continue;
        for (const auto &e : elementsOf(c.events)) {
            const json &about = memberOf(e, "involvedObject"), &metadata = memberOf(e, "metadata");
            if (textOf(about, "kind") != QLatin1String("Pod") || textOf(about, "namespace") != pod.ns || textOf(about, "name") != pod.name)
                continue;
            const QString provider = textOf(memberOf(metadata, "annotations"), consts::kReflectedFromProviderAnnotation);
            const QString where = provider.isEmpty() ? c.name : tr("%1 (the twin)").arg(graph.nameOf(provider));
            const QString type = textOf(e, "type"), time = eventTimeOf(e);
            const json &count = memberOf(e, "count");
            found.push_back({time,
                             {eventKeyOf(e),
                              {HumanTime::agoAndLocal(time, nowMs), where, type, textOf(e, "reason"),
                               count.is_number_integer() ? QString::number(count.get<qint64>()) : QStringLiteral("1"), textOf(e, "message")},
                              type == QLatin1String("Warning") ? int(Warning) : int(Neutral)}});
        }
    }
    // RFC 3339 times in UTC sort as text; newest first.
    std::stable_sort(found.begin(), found.end(), [](const auto &a, const auto &b) { return a.first > b.first; });
    std::vector<KeyedTableModel::Row> rows;
    rows.reserve(found.size());
    for (auto &f : found)
        rows.push_back(std::move(f.second));
    return rows;
}

PodEventsModel::PodEventsModel(PeerGraphModel *graph, std::function<qint64()> now, QObject *parent)
    : QObject(parent), m_graph(graph), m_now(now ? std::move(now) : std::function<qint64()>(&QDateTime::currentMSecsSinceEpoch)),
      m_table(new KeyedTableModel(PodEvents::headers(), this))
{
    connect(m_graph, &PeerGraphModel::graphChanged, this, &PodEventsModel::update);
}

void PodEventsModel::setPod(std::optional<OffloadedPod> pod)
{
    m_pod = std::move(pod);
    update();
}

void PodEventsModel::update()
{
    m_table->setRows(m_pod ? PodEvents::rowsOf(m_graph->snapshots(), m_graph->graph(), *m_pod, m_now()) : std::vector<KeyedTableModel::Row>{});
}

} // namespace spillway::console
