#include "console/VirtualNodePods.h"

#include "common/JsonText.h"

#include <algorithm>

namespace spillway::console {

using nlohmann::json;

QString StringPool::operator()(const QString &s)
{
    const auto it = m_strings.constFind(s);
    return it != m_strings.cend() ? *it : *m_strings.insert(s);
}

QStringList StringPool::operator()(const QStringList &list)
{
    const QString key = list.join(QChar(0));
    const auto it = m_lists.constFind(key);
    return it != m_lists.cend() ? *it : *m_lists.insert(key, list);
}

PodDigest PodDigest::of(const json &pod, StringPool *pool)
{
    const json &metadata = memberOf(pod, "metadata"), &spec = memberOf(pod, "spec"), &status = memberOf(pod, "status");
    auto shared = [pool](QString s) { return pool ? (*pool)(s) : s; };
    PodDigest d;
    d.ns = shared(textOf(metadata, "namespace"));
    d.name = textOf(metadata, "name");
    d.node = shared(textOf(spec, "nodeName"));
    d.phase = shared(textOf(status, "phase"));
    d.terminating = !textOf(metadata, "deletionTimestamp").isEmpty();
    for (const auto &s : elementsOf(memberOf(status, "containerStatuses")))
        if (const json &r = memberOf(s, "restartCount"); r.is_number_integer())
            d.restarts += r.get<int>();
    for (const auto &container : elementsOf(memberOf(spec, "containers"))) {
        d.containers << shared(textOf(container, "name"));
        const Capacity requests = Capacity::of(memberOf(memberOf(container, "resources"), "requests"));
        d.cpu += requests.cpu;
        d.memory += requests.memory;
    }
    if (pool)
        d.containers = (*pool)(d.containers);
    return d;
}

VirtualNodePods::Ptr VirtualNodePods::of(std::vector<PodDigest> pods)
{
    auto out = std::make_shared<VirtualNodePods>();
    // A watch hands them over in order already (it keeps them by namespace and name): one pass to
    // see that, not a sort of thousands of pods at each snapshot.
    if (!std::is_sorted(pods.begin(), pods.end(), PodDigest::before))
        std::sort(pods.begin(), pods.end(), PodDigest::before);
    for (const PodDigest &p : pods) {
        if (p.holdsCapacity()) {
            Capacity &used = out->usedByNode[p.node];
            used += Capacity{p.cpu, p.memory, 1};
        }
        if (p.terminating)
            ++out->terminating;
        else
            out->phases.insert(p.phase.isEmpty() ? QStringLiteral("Pending") : p.phase);
        PhaseCounts &n = out->byNamespaceAndNode[{p.ns, p.node}];
        if (p.phase == QLatin1String("Running"))
            ++n.running;
        else if (p.phase == QLatin1String("Pending") || p.phase.isEmpty())
            ++n.pending;
        else
            ++n.other;
    }
    out->pods = std::move(pods);
    return out;
}

VirtualNodePods::Ptr VirtualNodePods::fromItems(const json &items)
{
    std::vector<PodDigest> pods;
    for (const auto &pod : elementsOf(items))
        if (pod.is_object())
            pods.push_back(PodDigest::of(pod));
    return of(std::move(pods));
}

VirtualNodePods::Ptr VirtualNodePods::none()
{
    static const Ptr empty = std::make_shared<const VirtualNodePods>();
    return empty;
}

const PodDigest *VirtualNodePods::find(const QString &ns, const QString &name) const
{
    PodDigest wanted;
    wanted.ns = ns;
    wanted.name = name;
    const auto it = std::lower_bound(pods.begin(), pods.end(), wanted, PodDigest::before);
    return it != pods.end() && it->ns == ns && it->name == name ? &*it : nullptr;
}

} // namespace spillway::console
