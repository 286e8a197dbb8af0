#pragma once

#include "console/UsageArchive.h"

#include <QObject>

#include <deque>
#include <functional>
#include <map>

namespace spillway::console {

class PeerGraphModel;

// What the console has seen of the federation over time: the usage samples (UsageHistory) and
// every change of a peering's tunnel health. Kept in memory for the session and, given an archive,
// written through to it and read back from it, so a restart continues the history. Time comes from
// the injected clock.
class FederationHistory : public QObject
{
    Q_OBJECT
public:
    enum class Span { Hour, Day, Week };
    static qint64 spanMs(Span span);
    static constexpr int kMaxPoints = 720;       // per line drawn; the archive averages down to it
    static constexpr size_t kMaxChanges = 1000;  // kept in memory; the archive keeps the rest

    FederationHistory(std::function<qint64()> nowMs, UsageArchive *archive = nullptr, QObject *parent = nullptr);
    // Records on every change of the graph (and now); returns itself.
    FederationHistory *follow(PeerGraphModel *graph);
    void record(const PeerGraph &graph);

    bool persistent() const { return m_archive != nullptr; }
    qint64 nowMs() const { return m_now(); }
    const UsageHistory &session() const { return m_session; }
    // The samples of the last hour, day or week, oldest first, at most kMaxPoints of them when
    // they come from the archive (which a caller may ask often: it is read at most once a minute).
    std::vector<UsageHistory::Sample> samples(Span span);
    // The health changes seen, oldest first (the session's, and the archive's latest per peering).
    const std::deque<HealthChange> &changes() const { return m_changes; }
    // When consumer → provider's tunnel last went Down, as far as this console has seen.
    std::optional<HealthChange> lastDrop(const QString &consumer, const QString &provider);

signals:
    // After each change of the graph it follows, recorded or not.
    void updated();

private:
    std::function<qint64()> m_now;
    UsageArchive *m_archive;
    UsageHistory m_session;
    std::deque<HealthChange> m_changes;
    std::map<std::pair<QString, QString>, PeerGraph::Health> m_health;   // each peering's last
    std::map<std::pair<QString, QString>, std::optional<HealthChange>> m_lastDrops;
    struct Cached {
        Span span;
        qint64 atMs;
        std::vector<UsageHistory::Sample> samples;
    };
    std::optional<Cached> m_cached;
};

// "Up", "Down", …: how a health is stored and shown untranslated.
QString healthName(PeerGraph::Health health);
PeerGraph::Health healthNamed(const QString &name);

} // namespace spillway::console
