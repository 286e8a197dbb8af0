#pragma once

#include "common/Error.h"
#include "kube/KubeClient.h"

#include <functional>

namespace spillway::offloading {

// Consumer side, keyed by namespace ("<ns>/offloading", or "*" for every NamespaceOffloading when
// peers, virtual nodes or NamespaceMaps change). As Liqo's controller: a finalizer; the namespace
// labelled liqo.io/scheduling-enabled=true while pods may go remote (so the pod webhook sees
// them); the clusterSelector matched against each peer's virtual node labels; the namespace's
// remote name written into the desiredMapping of the selected peers' NamespaceMaps (and removed
// from the others); status: remoteNamespaceName, per-cluster OffloadingRequired/Ready conditions
// from the maps' currentMapping, offloadingPhase, observedGeneration. Deleting it withdraws the
// namespace from every map and keeps the finalizer until every remote twin is gone. Pods that
// were already in the namespace are not moved: an Event on the NamespaceOffloading says so and how.
class NamespaceOffloadingReconciler
{
public:
    struct Options {
        QString liqoNamespace = QStringLiteral("liqo");
        std::function<QString()> now;   // RFC 3339
        QString fieldManager = QStringLiteral("spillway-controller-manager");
    };
    NamespaceOffloadingReconciler(kube::KubeClient &client, Options options);
    Result<void> reconcile(const QString &key);

    // Pods of `ns` created before `since` (RFC 3339) that the webhook never saw, not on a virtual node.
    static QStringList podsPredating(kube::KubeClient &client, const QString &ns, const std::string &since);

private:
    Result<void> reconcileNamespace(const QString &ns);
    Result<nlohmann::json> selectedClusters(const nlohmann::json &clusterSelector);
    Result<void> setSchedulingLabel(const QString &ns, bool enabled);
    void reportPreexistingPods(const nlohmann::json &offloading);

    kube::KubeClient &m_client;
    Options m_options;
};

} // namespace spillway::offloading
