#pragma once

#include <QString>
#include <nlohmann/json.hpp>

#include <map>
#include <optional>

// The rules of namespace offloading as Liqo defines them, as pure functions over API objects:
// where a namespace goes (remote name, which peers), how its status reads, and how its pods are
// steered. The controllers and the webhook apply them; tests check them without a cluster.
namespace spillway::offloading {

inline constexpr const char *kSchedulingEnabledLabel = "liqo.io/scheduling-enabled";
inline constexpr const char *kOffloadingFinalizer = "namespaceoffloading-controller.liqo.io/finalizer";
inline constexpr const char *kVirtualNodeTaint = "virtual-node.liqo.io/not-allowed";
inline constexpr const char *kNodeTypeLabel = "liqo.io/type";
inline constexpr const char *kVirtualNodeType = "virtual-node";
// Remote namespaces made for a NamespaceMap.
inline constexpr const char *kManagedByNamespaceMapAnnotation = "liqo.io/managed-by-namespace-map";
inline constexpr const char *kOriginalNameAnnotation = "liqo.io/original-name";
// Reflected objects in the provider.
inline constexpr const char *kOriginLabel = "offloading.liqo.io/origin";
inline constexpr const char *kDestinationLabel = "offloading.liqo.io/destination";
inline constexpr const char *kNodeNameLabel = "offloading.liqo.io/nodename";
inline constexpr const char *kShadowPodLabel = "liqo.io/shadowPod";
inline constexpr const char *kManagedByLabel = "liqo.io/managed-by";

// <ns>-<local cluster ID> (DefaultName), <ns> (EnforceSameName), spec.remoteNamespaceName (SelectedName).
QString remoteNamespaceName(const nlohmann::json &offloadingSpec, const QString &ns, const QString &localClusterId);

// A core/v1 NodeSelector ({nodeSelectorTerms: [...]}) against a node's labels: terms are ORed,
// a term's expressions ANDed. No selector, or no terms, matches every node.
bool matchesNodeSelector(const nlohmann::json &selector, const nlohmann::json &labels);

// The labels a clusterSelector is matched against for one VirtualNode: those of its Node (the
// provider's cluster labels as the scheduler sees them) when the Node exists (pass null when not),
// else the VirtualNode's spec.labels plus liqo.io/remote-cluster-id.
nlohmann::json virtualNodeLabels(const nlohmann::json &virtualNode, const nlohmann::json &node);
inline QString virtualNodeNodeName(const nlohmann::json &virtualNode)
{
    return QStringLiteral("liqo-") + QString::fromStdString(virtualNode["metadata"].value("name", ""));
}

// One peer as seen from one offloaded namespace.
struct PeerMapping {
    bool required = false;             // selected by the clusterSelector
    std::optional<QString> phase;      // NamespaceMap currentMapping phase (Accepted, CreationLoopBackOff, Terminating)
};

// Liqo's per-cluster conditions: OffloadingRequired (ClusterSelected / ClusterNotSelected) and,
// once required or mapped, Ready (NamespaceCreated / CreationLoopBackOff / Terminating / Creating).
// Entries that did not change keep their lastTransitionTime.
nlohmann::json remoteNamespaceConditions(const PeerMapping &peer, const nlohmann::json &previous, const QString &now);

// Terminating, NoClusterSelected, Ready, AllFailed, SomeFailed or InProgress (first that applies).
QString offloadingPhase(bool terminating, const std::map<QString, PeerMapping> &peers);

// The JSON patch the pod webhook answers with for a pod created in an offloaded namespace: the
// virtual-node toleration (Remote, LocalAndRemote) and a required node affinity that keeps the
// pod on the selected virtual nodes (Remote) or on those or local nodes (LocalAndRemote, with a
// preference for local nodes unless the namespace opts out). Empty when nothing changes.
// DaemonSet pods are pinned to a node already and are left alone.
// Failover: pods that may run remotely tolerate a NotReady or unreachable node for only
// failoverSeconds (instead of Kubernetes' 300), so when a provider is lost the node lifecycle
// controller evicts them from its virtual node soon and their controllers recreate them where
// there is room. Negative: leave Kubernetes' default.
struct PlacementOptions {
    bool preferLocal = true;
    int failoverSeconds = 60;
};
nlohmann::json podPlacementPatch(const nlohmann::json &pod, const nlohmann::json &offloadingSpec, PlacementOptions options = {});

} // namespace spillway::offloading
