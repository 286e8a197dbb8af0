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

} // namespace spillway::kube
