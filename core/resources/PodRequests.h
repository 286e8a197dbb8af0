#pragma once

#include "resources/ResourcePolicy.h"

#include <optional>

namespace spillway::resources {

// What a pod asks of the node it runs on, as the scheduler counts it (Kubernetes' PodRequests):
// a container's request, or its limit where it sets no request (the apiserver defaults one to
// the other); the containers' sum plus the sidecars' (init containers with restartPolicy Always,
// which keep running); or, if larger, what the init phase needs at its peak (each plain init
// container beside the sidecars started before it); pod-level resources (spec.resources), where
// set, for CPU, memory and hugepages; plus the pod's overhead. `podSpec` is a PodSpec (a pod's or
// a ShadowPod's spec.pod).
ResourceList podRequests(const nlohmann::json &podSpec);

// The first request, limit or overhead in `podSpec` that is negative or not a quantity, as
// "containers[web].resources.requests.cpu"; nullopt when there is none.
std::optional<QString> invalidQuantity(const nlohmann::json &podSpec);

} // namespace spillway::resources
