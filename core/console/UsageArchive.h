#pragma once

#include "console/UsageCharts.h"

#include <optional>
#include <vector>

namespace spillway::console {

// A peering's tunnel health as the console saw it change (PeerGraph::Edge::health).
struct HealthChange {
    qint64 atMs = 0;
    QString consumer, provider;   // cluster IDs
    PeerGraph::Health health = PeerGraph::Health::Unknown;
    QString text;                 // the condition or connection state behind it
    friend bool operator==(const HealthChange &, const HealthChange &) = default;
};

// Where the console's history outlives the session (history/SqliteUsageArchive on disk). The
// console works without one: then the history covers the session only.
class UsageArchive
{
public:
    virtual ~UsageArchive() = default;
    virtual void append(const UsageHistory::Sample &sample) = 0;
    virtual void append(const HealthChange &change) = 0;
    // Samples from fromMs to toMs, oldest first; when there are more than maxPoints, neighbours
    // are averaged down to at most that many.
    virtual std::vector<UsageHistory::Sample> samples(qint64 fromMs, qint64 toMs, int maxPoints) = 0;
    // Each peering's last recorded change.
    virtual std::vector<HealthChange> latestChanges() = 0;
    // The last change of consumer → provider to HEALTH.
    virtual std::optional<HealthChange> lastChangeTo(const QString &consumer, const QString &provider, PeerGraph::Health health) = 0;
};

} // namespace spillway::console
