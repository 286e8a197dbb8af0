#include "console/PeerGraphModel.h"

#include "console/ClusterListModel.h"

namespace spillway::console {

PeerGraphModel::PeerGraphModel(ClusterListModel *clusters, int coalesceMs, QObject *parent)
    : QObject(parent), m_clusters(clusters), m_coalesceMs(coalesceMs)
{
    connect(clusters, &QAbstractItemModel::rowsInserted, this, &PeerGraphModel::syncWatches);
    connect(clusters, &QAbstractItemModel::rowsRemoved, this, &PeerGraphModel::syncWatches);
    connect(clusters, &QAbstractItemModel::dataChanged, this, &PeerGraphModel::syncWatches);
    connect(clusters, &QAbstractItemModel::modelReset, this, &PeerGraphModel::syncWatches);
    syncWatches();
}

PeerGraphModel::~PeerGraphModel() = default;

int PeerGraphModel::waiting() const
{
    int n = 0;
    for (const auto &[key, watch] : m_watches)
        if (!m_answered.count(key))
            ++n;
    return n;
}

std::map<QString, Error> PeerGraphModel::errors() const
{
    std::map<QString, Error> out;
    for (const auto &[key, watch] : m_watches)
        if (auto e = watch->lastError())
            out.emplace(watch->peers().clusterId, *e);
    return out;
}

std::optional<ClusterEntry> PeerGraphModel::entryOf(const QString &clusterId) const
{
    for (const auto &[key, watch] : m_watches)
        if (watch->peers().clusterId == clusterId)
            return watch->cluster();
    return std::nullopt;
}

std::optional<ClusterFacts> PeerGraphModel::factsOf(const QString &clusterId) const
{
    for (int i = 0; i < m_clusters->rowCount(); ++i)
        if (const auto &row = m_clusters->row(i); row.state == ClusterListModel::State::Ready && row.facts.clusterId == clusterId)
            return row.facts;
    return std::nullopt;
}

void PeerGraphModel::syncWatches()
{
    std::map<QString, int> wanted;
    for (int i = 0; i < m_clusters->rowCount(); ++i) {
        const auto &row = m_clusters->row(i);
        if (row.state == ClusterListModel::State::Ready && !row.facts.clusterId.isEmpty())
            wanted.emplace(row.entry.kubeconfig + QLatin1Char('\n') + row.entry.context, i);
    }
    bool changed = false;
    for (auto it = m_watches.begin(); it != m_watches.end();) {
        if (wanted.count(it->first)) {
            ++it;
            continue;
        }
        m_answered.erase(it->first);
        it = m_watches.erase(it);
        changed = true;
    }
    for (const auto &[key, at] : wanted) {
        if (m_watches.count(key))
            continue;
        const auto &row = m_clusters->row(at);
        const QString name = m_clusters->data(m_clusters->index(at, ClusterListModel::Name)).toString();
        auto watch = std::make_unique<PeerWatch>(row.entry, name, row.facts.clusterId, m_coalesceMs);
        const QString k = key;
        connect(watch.get(), &PeerWatch::changed, this, [this, k] {
            m_answered[k] = true;
            rebuild();
        });
        connect(watch.get(), &PeerWatch::failed, this, [this, k] {
            m_answered[k] = true;
            emit graphChanged();
        });
        m_watches.emplace(key, std::move(watch));
        changed = true;
    }
    if (changed)
        rebuild();
}

void PeerGraphModel::rebuild()
{
    m_snapshots.clear();
    for (const auto &[key, watch] : m_watches)
        m_snapshots.push_back(std::cref(watch->peers()));
    m_graph = PeerGraph::buildFrom(m_snapshots);
    emit graphChanged();
}

} // namespace spillway::console
