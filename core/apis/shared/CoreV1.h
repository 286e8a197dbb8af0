#pragma once

// The few core/v1 and meta/v1 shapes that Liqo's CRDs embed field by field (references, resource
// lists, metav1.Condition). Header-only, like Json.h.
#include "apis/shared/Json.h"

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>

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

// meta/v1 Condition, the standard Kubernetes condition (Configuration.status.conditions). The
// schema requires type, status, lastTransitionTime, reason and message, so they are always written.
enum class MetaConditionStatus { ConditionTrue, ConditionFalse, ConditionUnknown };   // metav1 names
inline constexpr std::array<std::string_view, 3> kMetaConditionStatuses{"True", "False", "Unknown"};

struct MetaCondition {
    std::string type;   // CamelCase, optionally prefixed by a DNS subdomain ("example.com/Ready")
    MetaConditionStatus status = MetaConditionStatus::ConditionUnknown;
    std::int64_t observedGeneration = 0;   // written only when set
    std::string lastTransitionTime;        // RFC 3339
    std::string reason;                    // CamelCase, non-empty
    std::string message;
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

inline void to_json(nlohmann::json &j, const MetaCondition &v)
{
    j = {{"type", v.type},
         {"status", detail::enumName(v.status, kMetaConditionStatuses)},
         {"lastTransitionTime", v.lastTransitionTime},
         {"reason", v.reason},
         {"message", v.message}};
    detail::putIf(j, "observedGeneration", v.observedGeneration);
}

inline void from_json(const nlohmann::json &j, MetaCondition &v)
{
    detail::optionalField(j, "type", v.type);
    detail::enumField(j, "status", v.status, kMetaConditionStatuses);
    detail::optionalField(j, "observedGeneration", v.observedGeneration);
    detail::optionalField(j, "lastTransitionTime", v.lastTransitionTime);
    detail::optionalField(j, "reason", v.reason);
    detail::optionalField(j, "message", v.message);
}

} // namespace spillway::apis::shared
