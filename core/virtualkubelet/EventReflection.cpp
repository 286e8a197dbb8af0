#include "virtualkubelet/EventReflection.h"

#include "consts/Labels.h"

namespace spillway::virtualkubelet {

using nlohmann::json;

std::optional<json> localEventFor(const json &remoteEvent, const json &localPod, const QString &providerClusterId, const QString &nodeName)
{
    const json involved = remoteEvent.value("involvedObject", json::object());
    if (involved.value("kind", "") != "Pod" || !localPod.is_object())
        return std::nullopt;
    const json podMeta = localPod.value("metadata", json::object());
    if (podMeta.value("name", "") != involved.value("name", "") || podMeta.contains("deletionTimestamp"))
        return std::nullopt;
    const json source = remoteEvent.value("source", json::object());
    std::string reporter = source.value("component", remoteEvent.value("reportingComponent", ""));
    if (reporter.empty())
        reporter = "unknown";
    json involvedLocal = {{"apiVersion", "v1"}, {"kind", "Pod"}, {"namespace", podMeta.value("namespace", "")}, {"name", podMeta.value("name", "")},
                          {"uid", podMeta.value("uid", "")}};
    if (involved.contains("fieldPath"))
        involvedLocal["fieldPath"] = involved["fieldPath"];
    json out = {{"apiVersion", "v1"}, {"kind", "Event"},
                {"metadata", {{"name", remoteEvent.value("metadata", json::object()).value("name", "")}, {"namespace", podMeta.value("namespace", "")},
                              {"annotations", {{consts::kReflectedFromProviderAnnotation, providerClusterId.toStdString()}}}}},
                {"involvedObject", involvedLocal},
                {"reason", remoteEvent.value("reason", "")},
                {"message", remoteEvent.value("message", "")},
                {"type", remoteEvent.value("type", "Normal")},
                {"count", remoteEvent.contains("count") && remoteEvent["count"].is_number_integer() ? remoteEvent["count"].get<int>() : 1},
                {"source", {{"component", reporter + " (" + providerClusterId.toStdString() + ")"}, {"host", nodeName.toStdString()}}},
                {"reportingComponent", "spillway-virtual-kubelet"},
                {"reportingInstance", nodeName.toStdString()}};
    // An Event written through events.k8s.io has only eventTime; describe sorts on the others.
    const json eventTime = remoteEvent.value("eventTime", json());
    for (const char *field : {"firstTimestamp", "lastTimestamp"}) {
        const json t = remoteEvent.value(field, json());
        if (t.is_string())
            out[field] = t;
        else if (eventTime.is_string())
            out[field] = eventTime.get<std::string>().substr(0, 19) + "Z";
    }
    return out;
}

} // namespace spillway::virtualkubelet
