#pragma once

#include "common/Error.h"
#include "kube/KubeClient.h"
#include "kube/Store.h"

namespace spillway::offloading {

// Provider side, keyed by ShadowPod ("ns/name"): the consumer's virtual kubelet asks for a pod by
// writing a ShadowPod into a namespace mapped for it; this controller makes the Pod (same name,
// its labels and annotations, spec.pod, owned by the ShadowPod so it goes with it), recreates it
// if it disappears while the ShadowPod exists (unless it had finished for good), and copies the
// pod's phase into the ShadowPod's status. The consumer's identity needs no pod rights here.
// A ShadowPod whose origin label is not the cluster its namespace is mapped for is ignored.
class ShadowPodReconciler
{
public:
    // Informer caches to read from; without them every read is a GET. A burst of a thousand pods
    // reconciles each key several times, and the reads would cost most of the client's QPS.
    // A cache a step behind only costs a write that fails harmlessly (AlreadyExists) or repeats.
    struct Caches {
        const kube::Store *shadowPods, *namespaces, *pods;
    };

    explicit ShadowPodReconciler(kube::KubeClient &client, Caches caches = {nullptr, nullptr, nullptr},
                                 QString fieldManager = QStringLiteral("shadow-pod"));
    Result<void> reconcile(const QString &key);

private:
    Result<void> removeOrphan(const QString &ns, const QString &name);
    Result<nlohmann::json> read(const kube::Store *cache, const kube::ResourceRef &resource, const QString &ns, const QString &name) const;

    kube::KubeClient &m_client;
    Caches m_caches;
    QString m_fieldManager;
};

} // namespace spillway::offloading
