#include "virtualkubelet/ObjectReflection.h"

#include "offloading/OffloadingPolicy.h"

namespace spillway::virtualkubelet {

using nlohmann::json;

std::vector<ReflectedKind> reflectedKinds()
{
    return {{QStringLiteral("configmaps"), kube::resources::configMaps()},
            {QStringLiteral("secrets"), kube::resources::secrets()},
            {QStringLiteral("services"), kube::resources::services()}};
}

bool shouldReflect(const QString &kind, const json &object)
{
    const json meta = object.value("metadata", json::object());
    const json annotations = meta.value("annotations", json::object());
    if (annotations.contains(kSkipReflectionAnnotation) && QString::fromStdString(annotations.value(kSkipReflectionAnnotation, "")).toLower() != QLatin1String("false"))
        return false;
    if (meta.contains("deletionTimestamp"))
        return false;
    const std::string name = meta.value("name", "");
    if (kind == QLatin1String("configmaps") && name == "kube-root-ca.crt")
        return false;
    if (kind == QLatin1String("secrets") && object.value("type", "") == "kubernetes.io/service-account-token")
        return false;
    if (kind == QLatin1String("services") && name == "kubernetes")
        return false;
    return true;
}

std::optional<json> remoteCopy(const QString &kind, const json &object, const QString &remoteNamespace, const QString &origin, const QString &destination)
{
    if (!shouldReflect(kind, object))
        return std::nullopt;
    const json meta = object.value("metadata", json::object());
    json labels = meta.value("labels", json::object());
    labels[offloading::kOriginLabel] = origin.toStdString();
    labels[offloading::kDestinationLabel] = destination.toStdString();
    json out = {{"apiVersion", "v1"}, {"kind", object.value("kind", "")},
                {"metadata", {{"name", meta.value("name", "")}, {"namespace", remoteNamespace.toStdString()}, {"labels", labels}}}};
    json annotations = meta.value("annotations", json::object());
    annotations.erase("kubectl.kubernetes.io/last-applied-configuration");
    if (!annotations.empty())
        out["metadata"]["annotations"] = annotations;
    if (kind == QLatin1String("configmaps") || kind == QLatin1String("secrets")) {
        out["kind"] = kind == QLatin1String("configmaps") ? "ConfigMap" : "Secret";
        for (const char *field : {"data", "binaryData", "immutable", "type"})
            if (object.contains(field) && !(kind == QLatin1String("configmaps") && std::string(field) == "type"))
                out[field] = object[field];
        return out;
    }
    out["kind"] = "Service";
    json spec = object.value("spec", json::object());
    for (const char *allocated : {"clusterIP", "clusterIPs", "loadBalancerIP", "healthCheckNodePort", "externalIPs", "ipFamilies", "ipFamilyPolicy"})
        spec.erase(allocated);
    if (spec.contains("ports"))
        for (auto &port : spec["ports"])
            port.erase("nodePort");
    out["spec"] = spec;
    return out;
}

} // namespace spillway::virtualkubelet
