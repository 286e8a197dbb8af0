#pragma once

#include <QString>
#include <nlohmann/json.hpp>

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
    bool providerReachable = false;
    QString reason, message;             // why Ready is what it is
};

// The Node object (metadata + spec) as Liqo makes it: labels liqo.io/type=virtual-node and
// liqo.io/remote-cluster-id plus the provider's, the NoExecute taint pods must tolerate.
nlohmann::json nodeObject(const NodeView &view);
// Its status: capacity = allocatable = the grant, Ready from the provider's reachability (the
// reason and message say why), the pressure conditions False, the heartbeat time.
nlohmann::json nodeStatus(const NodeView &view, const QString &nowIso, const nlohmann::json &previousConditions);
// kube-node-lease/<node>: renewed by every heartbeat; the node lifecycle controller marks the
// node NotReady when it stops.
nlohmann::json nodeLease(const QString &nodeName, const QString &nodeUid, int durationSeconds, const QString &nowMicro);

} // namespace spillway::virtualkubelet
