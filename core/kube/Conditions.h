#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace spillway::kube {

// A condition's lastTransitionTime, as Kubernetes keeps it: unchanged while the condition of
// this type keeps its status, `now` when it is new or its status changed.
inline std::string transitionTime(const nlohmann::json &previousConditions, const std::string &type, const std::string &status,
                                  const std::string &now)
{
    if (previousConditions.is_array())
        for (const auto &c : previousConditions)
            if (c.is_object() && c.value("type", "") == type && c.value("status", "") == status)
                return c.value("lastTransitionTime", now);
    return now;
}

// A condition list with `condition` in it, as metav1's SetStatusCondition keeps one: the entry of
// its type replaced in place (or appended), every other entry as it was.
inline nlohmann::json withCondition(const nlohmann::json &conditions, const nlohmann::json &condition)
{
    nlohmann::json out = nlohmann::json::array();
    bool placed = false;
    const std::string type = condition.value("type", "");
    if (conditions.is_array())
        for (const auto &c : conditions) {
            const bool same = c.is_object() && c.value("type", "") == type;
            if (same && !placed)
                out.push_back(condition);
            else if (!same)
                out.push_back(c);
            placed |= same;
        }
    if (!placed)
        out.push_back(condition);
    return out;
}

} // namespace spillway::kube
