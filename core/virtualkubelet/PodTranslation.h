#pragma once

#include <QString>
#include <nlohmann/json.hpp>

// How a pod bound to a virtual node is asked for in the provider, and how the provider's pod is
// shown back, as Liqo translates them. Pure functions, tested without a cluster.
namespace spillway::virtualkubelet {

struct ReflectionTarget {
    QString remoteNamespace;
    QString originClusterId, destinationClusterId, nodeName;
    // The remote Secret holding a token of the pod's service account in the consumer, its CA and
    // namespace (ServiceAccountTokens); empty when the pod gets no consumer API access.
    QString tokenSecret = {};
};

// Which Kubernetes API an offloaded pod's service-account volume talks to, as Liqo's
// liqo.io/api-server-support annotation says: the consumer's (default), the provider's, or none.
inline constexpr const char *kApiServerSupportAnnotation = "liqo.io/api-server-support";
enum class ApiServerAccess { Home, Remote, Disabled };
ApiServerAccess apiServerAccessOf(const nlohmann::json &localPod);
// Whether the pod mounts its service account's token (the projected volume the ServiceAccount
// admission plugin adds).
bool mountsServiceAccountToken(const nlohmann::json &localPod);
inline constexpr const char *kTokenSecretPrefix = "spillway-sa-token-";

// The pod spec the provider runs: scheduling fields (nodeName, nodeSelector, affinity, priority,
// scheduler, runtime class) and host namespaces are not carried over; the virtual-node toleration
// is dropped; the rest is the pod as written. The service-account token volume becomes, for Home,
// the same files from `tokenSecret` (the consumer's token, CA and namespace); for Remote it goes
// and the provider mounts its own; for Disabled (or no secret) it goes and nothing is mounted.
nlohmann::json remotePodSpec(const nlohmann::json &localPod, const QString &tokenSecret = {});

// The ShadowPod the virtual kubelet writes into the remote namespace: the pod's labels and
// annotations plus Liqo's origin / destination / nodename labels, and remotePodSpec.
nlohmann::json shadowPodFor(const nlohmann::json &localPod, const ReflectionTarget &target);

// The local pod's status from the remote pod's: phase, conditions, container statuses, IPs,
// start time, reason and message (hostIP stays the consumer's business).
nlohmann::json localPodStatus(const nlohmann::json &remotePod);

// Whether the local status already says what `wanted` (a merge patch of it) would write.
// Conditions compare without their timestamps: the local scheduler's PodScheduled and the remote
// one's say the same thing at different seconds, and a write per pod for that is wasted in a burst.
bool sameStatus(const nlohmann::json &current, const nlohmann::json &wanted);

// Status for a pod on the virtual node whose namespace is not offloaded to that provider.
nlohmann::json offloadingBackOffStatus(const nlohmann::json &localPod, const QString &now);
// The status of a pod whose ShadowPod the provider refused (a grant exceeded, a cordoned tenant):
// Pending, reason OffloadingRefused, with the provider's own words, and it is asked for again;
// a pod that ran (its twin gone, and not made again) is Failed, so its controller replaces it.
nlohmann::json offloadingRefusedStatus(const nlohmann::json &localPod, const QString &providerMessage, const QString &now);

} // namespace spillway::virtualkubelet
