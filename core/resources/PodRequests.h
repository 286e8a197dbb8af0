#pragma once

#include "resources/ResourcePolicy.h"

namespace spillway::resources {

// What a pod asks of the node it runs on, as the scheduler and Liqo's ShadowPod webhook count it:
// per resource, the larger of its containers' summed requests and its largest init container's
// request, plus the pod's overhead. `podSpec` is a PodSpec (a pod's or a ShadowPod's spec.pod).
ResourceList podRequests(const nlohmann::json &podSpec);

} // namespace spillway::resources
