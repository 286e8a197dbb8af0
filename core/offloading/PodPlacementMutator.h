#pragma once

#include "webhook/AdmissionServer.h"

#include <functional>

namespace spillway::offloading {

// The pod webhook (CREATE in namespaces labelled liqo.io/scheduling-enabled=true): steers the pod
// by its namespace's NamespaceOffloading (podPlacementPatch). A namespace whose NamespaceOffloading
// is gone is not steered; the pod is admitted unchanged rather than refused. The annotation
// spillway.dev/prefer-local=false on the NamespaceOffloading lets LocalAndRemote pods spread
// without a preference for local nodes; spillway.dev/failover-seconds sets how long pods stay on a
// lost provider's virtual node before they are evicted and recreated elsewhere (default 60).
class PodPlacementMutator
{
public:
    // The NamespaceOffloading of a namespace, or null.
    using OffloadingIn = std::function<nlohmann::json(const QString &ns)>;

    explicit PodPlacementMutator(OffloadingIn offloadingIn) : m_offloadingIn(std::move(offloadingIn)) {}
    webhook::AdmissionResponse operator()(const webhook::AdmissionRequest &request) const;

private:
    OffloadingIn m_offloadingIn;
};

inline constexpr const char *kPreferLocalAnnotation = "spillway.dev/prefer-local";
inline constexpr const char *kFailoverSecondsAnnotation = "spillway.dev/failover-seconds";   // -1: Kubernetes' default

} // namespace spillway::offloading
