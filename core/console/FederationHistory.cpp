#include "console/FederationHistory.h"

#include "console/PeerGraphModel.h"

#include <algorithm>

namespace spillway::console {

namespace {

constexpr qint64 kHourMs = 3600 * 1000;
// Reading a day or a week from disk is a query of thousands of rows: at most once a minute; the
// session's newer samples are added to what was read.
constexpr qint64 kArchiveReadEveryMs = 60 * 1000;

} // namespace

QString healthName(PeerGraph::Health health)
{
    switch (health) {
    case PeerGraph::Health::Up: return QStringLiteral("Up");
    case PeerGraph::Health::Degraded: return QStringLiteral("Degraded");
    case PeerGraph::Health::Down: return QStringLiteral("Down");
    case PeerGraph::Health::NoNetwork: return QStringLiteral("NoNetwork");
    case PeerGraph::Health::Unknown: break;
    }
    return QStringLiteral("Unknown");
}

PeerGraph::Health healthNamed(const QString &name)
{
    for (auto h : {PeerGraph::Health::Up, PeerGraph::Health::Degraded, PeerGraph::Health::Down, PeerGraph::Health::NoNetwork})
        if (healthName(h) == name)
            return h;
    return PeerGraph::Health::Unknown;
}

qint64 FederationHistory::spanMs(Span span)
{
    switch (span) {
    case Span::Hour: return kHourMs;
    case Span::Day: return 24 * kHourMs;
    case Span::Week: break;
    }
    return 7 * 24 * kHourMs;
}

FederationHistory::FederationHistory(std::function<qint64()> nowMs, UsageArchive *archive, QObject *parent)
    : QObject(parent), m_now(std::move(nowMs)), m_archive(archive)
{
    if (!m_archive)
        return;
    // The last hour of an earlier session continues in this one, and a peering's health is
    // compared with what was last recorded, so a restart is not a change.
    const qint64 now = m_now();
    m_session.restore(m_archive->samples(now - kHourMs, now, 3600));
    for (HealthChange &c : m_archive->latestChanges()) {
        m_health[{c.consumer, c.provider}] = c.health;
        m_changes.push_back(std::move(c));
    }
    std::sort(m_changes.begin(), m_changes.end(), [](const HealthChange &a, const HealthChange &b) { return a.atMs < b.atMs; });
}

FederationHistory *FederationHistory::follow(PeerGraphModel *graph)
{
    // Not before every watched cluster has answered: a restart would draw a dip to nothing.
    auto onChange = [this, graph] {
        if (graph->waiting() == 0 && !graph->snapshots().empty())
            record(graph->graph());
        else
            emit updated();
    };
    connect(graph, &PeerGraphModel::graphChanged, this, onChange);
    onChange();
    return this;
}

void FederationHistory::record(const PeerGraph &graph)
{
    const qint64 now = m_now();
    m_session.record(now, graph);
    if (m_archive)
        m_archive->append(m_session.samples().back());
    for (const auto &e : graph.edges) {
        auto [at, added] = m_health.try_emplace({e.consumer, e.provider}, e.health);
        if (!added && at->second == e.health)
            continue;
        at->second = e.health;
        HealthChange change{now, e.consumer, e.provider, e.health, e.healthText};
        if (m_archive)
            m_archive->append(change);
        if (change.health == PeerGraph::Health::Down)
            m_lastDrops[{change.consumer, change.provider}] = change;
        m_changes.push_back(std::move(change));
        if (m_changes.size() > kMaxChanges)
            m_changes.pop_front();
    }
    emit updated();
}

std::vector<UsageHistory::Sample> FederationHistory::samples(Span span)
{
    const qint64 now = m_now(), from = now - spanMs(span);
    std::vector<UsageHistory::Sample> out;
    if (m_archive && span != Span::Hour) {
        if (!m_cached || m_cached->span != span || now - m_cached->atMs >= kArchiveReadEveryMs)
            m_cached = Cached{span, now, m_archive->samples(from, now, kMaxPoints)};
        for (const auto &s : m_cached->samples)
            if (s.atMs >= from)
                out.push_back(s);
    }
    const qint64 after = out.empty() ? from - 1 : out.back().atMs;
    for (const auto &s : m_session.samples())
        if (s.atMs > after && s.atMs >= from)
            out.push_back(s);
    return out;
}

std::optional<HealthChange> FederationHistory::lastDrop(const QString &consumer, const QString &provider)
{
    // The dashboard asks on every change: the archive is read once per peering, and a drop seen
    // later replaces the answer.
    const auto key = std::make_pair(consumer, provider);
    if (auto known = m_lastDrops.find(key); known != m_lastDrops.end())
        return known->second;
    std::optional<HealthChange> found;
    for (auto it = m_changes.rbegin(); it != m_changes.rend() && !found; ++it)
        if (it->health == PeerGraph::Health::Down && it->consumer == consumer && it->provider == provider)
            found = *it;
    if (!found && m_archive)
        found = m_archive->lastChangeTo(consumer, provider, PeerGraph::Health::Down);
    m_lastDrops[key] = found;
    return found;
}

} // namespace spillway::console
