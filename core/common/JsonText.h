#pragma once

#include <QString>
#include <nlohmann/json.hpp>

namespace spillway {

// Reading objects of untrusted shape: a member that is missing, or under something that is not
// an object, is null; a string member that is not a string is empty. Never throws.
inline const nlohmann::json &memberOf(const nlohmann::json &j, const char *key)
{
    static const nlohmann::json none;
    if (!j.is_object())
        return none;
    const auto it = j.find(key);
    return it == j.end() ? none : *it;
}

inline QString textOf(const nlohmann::json &j, const char *key)
{
    const nlohmann::json &v = memberOf(j, key);
    return v.is_string() ? QString::fromStdString(v.get<std::string>()) : QString();
}

// The elements of what should be an array (a list's items); anything else has none.
inline const nlohmann::json &elementsOf(const nlohmann::json &list)
{
    static const nlohmann::json none = nlohmann::json::array();
    return list.is_array() ? list : none;
}

} // namespace spillway
