#include "kube/FieldMask.h"

#include <vector>

namespace spillway::kube {

using nlohmann::json;

FieldMask FieldMask::of(std::initializer_list<std::string_view> paths)
{
    FieldMask root;
    for (std::string_view path : paths) {
        FieldMask *at = &root;
        while (!path.empty()) {
            const size_t dot = path.find('.');
            const std::string_view name = path.substr(0, dot);
            at = &at->m_members[std::string(name)];
            path = dot == std::string_view::npos ? std::string_view() : path.substr(dot + 1);
        }
    }
    return root;
}

FieldMask FieldMask::listOf(const FieldMask &item)
{
    FieldMask list = of({"apiVersion", "kind", "metadata"});
    list.m_members["items"] = item;
    if (item.keepsAll())   // "items" with nothing under it is kept whole already
        list = FieldMask();
    return list;
}

const FieldMask *FieldMask::member(std::string_view name) const
{
    const auto it = m_members.find(name);
    return it == m_members.end() ? nullptr : &it->second;
}

void FieldMask::apply(json &value) const
{
    if (keepsAll())
        return;
    if (value.is_array()) {
        for (json &element : value)
            apply(element);
        return;
    }
    if (!value.is_object())
        return;
    for (auto it = value.begin(); it != value.end();) {
        if (const FieldMask *m = member(it.key())) {
            m->apply(it.value());
            ++it;
        } else {
            it = value.erase(it);
        }
    }
}

json FieldMask::parse(const char *begin, const char *end) const
{
    if (keepsAll())
        return json::parse(begin, end, nullptr, false);
    // nlohmann calls back with the depth of each event (how many containers are open), but not
    // for the ends of containers it already dropped; so the masks are kept per depth, not on a
    // stack. next[d]: the mask of the next value opened at depth d; open[d]: the mask of the
    // object whose keys arrive at depth d. Null: dropped (its events still arrive; nothing is
    // built from them).
    std::vector<const FieldMask *> next{this}, open{nullptr};
    auto at = [](std::vector<const FieldMask *> &v, size_t d) -> const FieldMask *& {
        if (v.size() <= d)
            v.resize(d + 1, nullptr);
        return v[d];
    };
    auto callback = [&](int depth, json::parse_event_t event, json &parsed) {
        const auto d = size_t(depth);
        switch (event) {
        case json::parse_event_t::object_start:
            at(open, d + 1) = at(next, d);
            return true;
        case json::parse_event_t::array_start:
            at(next, d + 1) = at(next, d);   // each element as the array
            return true;
        case json::parse_event_t::key: {
            const FieldMask *object = at(open, d);
            const FieldMask *kept = object ? (object->keepsAll() ? object : object->member(parsed.get_ref<const std::string &>())) : nullptr;
            at(next, d) = kept;
            return kept != nullptr;
        }
        default:
            return true;
        }
    };
    return json::parse(begin, end, callback, false);
}

} // namespace spillway::kube
