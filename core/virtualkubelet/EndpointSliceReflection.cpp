#include "virtualkubelet/EndpointSliceReflection.h"

#include "offloading/OffloadingPolicy.h"
#include "virtualkubelet/ObjectReflection.h"

namespace spillway::virtualkubelet {

using nlohmann::json;

namespace {
constexpr const char *kManagedBy = "endpointslice.kubernetes.io/managed-by";
constexpr const char *kServiceName = "kubernetes.io/service-name";
} // namespace

std::optional<json> remoteEndpointSlice(const json &slice, const QString &remoteNamespace, const QString &origin, const QString &destination,
                                        const QString &virtualNodeName, const std::function<std::optional<QString>(const QString &)> &providerReaches)
{
    if (!shouldReflect(QStringLiteral("endpointslices"), slice) || slice.value("addressType", "") != "IPv4")
        return std::nullopt;
    const json meta = slice.value("metadata", json::object());
    json labels = meta.value("labels", json::object());
    if (!labels.is_object() || labels.value(kManagedBy, "") != "endpointslice-controller.k8s.io" || labels.value(kServiceName, "").empty())
        return std::nullopt;
    labels[kManagedBy] = kReflectedEndpointSliceManager;
    labels[offloading::kOriginLabel] = origin.toStdString();
    labels[offloading::kDestinationLabel] = destination.toStdString();

    json endpoints = json::array();
    const std::string node = virtualNodeName.toStdString();
    for (const json &e : slice.value("endpoints", json::array())) {
        if (!e.is_object() || e.value("nodeName", "") == node)
            continue;
        json addresses = json::array();
        for (const json &a : e.value("addresses", json::array()))
            if (const auto to = a.is_string() ? providerReaches(QString::fromStdString(a.get<std::string>())) : std::nullopt)
                addresses.push_back(to->toStdString());
        if (addresses.empty() || addresses.size() != e.value("addresses", json::array()).size())
            continue;
        json copy = {{"addresses", addresses}};
        for (const char *kept : {"conditions", "hostname"})
            if (e.contains(kept))
                copy[kept] = e[kept];
        endpoints.push_back(std::move(copy));
    }
    json out = {{"apiVersion", "discovery.k8s.io/v1"}, {"kind", "EndpointSlice"},
                {"metadata", {{"name", meta.value("name", "")}, {"namespace", remoteNamespace.toStdString()}, {"labels", labels}}},
                {"addressType", "IPv4"}, {"endpoints", endpoints}};
    if (slice.contains("ports") && slice["ports"].is_array())
        out["ports"] = slice["ports"];
    return out;
}

} // namespace spillway::virtualkubelet
