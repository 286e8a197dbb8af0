#pragma once

#include <initializer_list>
#include <nlohmann/json.hpp>

namespace spillway::kube {

// For informer transforms: the members of `from` named by `keys` (those it has), nothing else.
inline nlohmann::json keepMembers(const nlohmann::json &from, std::initializer_list<const char *> keys)
{
    nlohmann::json out = nlohmann::json::object();
    if (from.is_object())
        for (const char *k : keys)
            if (auto it = from.find(k); it != from.end())
                out[k] = *it;
    return out;
}

} // namespace spillway::kube
