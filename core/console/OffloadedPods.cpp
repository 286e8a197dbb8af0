#include "console/OffloadedPods.h"

#include "console/PeerGraphModel.h"

#include <algorithm>
#include <limits>
#include <set>
#include <tuple>

namespace spillway::console {

namespace {

// Pointers to PODS[first, last): the table's rows point into the snapshot they came from.
std::vector<const PodDigest *> rowsOf(const std::vector<PodDigest> &pods, size_t first = 0, size_t last = size_t(-1))
{
    std::vector<const PodDigest *> rows;
    last = std::min(last, pods.size());
    rows.reserve(last > first ? last - first : 0);
    for (size_t i = first; i < last; ++i)
        rows.push_back(&pods[i]);
    return rows;
}

// Runs of consecutive indexes, as (first, last).
std::vector<std::pair<int, int>> runsOf(const std::vector<int> &indexes)
{
    std::vector<std::pair<int, int>> runs;
    for (int i : indexes) {
        if (!runs.empty() && runs.back().second == i - 1)
            runs.back().second = i;
        else
            runs.emplace_back(i, i);
    }
    return runs;
}

} // namespace

KeyedTableModel::Row OffloadedPods::rowOf(const OffloadedPod &p)
{
    const int tone = p.phase == QLatin1String("Running") || p.phase == QLatin1String("Succeeded") ? 1
                     : p.phase == QLatin1String("Failed")                                          ? 3
                                                                                                   : 2;
    return {p.key(),
            {p.cluster, p.ns, p.name, p.provider.isEmpty() ? QStringLiteral("—") : p.provider, p.node,
             p.phase.isEmpty() ? QStringLiteral("Pending") : p.phase, QString::number(p.restarts)},
            tone};
}

OffloadedPodsTable::OffloadedPodsTable(QObject *parent)
    : QAbstractTableModel(parent),
      m_headers({tr("Cluster"), tr("Namespace"), tr("Pod"), tr("Runs in"), tr("Virtual node"), tr("Phase"), tr("Restarts")})
{
}

void OffloadedPodsTable::apply(const ClusterPeersRefs &clusters, const PeerGraph &graph)
{
    std::vector<Segment> wanted;
    for (const ClusterPeers &c : clusters) {
        Segment s;
        s.clusterId = c.clusterId;
        s.cluster = c.name;
        s.source = c.virtualNodePods;
        s.providerIdOfNode = providersOfVirtualNodes(c);
        for (const auto &[node, provider] : s.providerIdOfNode)
            s.providerOfNode[node] = graph.nameOf(provider);
        wanted.push_back(std::move(s));
    }
    std::sort(wanted.begin(), wanted.end(), [](const Segment &a, const Segment &b) { return std::tie(a.cluster, a.clusterId) < std::tie(b.cluster, b.clusterId); });

    // Clusters added, removed or renamed: rare, and a new table.
    const bool sameClusters = std::equal(wanted.begin(), wanted.end(), m_segments.begin(), m_segments.end(),
                                         [](const Segment &a, const Segment &b) { return a.clusterId == b.clusterId && a.cluster == b.cluster; });
    if (!sameClusters) {
        beginResetModel();
        m_rows = 0;
        for (Segment &s : wanted) {
            s.rows = rowsOf(s.source->pods);
            m_rows += int(s.rows.size());
        }
        m_segments = std::move(wanted);
        endResetModel();
        return;
    }
    int offset = 0;
    for (size_t i = 0; i < wanted.size(); ++i) {
        Segment &s = m_segments[i];
        Segment &w = wanted[i];
        if (w.source != s.source) {
            bringRows(s, w.source->pods, offset);
            s.source = std::move(w.source);
        }
        if (w.providerIdOfNode != s.providerIdOfNode || w.providerOfNode != s.providerOfNode) {
            s.providerIdOfNode = std::move(w.providerIdOfNode);
            s.providerOfNode = std::move(w.providerOfNode);
            if (!s.rows.empty())
                emit dataChanged(index(offset, Provider), index(offset + int(s.rows.size()) - 1, Provider));
        }
        offset += int(s.rows.size());
    }
}

// Both lists are in namespace and name order: one walk finds what left and what came. Gone rows
// leave from the bottom and new ones arrive from the top, a run of neighbours at a time, so the
// rows stay valid at every signal; then changed rows are told in runs.
//
// Past a few runs, the rows between the first and the last difference are replaced at once
// instead: a view pays for each removal with a pass over all its rows (QHeaderView renumbers its
// hidden sections), and pods deleted one after another are scattered through the name order —
// twenty runs were twenty passes over a hundred thousand rows, a 20 ms stall. Views lose their
// persistent indexes in that span (a selection there is taken up again by key: PodsView).
void OffloadedPodsTable::bringRows(Segment &segment, const std::vector<PodDigest> &next, int offset)
{
    std::vector<const PodDigest *> &rows = segment.rows;
    std::vector<int> gone, added;
    for (size_t i = 0, j = 0; i < rows.size() || j < next.size();) {
        if (j == next.size() || (i < rows.size() && PodDigest::before(*rows[i], next[j])))
            gone.push_back(int(i++));
        else if (i == rows.size() || PodDigest::before(next[j], *rows[i]))
            added.push_back(int(j++));
        else
            ++i, ++j;
    }
    const auto goneRuns = runsOf(gone), addedRuns = runsOf(added);
    if (goneRuns.size() + addedRuns.size() > kMostRunsApart) {
        // Both lists agree up to the first difference and after the last one, and the walk
        // found both: the rows before the first gone or new row, and those after the last.
        const size_t none = std::numeric_limits<size_t>::max();
        const size_t prefix = std::min(gone.empty() ? none : size_t(gone.front()), added.empty() ? none : size_t(added.front()));
        const size_t suffix = std::min(gone.empty() ? none : rows.size() - 1 - size_t(gone.back()),
                                       added.empty() ? none : next.size() - 1 - size_t(added.back()));
        replaceSpan(segment, next, offset, prefix, suffix);
    } else {
        for (auto run = goneRuns.rbegin(); run != goneRuns.rend(); ++run) {
            beginRemoveRows({}, offset + run->first, offset + run->second);
            rows.erase(rows.begin() + run->first, rows.begin() + run->second + 1);
            m_rows -= run->second - run->first + 1;
            endRemoveRows();
        }
        for (const auto &[first, last] : addedRuns) {
            beginInsertRows({}, offset + first, offset + last);
            const std::vector<const PodDigest *> arriving = rowsOf(next, first, last + 1);
            rows.insert(rows.begin() + first, arriving.begin(), arriving.end());
            m_rows += last - first + 1;
            endInsertRows();
        }
    }
    // Every row moves to NEXT, so the snapshot the rows came from can go; only the rows that
    // differ are told.
    std::vector<int> changed;
    for (size_t r = 0; r < next.size(); ++r) {
        if (!(*rows[r] == next[r]))
            changed.push_back(int(r));
        rows[r] = &next[r];
    }
    for (const auto &[first, last] : runsOf(changed))
        emit dataChanged(index(offset + first, 0), index(offset + last, Columns - 1));
}

// The rows after the first PREFIX and before the last SUFFIX, which both lists share, replaced
// by NEXT's: one removal and one insertion.
void OffloadedPodsTable::replaceSpan(Segment &segment, const std::vector<PodDigest> &next, int offset, size_t prefix, size_t suffix)
{
    std::vector<const PodDigest *> &rows = segment.rows;
    if (const int leaving = int(rows.size() - prefix - suffix); leaving > 0) {
        beginRemoveRows({}, offset + int(prefix), offset + int(prefix) + leaving - 1);
        rows.erase(rows.begin() + std::ptrdiff_t(prefix), rows.begin() + std::ptrdiff_t(prefix) + leaving);
        m_rows -= leaving;
        endRemoveRows();
    }
    if (const int arriving = int(next.size() - prefix - suffix); arriving > 0) {
        beginInsertRows({}, offset + int(prefix), offset + int(prefix) + arriving - 1);
        const std::vector<const PodDigest *> span = rowsOf(next, prefix, prefix + size_t(arriving));
        rows.insert(rows.begin() + std::ptrdiff_t(prefix), span.begin(), span.end());
        m_rows += arriving;
        endInsertRows();
    }
}

int OffloadedPodsTable::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_rows;
}

int OffloadedPodsTable::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : Columns;
}

std::pair<const OffloadedPodsTable::Segment *, int> OffloadedPodsTable::locate(int row) const
{
    for (const Segment &s : m_segments) {
        if (row < int(s.rows.size()))
            return {&s, row};
        row -= int(s.rows.size());
    }
    return {nullptr, 0};
}

OffloadedPod OffloadedPodsTable::podOf(const Segment &segment, const PodDigest &d) const
{
    OffloadedPod p;
    p.clusterId = segment.clusterId;
    p.cluster = segment.cluster;
    p.ns = d.ns;
    p.name = d.name;
    p.node = d.node;
    if (const auto id = segment.providerIdOfNode.find(d.node); id != segment.providerIdOfNode.end()) {
        p.providerId = id->second;
        p.provider = segment.providerOfNode.at(d.node);
    }
    p.phase = d.terminating ? OffloadedPods::tr("Terminating") : d.phase;
    p.restarts = d.restarts;
    p.containers = d.containers;
    return p;
}

OffloadedPod OffloadedPodsTable::podAt(int row) const
{
    const auto [segment, at] = locate(row);
    return segment ? podOf(*segment, *segment->rows[size_t(at)]) : OffloadedPod{};
}

// Only the cell asked for: a view asks for each visible cell and role on every repaint.
QVariant OffloadedPodsTable::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows || index.column() >= Columns)
        return {};
    const auto [segment, at] = locate(index.row());
    if (!segment)
        return {};
    const PodDigest &d = *segment->rows[size_t(at)];
    const QString phase = d.terminating ? OffloadedPods::tr("Terminating") : d.phase.isEmpty() ? QStringLiteral("Pending") : d.phase;
    switch (role) {
    case KeyedTableModel::ToneRole:
        return phase == QLatin1String("Running") || phase == QLatin1String("Succeeded") ? 1 : phase == QLatin1String("Failed") ? 3 : 2;
    case KeyedTableModel::KeyRole:
        return segment->clusterId + QLatin1Char('/') + d.ns + QLatin1Char('/') + d.name;
    case Qt::DisplayRole:
        break;
    default:
        return {};
    }
    switch (index.column()) {
    case Cluster: return segment->cluster;
    case Namespace: return d.ns;
    case Pod: return d.name;
    case Provider: {
        const auto provider = segment->providerOfNode.find(d.node);
        return provider == segment->providerOfNode.end() || provider->second.isEmpty() ? QStringLiteral("—") : provider->second;
    }
    case VirtualNode: return d.node;
    case Phase: return phase;
    case Restarts: return QString::number(d.restarts);
    default: return {};
    }
}

QVariant OffloadedPodsTable::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::DisplayRole)
        return m_headers.value(section);
    return {};
}

std::optional<OffloadedPod> OffloadedPodsTable::pod(const QString &key) const
{
    const QStringList parts = key.split(QLatin1Char('/'));
    if (parts.size() != 3)
        return std::nullopt;
    for (const Segment &s : m_segments) {
        if (s.clusterId != parts[0])
            continue;
        if (const PodDigest *d = s.source->find(parts[1], parts[2]))
            return podOf(s, *d);
    }
    return std::nullopt;
}

int OffloadedPodsTable::rowOf(const QString &key) const
{
    const QStringList parts = key.split(QLatin1Char('/'));
    if (parts.size() != 3)
        return -1;
    int offset = 0;
    for (const Segment &s : m_segments) {
        // Once apply() returns, a segment's rows are its snapshot's pods, in order.
        if (s.clusterId == parts[0])
            if (const PodDigest *d = s.source->find(parts[1], parts[2]))
                return offset + int(d - s.source->pods.data());
        offset += int(s.rows.size());
    }
    return -1;
}

std::optional<KeyedTableModel::Row> OffloadedPodsTable::find(const QString &key) const
{
    const auto p = pod(key);
    return p ? std::optional(OffloadedPods::rowOf(*p)) : std::nullopt;
}

PodFilterChoices OffloadedPodsTable::choices() const
{
    std::set<QString> clusters, namespaces, providers, phases;
    for (const Segment &s : m_segments) {
        if (s.rows.empty())
            continue;
        clusters.insert(s.cluster);
        for (const auto &[at, counts] : s.source->byNamespaceAndNode) {
            namespaces.insert(at.first);
            const auto provider = s.providerOfNode.find(at.second);
            providers.insert(provider == s.providerOfNode.end() || provider->second.isEmpty() ? QStringLiteral("—") : provider->second);
        }
        phases.insert(s.source->phases.begin(), s.source->phases.end());
        if (s.source->terminating)
            phases.insert(OffloadedPods::tr("Terminating"));
    }
    auto list = [](const std::set<QString> &values) {
        QStringList out;
        for (const QString &v : values)
            if (!v.isEmpty())
                out << v;
        return out;
    };
    return {list(clusters), list(namespaces), list(providers), list(phases)};
}

OffloadedPodsModel::OffloadedPodsModel(PeerGraphModel *graph, QObject *parent)
    : QObject(parent), m_graph(graph), m_table(new OffloadedPodsTable(this))
{
    connect(m_graph, &PeerGraphModel::graphChanged, this, &OffloadedPodsModel::update);
    update();
}

void OffloadedPodsModel::update()
{
    emit aboutToUpdate();
    m_table->apply(m_graph->snapshots(), m_graph->graph());
    emit updated();
}

} // namespace spillway::console
