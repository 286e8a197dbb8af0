#include "resources/PodRequests.h"

#include "common/JsonText.h"

namespace spillway::resources {

using nlohmann::json;

namespace {

// Never negative, never past ±2^62: a quantity the admission refuses must not skew a sum either.
void addTo(ResourceList &to, const QString &key, qint64 milli)
{
    constexpr qint64 cap = qint64(1) << 62;
    to[key].milli = std::min(cap, to.value(key).milli + std::clamp<qint64>(milli, 0, cap));
}

ResourceList requestsOf(const json &container)
{
    const json &resources = memberOf(container, "resources");
    ResourceList r = parseResourceList(memberOf(resources, "requests"));
    const ResourceList limits = parseResourceList(memberOf(resources, "limits"));
    for (auto q = limits.begin(); q != limits.end(); ++q)
        if (!r.contains(q.key()))
            r.insert(q.key(), *q);
    for (auto q = r.begin(); q != r.end(); ++q)
        q->milli = std::max<qint64>(0, q->milli);
    return r;
}

void maxInto(ResourceList &to, const ResourceList &what)
{
    for (auto q = what.begin(); q != what.end(); ++q)
        if (to.value(q.key()).milli < q->milli)
            to[q.key()] = *q;
}

} // namespace

ResourceList podRequests(const json &podSpec)
{
    ResourceList running;
    for (const auto &c : elementsOf(memberOf(podSpec, "containers"))) {
        const ResourceList r = requestsOf(c);
        for (auto q = r.begin(); q != r.end(); ++q)
            addTo(running, q.key(), q->milli);
    }
    // Init containers run one at a time, each beside the sidecars started before it; sidecars
    // keep running beside the containers.
    ResourceList sidecars, initPeak;
    for (const auto &c : elementsOf(memberOf(podSpec, "initContainers"))) {
        const ResourceList r = requestsOf(c);
        if (textOf(c, "restartPolicy") == QLatin1String("Always")) {
            for (auto q = r.begin(); q != r.end(); ++q)
                addTo(sidecars, q.key(), q->milli);
            maxInto(initPeak, sidecars);
        } else {
            ResourceList step = sidecars;
            for (auto q = r.begin(); q != r.end(); ++q)
                addTo(step, q.key(), q->milli);
            maxInto(initPeak, step);
        }
    }
    for (auto q = sidecars.begin(); q != sidecars.end(); ++q)
        addTo(running, q.key(), q->milli);
    maxInto(running, initPeak);
    // Pod-level resources (spec.resources), where set, stand for the whole pod's CPU, memory and
    // hugepages, whatever its containers say.
    const ResourceList podLevel = requestsOf(podSpec);
    for (auto q = podLevel.begin(); q != podLevel.end(); ++q)
        if (q.key() == QLatin1String("cpu") || q.key() == QLatin1String("memory") || q.key().startsWith(QLatin1String("hugepages-")))
            running[q.key()] = *q;
    const ResourceList overhead = parseResourceList(memberOf(podSpec, "overhead"));
    for (auto q = overhead.begin(); q != overhead.end(); ++q)
        addTo(running, q.key(), q->milli);
    return running;
}

std::optional<QString> invalidQuantity(const json &podSpec)
{
    const auto bad = [](const json &list) -> std::optional<QString> {
        if (!list.is_object())
            return list.is_null() ? std::nullopt : std::optional<QString>(QString());
        for (auto it = list.begin(); it != list.end(); ++it) {
            const QString text = it->is_string() ? QString::fromStdString(it->get<std::string>()) : QString::fromStdString(it->dump());
            const auto q = Quantity::parse(text);
            if (!q || q->milli < 0)
                return QString::fromStdString(it.key());
        }
        return std::nullopt;
    };
    for (const char *list : {"containers", "initContainers"})
        for (const auto &c : elementsOf(memberOf(podSpec, list)))
            for (const char *kind : {"requests", "limits"})
                if (const auto key = bad(memberOf(memberOf(c, "resources"), kind)))
                    return QStringLiteral("%1[%2].resources.%3%4").arg(QLatin1String(list), textOf(c, "name"), QLatin1String(kind),
                                                                      key->isEmpty() ? QString() : QLatin1Char('.') + *key);
    for (const char *kind : {"requests", "limits"})
        if (const auto key = bad(memberOf(memberOf(podSpec, "resources"), kind)))
            return QStringLiteral("resources.%1%2").arg(QLatin1String(kind), key->isEmpty() ? QString() : QLatin1Char('.') + *key);
    if (const auto key = bad(memberOf(podSpec, "overhead")))
        return QStringLiteral("overhead%1").arg(key->isEmpty() ? QString() : QLatin1Char('.') + *key);
    return std::nullopt;
}

} // namespace spillway::resources
