#pragma once

#include "common/Error.h"
#include "kube/KubeClient.h"

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
    explicit ShadowPodReconciler(kube::KubeClient &client, QString fieldManager = QStringLiteral("shadow-pod"));
    Result<void> reconcile(const QString &key);

private:
    kube::KubeClient &m_client;
    QString m_fieldManager;
};

} // namespace spillway::offloading
