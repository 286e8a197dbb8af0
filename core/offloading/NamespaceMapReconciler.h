#pragma once

#include "common/Error.h"
#include "kube/KubeClient.h"

namespace spillway::offloading {

// Provider side, keyed by the replicas of consumers' NamespaceMaps (liqo.io/replicated=true, in
// the consumer's tenant namespace here). For each desiredMapping entry local → remote: the
// Namespace `remote`, annotated liqo.io/managed-by-namespace-map and liqo.io/original-name and
// labelled with the consumer's cluster ID, and a RoleBinding there that gives the consumer's
// identity the remote-offloading role (ShadowPods, reflected objects, reading its pods) in that
// namespace only. A name taken by a namespace that is not this map's is CreationLoopBackOff.
// Entries that leave the map (or the whole map, being deleted) have their namespace deleted —
// Terminating until it is gone. status.currentMapping reports each.
class NamespaceMapReconciler
{
public:
    static constexpr const char *kFinalizer = "namespacemap-controller.liqo.io/finalizer";
    static constexpr const char *kRemoteOffloadingRole = "spillway-remote-offloading";

    explicit NamespaceMapReconciler(kube::KubeClient &client, QString fieldManager = QStringLiteral("spillway-controller-manager"));
    Result<void> reconcile(const QString &key);

private:
    // The entry's phase after making (or checking) its namespace and RoleBinding.
    QString ensureMapped(const QString &remote, const QString &local, const QString &mapRef, const QString &consumerId);
    // Deletes our namespace; true once it is gone.
    Result<bool> unmap(const QString &remote, const QString &mapRef);

    kube::KubeClient &m_client;
    QString m_fieldManager;
};

} // namespace spillway::offloading
