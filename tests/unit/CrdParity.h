#pragma once

// Compares two CustomResourceDefinitions of the same kind (Liqo's and Spillway's), for
// tst_liqo_crd_parity: group, names, scope, versions (served, storage, subresources, printer
// columns) and every openAPIV3Schema path with every validation keyword, ignoring description.
// Paths look like CrdSchemaCheck.h's (".spec.items[].labels{}"), but the walk does NOT stop at
// x-kubernetes-preserve-unknown-fields: a subtree that one side leaves open while the other types
// it shows up as paths that only the other side has.
#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace crdparity {

using nlohmann::json;

// One difference. `attribute` is a schema keyword ("type", "x-kubernetes-list-type"), "presence"
// for a path only one side has, or a CRD field ("scope", "names.shortNames",
// "versions[v1beta1].subresources"). An absent value is std::nullopt.
struct Difference {
    std::string path;   // schema path; empty for CRD-level fields
    std::string attribute;
    std::optional<json> liqo, spillway;
    // For a path only Liqo has: Spillway's nearest node above it sets
    // x-kubernetes-preserve-unknown-fields, so the apiserver keeps what Liqo would type there.
    // Below a node Spillway types without it, the field would be pruned instead.
    bool openInSpillway = false;

    bool operator==(const Difference &) const = default;
};

inline bool isUnder(const std::string &path, const std::string &prefix)
{
    return path.size() > prefix.size() && path.compare(0, prefix.size(), prefix) == 0 &&
           std::string(".[{").find(path[prefix.size()]) != std::string::npos;
}

inline json withoutDescriptions(const json &node)
{
    if (node.is_object()) {
        json out = json::object();
        for (auto it = node.begin(); it != node.end(); ++it)
            if (it.key() != "description")
                out[it.key()] = withoutDescriptions(it.value());
        return out;
    }
    if (node.is_array()) {
        json out = json::array();
        for (const json &item : node)
            out.push_back(withoutDescriptions(item));
        return out;
    }
    return node;
}

// Every schema node by path, preserve-unknown nodes included and looked into.
inline void collectPaths(const json &schema, const std::string &path, std::map<std::string, const json *> &out)
{
    out[path] = &schema;
    if (const auto props = schema.find("properties"); props != schema.end() && props->is_object())
        for (auto it = props->begin(); it != props->end(); ++it)
            collectPaths(it.value(), path + "." + it.key(), out);
    if (const auto items = schema.find("items"); items != schema.end() && items->is_object())
        collectPaths(*items, path + "[]", out);
    if (const auto extra = schema.find("additionalProperties"); extra != schema.end() && extra->is_object())
        collectPaths(*extra, path + "{}", out);
}

// The path of a node's parent: ".a.b[]" -> ".a.b", ".a.b" -> ".a", ".a" -> "".
inline std::string parentPath(const std::string &path)
{
    if (path.size() >= 2 && (path.ends_with("[]") || path.ends_with("{}")))
        return path.substr(0, path.size() - 2);
    const auto dot = path.rfind('.');
    return dot == std::string::npos ? std::string() : path.substr(0, dot);
}

inline std::optional<json> attribute(const json &node, const std::string &key)
{
    const auto it = node.find(key);
    if (it == node.end())
        return std::nullopt;
    // The values of these keywords are data, where a "description" key would mean something;
    // elsewhere (subschemas, printer columns) descriptions are prose and not compared.
    const bool data = key == "default" || key == "enum" || key == "example" || key == "const";
    json value = data ? *it : withoutDescriptions(*it);
    if ((key == "required" || key == "enum") && value.is_array())   // order carries no meaning
        std::sort(value.begin(), value.end());
    return value;
}

// Keywords compared on a node: everything but description and the children the walk visits.
inline std::set<std::string> comparedKeys(const json &a, const json &b)
{
    std::set<std::string> keys;
    for (const json *node : {&a, &b})
        for (auto it = node->begin(); it != node->end(); ++it)
            keys.insert(it.key());
    keys.erase("description");
    keys.erase("properties");
    for (const char *child : {"items", "additionalProperties"}) {
        const bool objectA = a.contains(child) && a[child].is_object(), objectB = b.contains(child) && b[child].is_object();
        if ((objectA || !a.contains(child)) && (objectB || !b.contains(child)))
            keys.erase(child);   // a subschema (or none): its paths are compared instead
    }
    return keys;
}

inline std::vector<Difference> schemaDifferences(const json &liqo, const json &spillway, const std::string &prefix = {})
{
    std::map<std::string, const json *> a, b;
    collectPaths(liqo, "", a);
    collectPaths(spillway, "", b);
    std::set<std::string> paths;
    for (const auto &[p, node] : a) paths.insert(p);
    for (const auto &[p, node] : b) paths.insert(p);
    std::vector<Difference> out;
    const json present = "present";
    for (const std::string &p : paths) {
        const auto ia = a.find(p), ib = b.find(p);
        if (ia == a.end() || ib == b.end()) {
            bool open = false;
            if (ib == b.end()) {   // only Liqo has it: is Spillway's nearest ancestor open?
                std::string q = p;
                auto ancestor = b.end();
                while (ancestor == b.end() && !q.empty())
                    ancestor = b.find(q = parentPath(q));
                open = ancestor != b.end() && ancestor->second->value("x-kubernetes-preserve-unknown-fields", false);
            }
            out.push_back({prefix + p, "presence", ia == a.end() ? std::nullopt : std::optional<json>(present),
                           ib == b.end() ? std::nullopt : std::optional<json>(present), open});
            continue;
        }
        for (const std::string &key : comparedKeys(*ia->second, *ib->second)) {
            auto va = attribute(*ia->second, key), vb = attribute(*ib->second, key);
            if (va != vb)
                out.push_back({prefix + p, key, std::move(va), std::move(vb)});
        }
    }
    return out;
}

// Differences between the keys of two objects (CRD-level fields), named `name.key`.
inline void fieldDifferences(const json &liqo, const json &spillway, const std::string &name, const std::set<std::string> &skip,
                             std::vector<Difference> &out)
{
    std::set<std::string> keys;
    for (const json *node : {&liqo, &spillway})
        if (node->is_object())
            for (auto it = node->begin(); it != node->end(); ++it)
                keys.insert(it.key());
    for (const std::string &key : keys) {
        if (skip.count(key))
            continue;
        auto va = liqo.is_object() ? attribute(liqo, key) : std::nullopt;
        auto vb = spillway.is_object() ? attribute(spillway, key) : std::nullopt;
        if (va != vb)
            out.push_back({"", name.empty() ? key : name + "." + key, std::move(va), std::move(vb)});
    }
}

// Everything that differs between two CRDs of one kind, except description and the CRD object's
// own metadata (Spillway labels its CRDs, controller-gen annotates Liqo's).
inline std::vector<Difference> crdDifferences(const json &liqoCrd, const json &spillwayCrd)
{
    std::vector<Difference> out;
    const json &a = liqoCrd.at("spec"), &b = spillwayCrd.at("spec");
    fieldDifferences(a, b, "", {"names", "versions"}, out);
    fieldDifferences(a.value("names", json::object()), b.value("names", json::object()), "names", {}, out);
    std::map<std::string, const json *> va, vb;   // by name; they point into the CRDs
    for (const auto &[crd, byName] : {std::pair{&a, &va}, std::pair{&b, &vb}})
        if (const auto versions = crd->find("versions"); versions != crd->end() && versions->is_array())
            for (const json &v : *versions)
                (*byName)[v.value("name", "")] = &v;
    const bool oneVersion = va.size() == 1 && vb.size() == 1;
    for (const auto &[name, v] : va) {
        const std::string label = "versions[" + name + "]";
        if (!vb.count(name)) {
            out.push_back({"", label, json("present"), std::nullopt});
            continue;
        }
        fieldDifferences(*v, *vb[name], label, {"name", "schema"}, out);
        const json empty = json::object();
        auto schemaOf = [&](const json *version) -> const json & {
            const auto s = version->find("schema");
            return s != version->end() && s->contains("openAPIV3Schema") ? (*s)["openAPIV3Schema"] : empty;
        };
        for (Difference &d : schemaDifferences(schemaOf(v), schemaOf(vb[name]), oneVersion ? "" : name + ":"))
            out.push_back(std::move(d));
    }
    for (const auto &[name, v] : vb)
        if (!va.count(name))
            out.push_back({"", "versions[" + name + "]", std::nullopt, json("present")});
    return out;
}

inline std::string show(const std::optional<json> &v)
{
    return v ? v->dump() : std::string("(absent)");
}

inline std::string describe(const std::string &kind, const Difference &d)
{
    return kind + " " + (d.path.empty() ? std::string("(CRD)") : d.path) + ": " + d.attribute + ": Liqo " + show(d.liqo) +
           ", Spillway " + show(d.spillway);
}

// ---- the allow-list

// A schema attribute where Spillway knowingly differs from Liqo; matches exactly one difference.
struct AllowedAttribute {
    std::string kind, path, attribute;
    std::optional<json> liqo, spillway;
    std::string reason;
};

// A subtree Spillway leaves open (x-kubernetes-preserve-unknown-fields) where Liqo has the full
// schema of an embedded Kubernetes type. It covers the paths under `prefix` that only Liqo has,
// and the preserve-unknown flag Spillway sets at `prefix` itself; `liqoOnly` names the few
// attributes (path, keyword) inside the subtree that Liqo sets and Spillway cannot yet, because
// they constrain fields Spillway does not type.
struct AllowedSubtree {
    std::string kind, prefix;
    std::vector<std::pair<std::string, std::string>> liqoOnly;
    std::string reason;
};

inline bool subtreeCovers(const AllowedSubtree &e, const Difference &d)
{
    if (d.attribute == "presence")
        return d.liqo && !d.spillway && d.openInSpillway && isUnder(d.path, e.prefix);
    if (d.attribute == "x-kubernetes-preserve-unknown-fields" && d.path == e.prefix)
        return !d.liqo && d.spillway == json(true);
    for (const auto &[path, attribute] : e.liqoOnly)
        if (d.path == path && d.attribute == attribute && d.liqo && !d.spillway && (path == e.prefix || isUnder(path, e.prefix)))
            return true;
    return false;
}

struct Verdict {
    std::vector<std::string> unexpected;   // differences no entry allows
    std::vector<std::string> stale;        // entries that matched nothing
    std::map<std::string, int> covered;    // "kind prefix" -> Liqo-only paths under it
};

// Sorts the differences of one kind into allowed and unexpected, and finds entries of that kind
// that allow nothing (anymore). A difference under nested subtrees counts for the innermost one.
inline Verdict judge(const std::string &kind, const std::vector<Difference> &diffs, const std::vector<AllowedAttribute> &attributes,
                     const std::vector<AllowedSubtree> &subtrees)
{
    Verdict v;
    std::map<const void *, int> used;
    std::set<const AllowedSubtree *> flagSeen;   // Spillway still leaves the subtree open
    std::set<std::pair<std::string, std::string>> liqoOnlyUsed;
    for (const Difference &d : diffs) {
        const AllowedAttribute *attr = nullptr;
        for (const AllowedAttribute &a : attributes)
            if (a.kind == kind && a.path == d.path && a.attribute == d.attribute && a.liqo == d.liqo && a.spillway == d.spillway)
                attr = &a;
        const AllowedSubtree *tree = nullptr;
        for (const AllowedSubtree &s : subtrees)
            if (s.kind == kind && subtreeCovers(s, d) && (!tree || s.prefix.size() > tree->prefix.size()))
                tree = &s;
        if (attr) {
            ++used[attr];
        } else if (tree) {
            ++used[tree];
            if (d.attribute == "presence")
                ++v.covered[kind + " " + tree->prefix];
            else if (d.attribute == "x-kubernetes-preserve-unknown-fields")
                flagSeen.insert(tree);
            else
                liqoOnlyUsed.insert({d.path, d.attribute});
        } else {
            v.unexpected.push_back(describe(kind, d));
        }
    }
    for (const AllowedAttribute &a : attributes)
        if (a.kind == kind && !used[&a])
            v.stale.push_back(kind + " " + a.path + ": " + a.attribute + " is allowed to differ, but it no longer does");
    for (const AllowedSubtree &s : subtrees) {
        if (s.kind != kind)
            continue;
        if (!used[&s])
            v.stale.push_back(kind + " " + s.prefix + ": allowed as an open subtree, but nothing differs there any more");
        else if (!flagSeen.count(&s))
            v.stale.push_back(kind + " " + s.prefix + ": allowed as an open subtree, but Spillway no longer sets "
                                                     "x-kubernetes-preserve-unknown-fields there: type it fully or keep it open");
        for (const auto &[path, attribute] : s.liqoOnly)
            if (!liqoOnlyUsed.count({path, attribute}))
                v.stale.push_back(kind + " " + path + ": " + attribute + " is allowed to be Liqo's only, but it no longer differs");
    }
    return v;
}

} // namespace crdparity
