#include "apis/offloading/v1beta1/NamespaceMap.h"

#include "apis/shared/Json.h"

namespace spillway::apis::offloading::v1beta1 {

using nlohmann::json;
using namespace detail;

kube::ResourceRef namespaceMapResource()
{
    return {QStringLiteral("offloading.liqo.io"), QStringLiteral("v1beta1"), QStringLiteral("namespacemaps"),
            QStringLiteral("NamespaceMap"), true};
}

void to_json(json &j, const RemoteNamespaceStatus &v)
{
    j = json::object();
    putIf(j, "remoteNamespace", v.remoteNamespace);
    putEnum(j, "phase", v.phase, kMappingPhases);
}

void from_json(const json &j, RemoteNamespaceStatus &v)
{
    optionalField(j, "remoteNamespace", v.remoteNamespace);
    enumField(j, "phase", v.phase, kMappingPhases);
}

void to_json(json &j, const NamespaceMapSpec &v)
{
    j = json::object();
    putIf(j, "desiredMapping", v.desiredMapping);
}

void from_json(const json &j, NamespaceMapSpec &v)
{
    optionalField(j, "desiredMapping", v.desiredMapping);
}

void to_json(json &j, const NamespaceMapStatus &v)
{
    j = json::object();
    putIf(j, "currentMapping", v.currentMapping);
}

void from_json(const json &j, NamespaceMapStatus &v)
{
    optionalField(j, "currentMapping", v.currentMapping);
}

void to_json(json &j, const NamespaceMap &v)
{
    j = {{"apiVersion", std::string(kGroupVersion)}, {"kind", std::string(kNamespaceMapKind)}, {"metadata", v.metadata}, {"spec", v.spec}};
    putIf(j, "status", v.status);
}

void from_json(const json &j, NamespaceMap &v)
{
    optionalField(j, "metadata", v.metadata);
    optionalField(j, "spec", v.spec);
    optionalField(j, "status", v.status);
}

} // namespace spillway::apis::offloading::v1beta1
