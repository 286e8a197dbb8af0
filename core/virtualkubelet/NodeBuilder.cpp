#include "virtualkubelet/NodeBuilder.h"

#include "common/Version.h"
#include "consts/Labels.h"
#include "kube/Conditions.h"

namespace spillway::virtualkubelet {

using nlohmann::json;

json nodeObject(const NodeView &v)
{
    json labels = v.labels.is_object() ? v.labels : json::object();
    labels["liqo.io/type"] = "virtual-node";
    labels[consts::kRemoteClusterIdLabel] = v.providerId.toStdString();
    labels["kubernetes.io/hostname"] = v.nodeName.toStdString();
    labels["kubernetes.io/role"] = "agent";
    labels["type"] = "virtual-kubelet";
    if (v.storageAvailable)
        labels["storage.liqo.io/available"] = "true";
    return {{"apiVersion", "v1"}, {"kind", "Node"},
            {"metadata", {{"name", v.nodeName.toStdString()}, {"labels", labels},
                          {"annotations", {{"spillway.dev/virtual-node", v.virtualNode.toStdString()}}}}}};
}

std::optional<json> taintsWithVirtualNodeTaint(const json &taints)
{
    json out = taints.is_array() ? taints : json::array();
    for (const json &t : out)
        if (t.value("key", "") == kVirtualNodeTaintKey && t.value("effect", "") == "NoExecute")
            return std::nullopt;
    out.push_back({{"key", kVirtualNodeTaintKey}, {"value", "true"}, {"effect", "NoExecute"}});
    return out;
}

json nodeStatus(const NodeView &v, const QString &nowIso, const json &previous)
{
    const std::string now = nowIso.toStdString();
    auto condition = [&](const char *type, bool isTrue, const QString &reason, const QString &message) {
        const std::string status = isTrue ? "True" : "False";
        return json{{"type", type}, {"status", status}, {"reason", reason.toStdString()}, {"message", message.toStdString()},
                    {"lastHeartbeatTime", now}, {"lastTransitionTime", kube::transitionTime(previous, type, status, now)}};
    };
    json resources = v.resources.is_object() ? v.resources : json::object();
    return {{"capacity", resources},
            {"allocatable", resources},
            {"conditions", json::array({
                 condition("Ready", v.providerReachable, v.reason, v.message),
                 condition("MemoryPressure", false, QStringLiteral("ProviderHasSufficientMemory"), QStringLiteral("granted by the provider")),
                 condition("DiskPressure", false, QStringLiteral("ProviderHasNoDiskPressure"), QStringLiteral("granted by the provider")),
                 condition("PIDPressure", false, QStringLiteral("ProviderHasSufficientPID"), QStringLiteral("granted by the provider")),
                 condition("NetworkUnavailable", false, QStringLiteral("RouteCreated"), QStringLiteral("virtual node")),
             })},
            // Only the InternalIP: the apiserver tries Hostname first, and no resolver knows this one.
            {"addresses", json::array({{{"type", "InternalIP"}, {"address", v.address.toStdString()}}})},
            {"nodeInfo", {{"kubeletVersion", "v" + Version::current().toString().toStdString() + "-spillway"}, {"operatingSystem", "linux"},
                          {"architecture", "amd64"}, {"containerRuntimeVersion", "spillway://" + v.providerId.toStdString()},
                          {"kernelVersion", ""}, {"osImage", "Spillway virtual node"}, {"kubeProxyVersion", ""},
                          {"machineID", ""}, {"systemUUID", ""}, {"bootID", ""}}},
            {"daemonEndpoints", {{"kubeletEndpoint", {{"Port", v.kubeletPort}}}}}};
}

json nodeLease(const QString &nodeName, const QString &nodeUid, int durationSeconds, const QString &nowMicro)
{
    json lease = {{"apiVersion", "coordination.k8s.io/v1"}, {"kind", "Lease"},
                  {"metadata", {{"name", nodeName.toStdString()}, {"namespace", "kube-node-lease"}}},
                  {"spec", {{"holderIdentity", nodeName.toStdString()}, {"leaseDurationSeconds", durationSeconds},
                            {"renewTime", nowMicro.toStdString()}}}};
    if (!nodeUid.isEmpty())
        lease["metadata"]["ownerReferences"] = json::array({{{"apiVersion", "v1"}, {"kind", "Node"}, {"name", nodeName.toStdString()},
                                                             {"uid", nodeUid.toStdString()}}});
    return lease;
}

} // namespace spillway::virtualkubelet
