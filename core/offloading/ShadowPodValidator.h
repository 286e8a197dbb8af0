#pragma once

#include "offloading/ShadowPodUsage.h"
#include "resources/ResourcePolicy.h"
#include "webhook/AdmissionServer.h"

#include <QList>

#include <functional>
#include <memory>
#include <mutex>
#include <optional>

namespace spillway::offloading {

// The provider's admission of ShadowPods, with Liqo's semantics: a grant is what a consumer may
// use, not a hint.
// - CREATE: the offloading.liqo.io/origin label must name the cluster the namespace belongs to
//   (its liqo.io/remote-cluster-id); the consumer's Tenant must be neither cordoned nor drained,
//   and it must hold an uncordoned, granted ResourceSlice; and the pod's requests (PodRequests),
//   with those of the consumer's other ShadowPods, must fit in its uncordoned grants (a
//   consumer's pods are counted together, not per slice, so a cordoned slice's running pods
//   count against them too: a cordon never frees capacity for new pods). A
//   resource the grant does not name cannot be asked for (except "pods": a grant without a pod
//   count limits none). Negative or malformed quantities are refused.
// - UPDATE: the origin label may not change, nor spec.pod but for images, activeDeadlineSeconds
//   and tolerations (as Liqo's webhook and a pod's own update rules allow).
// - DELETE is always allowed (the webhook is not called for it).
// Usage is what ShadowPodUsage counts: the consumer's ShadowPods and their pods as the informers
// show them, plus what this replica just admitted, so a burst through one replica cannot pass
// twice on the same free capacity.
class ShadowPodValidator
{
public:
    struct Grant {
        QString slice;                   // "namespace/name", for messages
        resources::ResourceList resources;   // its status.resources
        bool cordoned = false;           // liqo.io/cordon or liqo.io/cordon-tenant on the slice
    };
    struct Lookups {
        // The namespace's liqo.io/remote-cluster-id ("" when it has none); nullopt: no such namespace.
        std::function<std::optional<QString>(const QString &ns)> namespaceCluster;
        // Its Tenant's spec.tenantCondition ("Active", "Cordoned", "Drained"; "" without a Tenant).
        std::function<QString(const QString &consumer)> tenantCondition;
        std::function<QList<Grant>(const QString &consumer)> grants;   // its slices with a grant
        ShadowPodUsage *usage = nullptr;   // fed by the ShadowPod informer; outlives the validator
    };
    explicit ShadowPodValidator(Lookups lookups);
    webhook::AdmissionResponse operator()(const webhook::AdmissionRequest &request) const;

private:
    webhook::AdmissionResponse admitCreate(const webhook::AdmissionRequest &request, const QString &consumer) const;

    Lookups m_lookups;
    // Judging and reserving are one step: shared, as the server keeps a copy of this handler.
    std::shared_ptr<std::mutex> m_admitting = std::make_shared<std::mutex>();
};

} // namespace spillway::offloading
