#pragma once

// The few core/v1 shapes that Liqo's CRDs embed field by field (references and resource lists).
// Header-only, like Json.h.
#include "apis/shared/Json.h"

#include <map>
#include <string>

namespace spillway::apis::shared {

// core/v1 ResourceList: resource name -> quantity text ("2", "500m", "4Gi").
using ResourceList = std::map<std::string, std::string>;

// core/v1 ObjectReference; every field optional, written only when set.
struct ObjectReference {
    std::string apiVersion, kind, name, namespace_, uid, resourceVersion, fieldPath;
};

// core/v1 LocalObjectReference. The schema defaults name to "", which C++ leaves unwritten.
struct LocalObjectReference {
    std::string name;
};

inline void to_json(nlohmann::json &j, const ObjectReference &v)
{
    j = nlohmann::json::object();
    detail::putIf(j, "apiVersion", v.apiVersion);
    detail::putIf(j, "kind", v.kind);
    detail::putIf(j, "name", v.name);
    detail::putIf(j, "namespace", v.namespace_);
    detail::putIf(j, "uid", v.uid);
    detail::putIf(j, "resourceVersion", v.resourceVersion);
    detail::putIf(j, "fieldPath", v.fieldPath);
}

inline void from_json(const nlohmann::json &j, ObjectReference &v)
{
    detail::optionalField(j, "apiVersion", v.apiVersion);
    detail::optionalField(j, "kind", v.kind);
    detail::optionalField(j, "name", v.name);
    detail::optionalField(j, "namespace", v.namespace_);
    detail::optionalField(j, "uid", v.uid);
    detail::optionalField(j, "resourceVersion", v.resourceVersion);
    detail::optionalField(j, "fieldPath", v.fieldPath);
}

inline void to_json(nlohmann::json &j, const LocalObjectReference &v)
{
    j = nlohmann::json::object();
    detail::putIf(j, "name", v.name);
}

inline void from_json(const nlohmann::json &j, LocalObjectReference &v)
{
    detail::optionalField(j, "name", v.name);
}

} // namespace spillway::apis::shared
