#include "resources/PodRequests.h"

namespace spillway::resources {

using nlohmann::json;

namespace {

ResourceList requestsOf(const json &container)
{
    if (!container.is_object())
        return {};
    const json resources = container.value("resources", json::object());
    return resources.is_object() ? parseResourceList(resources.value("requests", json::object())) : ResourceList{};
}

json listAt(const json &spec, const char *field)
{
    const json v = spec.is_object() ? spec.value(field, json::array()) : json::array();
    return v.is_array() ? v : json::array();
}

} // namespace

ResourceList podRequests(const json &podSpec)
{
    ResourceList sum;
    for (const auto &c : listAt(podSpec, "containers")) {
        const ResourceList r = requestsOf(c);
        for (auto q = r.begin(); q != r.end(); ++q)
            sum[q.key()].milli += q->milli;
    }
    // Init containers run one at a time before the others, so only the largest counts.
    for (const auto &c : listAt(podSpec, "initContainers")) {
        const ResourceList r = requestsOf(c);
        for (auto q = r.begin(); q != r.end(); ++q)
            if (!sum.contains(q.key()) || sum[q.key()].milli < q->milli)
                sum[q.key()] = *q;
    }
    if (podSpec.is_object()) {
        const ResourceList overhead = parseResourceList(podSpec.value("overhead", json::object()));
        for (auto q = overhead.begin(); q != overhead.end(); ++q)
            sum[q.key()].milli += q->milli;
    }
    return sum;
}

} // namespace spillway::resources
