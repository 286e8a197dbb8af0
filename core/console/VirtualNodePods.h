#pragma once

#include "console/Capacity.h"

#include <QHash>
#include <QSet>
#include <QString>
#include <QStringList>
#include <nlohmann/json.hpp>

#include <map>
#include <memory>
#include <set>
#include <utility>
#include <vector>

namespace spillway::console {

// Equal strings made to share one copy: a hundred thousand pods name only a few namespaces,
// nodes, phases and containers. Not for pod names, which are all different.
class StringPool
{
public:
    QString operator()(const QString &s);
    QStringList operator()(const QStringList &list);

private:
    QSet<QString> m_strings;
    QHash<QString, QStringList> m_lists;   // by their items joined
};

// Equal strings, told at once when they share their text: a pod's digest is copied from one
// snapshot to the next, so at a hundred thousand pods most comparisons are of a string with itself.
inline bool sameText(const QString &a, const QString &b)
{
    return (a.constData() == b.constData() && a.size() == b.size()) || a == b;
}

// What the console keeps of one pod on a virtual node: a few strings and numbers, made on the
// watch's thread from the pod as the API sends it. At ten clusters of ten thousand pods the
// console holds a hundred thousand of these; parsed JSON would weigh ten times as much.
struct PodDigest {
    QString ns, name, node, phase;   // phase as the API says it (empty: not yet reported)
    bool terminating = false;        // metadata.deletionTimestamp is set
    int restarts = 0;                // its containers' restartCount, summed
    double cpu = 0, memory = 0;      // its containers' requests, summed (cores, bytes)
    QStringList containers;          // spec order: the first is the default, as for kubectl logs

    // Counts against its node's capacity: neither Succeeded nor Failed.
    bool holdsCapacity() const { return phase != QLatin1String("Succeeded") && phase != QLatin1String("Failed"); }
    // POOL, if given, shares the strings pods have in common.
    static PodDigest of(const nlohmann::json &pod, StringPool *pool = nullptr);
    friend bool operator==(const PodDigest &a, const PodDigest &b)
    {
        return sameText(a.name, b.name) && sameText(a.ns, b.ns) && sameText(a.node, b.node) && sameText(a.phase, b.phase)
               && a.terminating == b.terminating && a.restarts == b.restarts && a.cpu == b.cpu && a.memory == b.memory && a.containers == b.containers;
    }
    // The order snapshots keep pods in: by namespace, then name.
    static bool before(const PodDigest &a, const PodDigest &b)
    {
        if (!sameText(a.ns, b.ns))
            return a.ns < b.ns;
        return !sameText(a.name, b.name) && a.name < b.name;
    }
};

// One cluster's pods on its virtual nodes, as its watch last listed them, in namespace and name
// order, with the totals the console's pages draw. Immutable once made and shared between the
// watch's thread and the GUI's, so a snapshot never copies pods and the GUI never walks them all
// to redraw a gauge.
struct VirtualNodePods {
    using Ptr = std::shared_ptr<const VirtualNodePods>;
    struct PhaseCounts {
        int running = 0, pending = 0, other = 0;
    };

    std::vector<PodDigest> pods;
    std::map<QString, Capacity> usedByNode;   // per virtual node, the requests of the pods holding capacity (pods: how many)
    std::map<std::pair<QString, QString>, PhaseCounts> byNamespaceAndNode;
    std::set<QString> phases;   // of the pods not terminating ("Pending" for one without a phase yet)
    int terminating = 0;

    // Sorts PODS and totals them.
    static Ptr of(std::vector<PodDigest> pods);
    // From Pod items (a list's "items"); what is not an object is skipped.
    static Ptr fromItems(const nlohmann::json &items);
    static Ptr none();   // no pods
    // The pod NS/NAME, or null.
    const PodDigest *find(const QString &ns, const QString &name) const;
};

} // namespace spillway::console
