#pragma once

// Checks a JSON object written by a C++ API type against the openAPIV3Schema of its CRD in
// installer/crds; used by tst_api_drift. Every function returns (or appends) readable errors such
// as ".spec.foo: written by C++ but not in the schema", so one failing check lists all drift at once.
// Paths look like ".spec.items[].labels{}": "[]" is a list item, "{}" a map value
// (additionalProperties). Nothing under x-kubernetes-preserve-unknown-fields is looked into.
#include "common/Yaml.h"
#include "kube/Resource.h"

#include <QByteArray>
#include <QFile>
#include <QHostAddress>
#include <QProcessEnvironment>
#include <QStringList>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace crdcheck {

using nlohmann::json;
using spillway::kube::ResourceRef;

inline QString sourceDir()
{
    return QProcessEnvironment::systemEnvironment().value(QStringLiteral("SPILLWAY_SOURCE_DIR"));
}

inline json crdDocument(const QString &file)
{
    QFile f(sourceDir() + QStringLiteral("/installer/crds/") + file);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s (SPILLWAY_SOURCE_DIR set?)", qPrintable(file));
    auto crd = spillway::yamlToJson(f.readAll(), file);
    if (!crd)
        qFatal("cannot parse %s: %s", qPrintable(file), qPrintable(crd.error().toString()));
    return *crd;
}

inline json crdSchema(const QString &file)
{
    return crdDocument(file)["spec"]["versions"][0]["schema"]["openAPIV3Schema"];
}

inline QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

// ---- walking the schema

inline void walkSchema(const json &schema, const std::string &path, const std::function<void(const std::string &, const json &)> &visit)
{
    visit(path, schema);
    if (schema.value("x-kubernetes-preserve-unknown-fields", false))
        return;
    if (schema.contains("properties"))
        for (auto it = schema["properties"].begin(); it != schema["properties"].end(); ++it)
            walkSchema(it.value(), path + "." + it.key(), visit);
    if (schema.contains("items"))
        walkSchema(schema["items"], path + "[]", visit);
    if (schema.contains("additionalProperties") && schema["additionalProperties"].is_object())
        walkSchema(schema["additionalProperties"], path + "{}", visit);
}

// Schema paths whose node has `key` (e.g. "enum", "default"), with that node.
inline std::map<std::string, json> schemaNodesWith(const json &schema, const char *key)
{
    std::map<std::string, json> out;
    walkSchema(schema, "", [&](const std::string &path, const json &node) {
        if (node.contains(key))
            out[path] = node;
    });
    return out;
}

inline std::vector<std::string> pathTokens(const std::string &path)
{
    std::vector<std::string> out;
    for (size_t i = 0; i < path.size();) {
        if (path[i] == '.') {
            const size_t end = path.find_first_of(".[{", i + 1);
            out.push_back(path.substr(i + 1, end - i - 1));
            i = end == std::string::npos ? path.size() : end;
        } else {
            out.push_back(path.substr(i, 2));   // "[]" or "{}"
            i += 2;
        }
    }
    return out;
}

// Every value in `root` at `path` (list items and map values fan out).
inline void locate(json &node, const std::vector<std::string> &tokens, size_t i, std::vector<json *> &out)
{
    if (i == tokens.size()) {
        out.push_back(&node);
        return;
    }
    const std::string &t = tokens[i];
    if (t == "[]" || t == "{}") {
        if ((t == "[]" && node.is_array()) || (t == "{}" && node.is_object()))
            for (auto &child : node)
                locate(child, tokens, i + 1, out);
    } else if (node.is_object() && node.contains(t)) {
        locate(node[t], tokens, i + 1, out);
    }
}

inline std::vector<json *> locate(json &root, const std::string &path)
{
    std::vector<json *> out;
    locate(root, pathTokens(path), 0, out);
    return out;
}

// ---- checking a written object against the schema

inline bool typeMatches(const json &value, const std::string &type)
{
    if (type == "string") return value.is_string();
    if (type == "integer") return value.is_number_integer();
    if (type == "number") return value.is_number();
    if (type == "boolean") return value.is_boolean();
    if (type == "array") return value.is_array();
    if (type == "object") return value.is_object();
    return false;
}

inline bool formatMatches(const std::string &s, const std::string &format)
{
    if (format == "byte")
        return bool(QByteArray::fromBase64Encoding(QByteArray::fromStdString(s), QByteArray::AbortOnBase64DecodingErrors));
    if (format == "date-time")
        return std::regex_match(s, std::regex("^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$"));
    if (format == "ipv4")
        return QHostAddress(q(s)).protocol() == QAbstractSocket::IPv4Protocol;
    if (format == "cidr")
        return q(s).contains(QLatin1Char('/')) && QHostAddress::parseSubnet(q(s)).second >= 0;
    return true;   // int32/int64 are checked on numbers
}

// Every value in `value` must be allowed by `schema`; records every path written in `seen`.
inline void check(const json &value, const json &schema, const std::string &path, QStringList &errors, std::set<std::string> &seen)
{
    seen.insert(path);
    if (path == ".metadata")   // the apiserver's ObjectMeta, which CRD schemas leave open
        return;
    const std::string type = schema.value("type", "");
    if (!type.empty() && !typeMatches(value, type)) {
        errors << QStringLiteral("%1: C++ writes %2, schema says %3").arg(q(path), q(value.type_name()), q(type));
        return;
    }
    if (schema.value("x-kubernetes-int-or-string", false) && !value.is_string() && !value.is_number_integer()) {
        errors << QStringLiteral("%1: C++ writes %2, schema says int-or-string").arg(q(path), q(value.type_name()));
        return;
    }
    if (schema.contains("enum")) {
        bool found = false;
        for (const auto &e : schema["enum"]) found |= e == value;
        if (!found)
            errors << QStringLiteral("%1: value %2 is not in the schema's enum").arg(q(path), q(value.dump()));
    }
    if (value.is_string()) {
        const std::string s = value.get<std::string>();
        if (schema.contains("pattern") && !std::regex_search(s, std::regex(schema["pattern"].get<std::string>())))
            errors << QStringLiteral("%1: %2 does not match the schema's pattern").arg(q(path), q(value.dump()));
        if (s.size() < schema.value("minLength", size_t(0)))
            errors << QStringLiteral("%1: %2 is shorter than the schema's minLength").arg(q(path), q(value.dump()));
        if (schema.contains("format") && !formatMatches(s, schema["format"].get<std::string>()))
            errors << QStringLiteral("%1: %2 is not a valid %3").arg(q(path), q(value.dump()), q(schema["format"].get<std::string>()));
    }
    if (value.is_number_integer()) {
        const std::string format = schema.value("format", "");
        const auto n = value.get<std::int64_t>();
        if ((format == "int32" && (n < INT32_MIN || n > INT32_MAX)) || (schema.contains("minimum") && n < schema["minimum"].get<std::int64_t>()))
            errors << QStringLiteral("%1: %2 is outside the schema's range").arg(q(path), q(value.dump()));
    }
    if (value.is_object())
        for (const auto &key : schema.value("required", json::array()))
            if (!value.contains(key.get<std::string>()))
                errors << QStringLiteral("%1.%2: required by the schema but not written").arg(q(path), q(key.get<std::string>()));
    if (schema.value("x-kubernetes-preserve-unknown-fields", false))
        return;
    if (value.is_object()) {
        for (auto it = value.begin(); it != value.end(); ++it) {
            const std::string child = path + "." + it.key();
            if (schema.contains("properties") && schema["properties"].contains(it.key()))
                check(it.value(), schema["properties"][it.key()], child, errors, seen);
            else if (schema.contains("additionalProperties") && schema["additionalProperties"].is_object())
                check(it.value(), schema["additionalProperties"], path + "{}", errors, seen);
            else
                errors << QStringLiteral("%1: written by C++ but not in the schema").arg(q(child));
        }
    } else if (value.is_array()) {
        for (const auto &item : value)
            check(item, schema.value("items", json::object()), path + "[]", errors, seen);
    }
}

// Type/enum/format errors in `written`, plus (when `complete`) schema fields under spec/status that
// it never writes.
inline QStringList schemaErrors(const json &written, const json &schema, bool complete)
{
    QStringList errors;
    std::set<std::string> seen;
    check(written, schema, "", errors, seen);
    if (complete)
        walkSchema(schema, "", [&](const std::string &p, const json &) {
            if ((p.rfind(".spec", 0) == 0 || p.rfind(".status", 0) == 0) && !seen.count(p))
                errors << QStringLiteral("%1: in the schema but the C++ type never writes it").arg(q(p));
        });
    return errors;
}

using RoundTrip = std::function<json(const json &)>;   // to_json(from_json(x))

// The minimal object may write only required fields, schema-defaulted fields and the objects that
// lead to a defaulted field; every schema default must be reachable in it; and filling a schema
// default in must not change what C++ reads (so the C++ default is the schema's default).
inline QStringList minimalErrors(const json &minimal, const json &schema, const RoundTrip &roundTrip)
{
    QStringList errors = schemaErrors(minimal, schema, false);
    const auto defaults = schemaNodesWith(schema, "default");
    auto leadsToDefault = [&](const std::string &p) {
        for (const auto &[d, node] : defaults)
            if (d == p || (d.rfind(p, 0) == 0 && std::string(".[{").find(d[p.size()]) != std::string::npos))
                return true;
        return false;
    };
    std::function<void(const json &, const json &, const std::string &)> extra = [&](const json &value, const json &s, const std::string &path) {
        if (path == ".metadata" || s.value("x-kubernetes-preserve-unknown-fields", false))
            return;
        const json required = s.value("required", json::array());
        if (value.is_object()) {
            for (auto it = value.begin(); it != value.end(); ++it) {
                const bool byMap = !(s.contains("properties") && s["properties"].contains(it.key()));
                const std::string child = byMap ? path + "{}" : path + "." + it.key();
                const json &cs = byMap ? s.value("additionalProperties", json::object()) : s["properties"][it.key()];
                const bool rootField = path.empty() && (it.key() == "apiVersion" || it.key() == "kind" || it.key() == "metadata" || it.key() == "spec");
                const bool isRequired = std::find(required.begin(), required.end(), it.key()) != required.end();
                if (!byMap && !rootField && !isRequired && !cs.contains("default") && !leadsToDefault(child))
                    errors << QStringLiteral("%1: the minimal object writes it, but the schema neither requires nor defaults it").arg(q(child));
                extra(it.value(), cs, child);
            }
        } else if (value.is_array()) {
            for (const auto &item : value)
                extra(item, s.value("items", json::object()), path + "[]");
        }
    };
    extra(minimal, schema, "");

    if (roundTrip(minimal) != minimal)
        errors << QStringLiteral("the minimal object does not survive a round trip: %1").arg(q(roundTrip(minimal).dump()));
    for (const auto &[path, node] : defaults) {
        std::vector<std::string> tokens = pathTokens(path);
        const std::string field = tokens.back();
        tokens.pop_back();
        json filled = minimal;
        std::vector<json *> parents;
        locate(filled, tokens, 0, parents);
        if (parents.empty()) {
            errors << QStringLiteral("%1: has a schema default, but the minimal object never reaches it").arg(q(path));
            continue;
        }
        for (json *parent : parents)
            (*parent)[field] = node["default"];
        if (roundTrip(filled) != minimal)
            errors << QStringLiteral("%1: the C++ default differs from the schema default %2").arg(q(path), q(node["default"].dump()));
    }
    return errors;
}

// A C++ name array bound to every schema path where the same enum appears.
struct EnumBinding {
    std::set<std::string> names;
    std::vector<std::string> paths;
};

template <size_t N>
EnumBinding enumAt(const std::array<std::string_view, N> &names, std::vector<std::string> paths)
{
    return {{names.begin(), names.end()}, std::move(paths)};
}

inline QStringList enumErrors(const json &schema, const std::vector<EnumBinding> &bindings)
{
    QStringList errors;
    std::map<std::string, std::set<std::string>> bound;
    for (const EnumBinding &b : bindings)
        for (const std::string &p : b.paths)
            bound[p] = b.names;
    const auto enums = schemaNodesWith(schema, "enum");
    auto list = [](const std::set<std::string> &s) {
        QStringList l;
        for (const auto &v : s) l << q(v);
        return l.join(QLatin1Char(','));
    };
    for (const auto &[path, node] : enums) {
        std::set<std::string> values;
        for (const auto &v : node["enum"]) values.insert(v.get<std::string>());
        if (!bound.count(path))
            errors << QStringLiteral("%1: schema enum without a C++ name array").arg(q(path));
        else if (bound[path] != values)
            errors << QStringLiteral("%1: C++ names [%2], schema enum [%3]").arg(q(path), list(bound[path]), list(values));
    }
    for (const auto &[path, names] : bound)
        if (!enums.count(path))
            errors << QStringLiteral("%1: C++ binds an enum here, the schema has none").arg(q(path));
    return errors;
}

// Decoding a value outside any enum must fail with `unknown value "X"`.
inline QStringList unknownEnumErrors(const json &full, const json &schema, const RoundTrip &roundTrip)
{
    QStringList errors;
    for (const auto &[path, node] : schemaNodesWith(schema, "enum")) {
        json bad = full;
        const std::vector<json *> targets = locate(bad, path);
        if (targets.empty()) {
            errors << QStringLiteral("%1: the full object has no value here").arg(q(path));
            continue;
        }
        *targets.front() = "Sideways";
        try {
            (void)roundTrip(bad);
            errors << QStringLiteral("%1: decoding accepted \"Sideways\"").arg(q(path));
        } catch (const std::exception &e) {
            if (!QString::fromUtf8(e.what()).contains(QStringLiteral("unknown value \"Sideways\"")))
                errors << QStringLiteral("%1: decoding failed with \"%2\" instead of naming the unknown value").arg(q(path), QString::fromUtf8(e.what()));
        }
    }
    return errors;
}

inline QStringList resourceErrors(const json &crd, const ResourceRef &ref, const json &full)
{
    QStringList errors;
    auto expect = [&](const char *what, const QString &cpp, const json &crdValue) {
        const QString expected = crdValue.is_string() ? q(crdValue.get<std::string>()) : q(crdValue.dump());
        if (cpp != expected)
            errors << QStringLiteral("%1: C++ says %2, CRD says %3").arg(QLatin1String(what), cpp, expected);
    };
    const json &spec = crd["spec"];
    if (spec["versions"].size() != 1)
        errors << QStringLiteral("the CRD serves %1 versions; the check reads only the first").arg(spec["versions"].size());
    expect("group", ref.group, spec["group"]);
    expect("version", ref.version, spec["versions"][0]["name"]);
    expect("resource", ref.resource, spec["names"]["plural"]);
    expect("kind", ref.kind, spec["names"]["kind"]);
    expect("scope", ref.namespaced ? QStringLiteral("Namespaced") : QStringLiteral("Cluster"), spec["scope"]);
    expect("written apiVersion", ref.apiVersion(), full.value("apiVersion", ""));
    expect("written kind", ref.kind, full.value("kind", ""));
    return errors;
}

} // namespace crdcheck
