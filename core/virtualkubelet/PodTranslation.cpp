#include "virtualkubelet/PodTranslation.h"

#include "offloading/OffloadingPolicy.h"

namespace spillway::virtualkubelet {

using nlohmann::json;

namespace {

bool isServiceAccountTokenVolume(const json &volume)
{
    for (const auto &source : volume.value("projected", json::object()).value("sources", json::array()))
        if (source.contains("serviceAccountToken"))
            return true;
    return false;
}

void dropMounts(json &containers, const std::vector<std::string> &volumes)
{
    for (auto &c : containers) {
        json kept = json::array();
        for (const auto &m : c.value("volumeMounts", json::array()))
            if (std::find(volumes.begin(), volumes.end(), m.value("name", "")) == volumes.end())
                kept.push_back(m);
        if (c.contains("volumeMounts"))
            c["volumeMounts"] = kept;
    }
}

// The projected volume's sources with the consumer's token, CA and namespace taken from the
// token Secret instead of the provider's (which would hold the provider's CA and the twin's name).
json homeSources(const json &sources, const std::string &secret)
{
    json out = json::array();
    auto fromSecret = [&](const char *key, const json &path) {
        json item = {{"key", key}, {"path", path}};
        return json{{"secret", {{"name", secret}, {"items", json::array({item})}}}};
    };
    for (const json &source : sources) {
        if (source.contains("serviceAccountToken")) {
            out.push_back(fromSecret("token", source["serviceAccountToken"].value("path", "token")));
        } else if (source.contains("configMap") && source["configMap"].value("name", "") == "kube-root-ca.crt") {
            for (const json &item : source["configMap"].value("items", json::array({{{"key", "ca.crt"}, {"path", "ca.crt"}}})))
                if (item.value("key", "") == "ca.crt")
                    out.push_back(fromSecret("ca.crt", item.value("path", "ca.crt")));
        } else if (source.contains("downwardAPI")) {
            json kept = json::array();
            for (const json &item : source["downwardAPI"].value("items", json::array())) {
                if (item.value("fieldRef", json::object()).value("fieldPath", "") == "metadata.namespace")
                    out.push_back(fromSecret("namespace", item.value("path", "namespace")));
                else
                    kept.push_back(item);
            }
            if (!kept.empty()) {
                json d = source;
                d["downwardAPI"]["items"] = kept;
                out.push_back(d);
            }
        } else {
            out.push_back(source);
        }
    }
    return out;
}

} // namespace

ApiServerAccess apiServerAccessOf(const json &localPod)
{
    const std::string v = localPod.value("metadata", json::object()).value("annotations", json::object()).value(kApiServerSupportAnnotation, "");
    if (v == "disabled")
        return ApiServerAccess::Disabled;
    if (v == "remote")
        return ApiServerAccess::Remote;
    return ApiServerAccess::Home;
}

bool mountsServiceAccountToken(const json &localPod)
{
    for (const auto &v : localPod.value("spec", json::object()).value("volumes", json::array()))
        if (isServiceAccountTokenVolume(v))
            return true;
    return false;
}

json remotePodSpec(const json &localPod, const QString &tokenSecret)
{
    const json spec = localPod.value("spec", json::object());
    static const char *const copied[] = {"containers", "initContainers", "volumes", "activeDeadlineSeconds", "dnsConfig", "dnsPolicy",
                                         "enableServiceLinks", "hostAliases", "hostname", "imagePullSecrets", "readinessGates",
                                         "restartPolicy", "securityContext", "setHostnameAsFQDN", "shareProcessNamespace", "subdomain",
                                         "terminationGracePeriodSeconds", "topologySpreadConstraints"};
    json out = json::object();
    for (const char *field : copied)
        if (spec.contains(field))
            out[field] = spec[field];
    json tolerations = json::array();
    for (const auto &t : spec.value("tolerations", json::array()))
        if (t.value("key", "") != offloading::kVirtualNodeTaint)
            tolerations.push_back(t);
    if (!tolerations.empty())
        out["tolerations"] = tolerations;
    // The consumer's token volume: from the token Secret (Home), else gone. The provider never
    // adds its own on top unless the pod asked for the provider's API (Remote).
    const ApiServerAccess access = apiServerAccessOf(localPod);
    const bool home = access == ApiServerAccess::Home && !tokenSecret.isEmpty();
    std::vector<std::string> dropped;
    json volumes = json::array();
    for (auto v : out.value("volumes", json::array())) {
        if (!isServiceAccountTokenVolume(v)) {
            volumes.push_back(v);
        } else if (home) {
            v["projected"]["sources"] = homeSources(v["projected"]["sources"], tokenSecret.toStdString());
            volumes.push_back(v);
        } else {
            dropped.push_back(v.value("name", ""));
        }
    }
    if (out.contains("volumes"))
        out["volumes"] = volumes;
    for (const char *list : {"containers", "initContainers"})
        if (out.contains(list))
            dropMounts(out[list], dropped);
    if (access == ApiServerAccess::Remote && spec.value("automountServiceAccountToken", true))
        out.erase("automountServiceAccountToken");
    else
        out["automountServiceAccountToken"] = false;
    out["hostNetwork"] = false;
    out["hostPID"] = false;
    out["hostIPC"] = false;
    return out;
}

json shadowPodFor(const json &localPod, const ReflectionTarget &t)
{
    const json meta = localPod.value("metadata", json::object());
    json labels = meta.value("labels", json::object());
    labels.erase(offloading::kShadowPodLabel);
    labels[offloading::kOriginLabel] = t.originClusterId.toStdString();
    labels[offloading::kDestinationLabel] = t.destinationClusterId.toStdString();
    labels[offloading::kNodeNameLabel] = t.nodeName.toStdString();
    json shadow = {{"apiVersion", "offloading.liqo.io/v1beta1"}, {"kind", "ShadowPod"},
                   {"metadata", {{"name", meta.value("name", "")}, {"namespace", t.remoteNamespace.toStdString()}, {"labels", labels}}},
                   {"spec", {{"pod", remotePodSpec(localPod, t.tokenSecret)}}}};
    if (meta.contains("annotations") && !meta["annotations"].empty())
        shadow["metadata"]["annotations"] = meta["annotations"];
    return shadow;
}

json localPodStatus(const json &remotePod)
{
    const json status = remotePod.value("status", json::object());
    json out = json::object();
    for (const char *field : {"phase", "conditions", "containerStatuses", "initContainerStatuses", "podIP", "podIPs", "startTime", "reason", "message",
                              "qosClass"})
        if (status.contains(field))
            out[field] = status[field];
    if (!out.contains("phase"))
        out["phase"] = "Pending";
    // Written as a merge patch: what the remote pod does not say must go (e.g. an earlier
    // OffloadingBackOff reason).
    for (const char *field : {"reason", "message"})
        if (!out.contains(field))
            out[field] = nullptr;
    return out;
}

namespace {

json withoutTimestamps(const json &conditions)
{
    json out = json::array();
    if (conditions.is_array())
        for (const json &c : conditions) {
            json kept = c;
            kept.erase("lastTransitionTime");
            kept.erase("lastProbeTime");
            out.push_back(std::move(kept));
        }
    return out;
}

} // namespace

bool sameStatus(const json &current, const json &wanted)
{
    for (const auto &[field, value] : wanted.items()) {
        const json now = current.value(field, json());
        if (field == "conditions" ? withoutTimestamps(now) != withoutTimestamps(value) : now != value)
            return false;
    }
    return true;
}

json offloadingBackOffStatus(const json &localPod, const QString &now)
{
    const std::string phase = localPod.value("status", json::object()).value("phase", "Pending");
    const bool ran = phase == "Running" || phase == "Succeeded";
    // A pod that ran and lost its namespace's mapping is failed, so its controller replaces it.
    return {{"phase", ran ? "Failed" : "Pending"},
            {"reason", ran ? "OffloadingAborted" : "OffloadingBackOff"},
            {"message", ran ? "the namespace is no longer offloaded to this virtual node's provider"
                            : "the namespace is not offloaded to this virtual node's provider (see its NamespaceOffloading)"},
            {"conditions", json::array({{{"type", "PodScheduled"}, {"status", "True"}, {"lastTransitionTime", now.toStdString()}}})}};
}

json offloadingRefusedStatus(const json &localPod, const QString &providerMessage, const QString &now)
{
    const bool ran = localPod.value("status", json::object()).value("phase", "Pending") == "Running";
    return {{"phase", ran ? "Failed" : "Pending"},
            {"reason", "OffloadingRefused"},
            {"message", QStringLiteral("the provider refused the pod: %1").arg(providerMessage).toStdString()},
            {"conditions", json::array({{{"type", "PodScheduled"}, {"status", "True"}, {"lastTransitionTime", now.toStdString()}}})}};
}

} // namespace spillway::virtualkubelet
