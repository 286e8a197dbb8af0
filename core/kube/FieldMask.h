#pragma once

#include <initializer_list>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace spillway::kube {

// Which members of an object a reader keeps, as a tree of member names: a member the mask names
// with nothing under it is kept whole; one with names under it keeps only those; members it does
// not name are dropped. Arrays are transparent: the mask of an array applies to each element
// (so "spec.containers.name" keeps every container's name). A mask that names nothing keeps all.
//
// Why: an informer that needs a few fields of thousands of large objects (the console's pods)
// cuts them while a list's page is parsed, so the page never exists whole in memory, and cuts
// each watched object the same way.
class FieldMask
{
public:
    FieldMask() = default;   // keeps everything
    // Dotted paths, e.g. {"metadata.name", "spec.containers.name"}.
    static FieldMask of(std::initializer_list<std::string_view> paths);
    // A Kubernetes List whose items are cut by ITEM; the list's own kind and metadata kept.
    static FieldMask listOf(const FieldMask &item);

    bool keepsAll() const { return m_members.empty(); }
    // The mask of member NAME, or null when it is dropped.
    const FieldMask *member(std::string_view name) const;

    // Drops from VALUE what the mask does not keep. Values that are neither objects nor arrays
    // are kept as they are.
    void apply(nlohmann::json &value) const;
    // Parses TEXT keeping only what the mask keeps: what is dropped is never built. Invalid
    // JSON gives a discarded value (is_discarded()), as json::parse without exceptions does.
    nlohmann::json parse(const char *begin, const char *end) const;

private:
    std::map<std::string, FieldMask, std::less<>> m_members;
};

} // namespace spillway::kube
