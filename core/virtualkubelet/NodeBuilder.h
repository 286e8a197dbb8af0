#pragma once

#include <QString>
#include <nlohmann/json.hpp>
#include <optional>

namespace spillway::virtualkubelet {

inline constexpr const char *kVirtualNodeTaintKey = "virtual-node.liqo.io/not-allowed";

// What a virtual node is made of: the VirtualNode's spec (granted resources, the provider's
// labels) and the provider's reachability as last probed.
struct NodeView {
    QString nodeName;
    QString providerId;
    QString virtualNode;                 // "ns/name"
    nlohmann::json resources = nlohmann::json::object();   // resourceQuota.hard
    nlohmann::json labels = nlohmann::json::object();      // spec.labels (provider's cluster labels)
    bool storageAvailable = false;       // the provider advertises storage classes (spec.storageClasses)
    bool providerReachable = false;
    QString reason, message;             // why Ready is what it is
    QString address = QStringLiteral("127.0.0.1");   // where the apiserver reaches the kubelet endpoint
    int kubeletPort = 0;                 // 0: no endpoint (kubectl logs then fails with the reason)
};

// The Node object's metadata as Liqo makes it: labels liqo.io/type=virtual-node and
// liqo.io/remote-cluster-id plus the provider's; storage.liqo.io/available=true when the provider
// advertises storage classes.
nlohmann::json nodeObject(const NodeView &view);
// The node's taints with the NoExecute taint pods must tolerate added, or nothing when it is
// there. The taints are not applied with the rest: spec.taints is an atomic list, and owning it
// by server-side apply would wipe, every heartbeat, the not-ready / unreachable taints the node
// lifecycle controller adds — and with them failover, which waits on those taints.
std::optional<nlohmann::json> taintsWithVirtualNodeTaint(const nlohmann::json &taints);
// Its status: capacity = allocatable = the grant, Ready from the provider's reachability (the
// reason and message say why), the pressure conditions False, the heartbeat time.
nlohmann::json nodeStatus(const NodeView &view, const QString &nowIso, const nlohmann::json &previousConditions);
// kube-node-lease/<node>: renewed by every heartbeat; the node lifecycle controller marks the
// node NotReady when it stops.
nlohmann::json nodeLease(const QString &nodeName, const QString &nodeUid, int durationSeconds, const QString &nowMicro);

} // namespace spillway::virtualkubelet
