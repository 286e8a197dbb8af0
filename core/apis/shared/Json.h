#pragma once

// Helpers shared by the to_json/from_json functions of every API type in core/apis. Header-only:
// the core library only globs core/apis/<group>/<version>/*.cpp.
#include <QByteArray>
#include <nlohmann/json.hpp>

#include <array>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>

namespace spillway::apis::detail {

using nlohmann::json;

template <typename E, size_t N>
std::string enumName(E e, const std::array<std::string_view, N> &names)
{
    return std::string(names.at(size_t(e)));
}

// Unknown enum values are a decode error, reported to the caller of get<T>() as-is.
template <typename E, size_t N>
E enumValue(const json &j, const std::array<std::string_view, N> &names, const char *field)
{
    const std::string s = j.get<std::string>();
    for (size_t i = 0; i < N; ++i)
        if (names[i] == s)
            return E(i);
    throw std::invalid_argument(std::string(field) + ": unknown value \"" + s + "\"");
}

inline const json *member(const json &j, const char *key)
{
    if (auto it = j.find(key); it != j.end() && !it->is_null())
        return &*it;
    return nullptr;
}

template <typename T>
void optionalField(const json &j, const char *key, T &out)
{
    if (const json *v = member(j, key))
        v->get_to(out);
}

template <typename T>
void optionalField(const json &j, const char *key, std::optional<T> &out)
{
    if (const json *v = member(j, key))
        out = v->get<T>();
}

inline void optionalField(const json &j, const char *key, json &out)
{
    if (const json *v = member(j, key))
        out = *v;
}

// Reads an enum field when present; a missing field keeps the C++ default.
template <typename E, size_t N>
void enumField(const json &j, const char *key, E &out, const std::array<std::string_view, N> &names)
{
    if (const json *v = member(j, key))
        out = enumValue<E>(*v, names, key);
}

template <typename E, size_t N>
void enumField(const json &j, const char *key, std::optional<E> &out, const std::array<std::string_view, N> &names)
{
    if (const json *v = member(j, key))
        out = enumValue<E>(*v, names, key);
}

template <typename E, size_t N>
void putEnum(json &j, const char *key, const std::optional<E> &v, const std::array<std::string_view, N> &names)
{
    if (v)
        j[key] = enumName(*v, names);
}

// Writes an optional field only when it is set: non-zero numbers, true booleans, non-empty strings,
// lists and maps, engaged std::optionals (whatever they hold), non-null json, and structs whose JSON
// is not `{}`. Required fields are assigned directly instead.
template <typename T>
void putIf(json &j, const char *key, const T &v)
{
    if constexpr (std::is_arithmetic_v<T>) {
        if (v != T{})
            j[key] = v;
    } else if constexpr (std::is_same_v<T, std::string>) {
        if (!v.empty())
            j[key] = v;
    } else if constexpr (std::is_same_v<T, json>) {
        if (!v.is_null())
            j[key] = v;
    } else {
        json value = v;
        if (!value.empty())
            j[key] = std::move(value);
    }
}

template <typename T>
void putIf(json &j, const char *key, const std::optional<T> &v)
{
    if (v)
        j[key] = *v;
}

// []byte fields: raw bytes in C++, standard base64 on the wire (OpenAPI `format: byte`).
inline void putBytes(json &j, const char *key, const std::string &bytes)
{
    if (!bytes.empty())
        j[key] = QByteArray::fromStdString(bytes).toBase64().toStdString();
}

inline void bytesField(const json &j, const char *key, std::string &out)
{
    const json *v = member(j, key);
    if (!v)
        return;
    auto decoded = QByteArray::fromBase64Encoding(QByteArray::fromStdString(v->get<std::string>()),
                                                  QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded)
        throw std::invalid_argument(std::string(key) + ": not valid base64");
    out = decoded.decoded.toStdString();
}

// Quantity maps (core/v1 ResourceList): the schema is int-or-string, C++ keeps the text.
inline void quantitiesField(const json &j, const char *key, std::map<std::string, std::string> &out)
{
    const json *v = member(j, key);
    if (!v)
        return;
    out.clear();
    for (auto it = v->begin(); it != v->end(); ++it)
        out[it.key()] = it->is_number_integer() ? it->dump() : it->get<std::string>();
}

} // namespace spillway::apis::detail
