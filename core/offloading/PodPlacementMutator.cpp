#include "offloading/PodPlacementMutator.h"

#include "offloading/OffloadingPolicy.h"

namespace spillway::offloading {

using nlohmann::json;

webhook::AdmissionResponse PodPlacementMutator::operator()(const webhook::AdmissionRequest &request) const
{
    if (request.kind != QLatin1String("Pod") || request.operation != QLatin1String("CREATE") || !request.object.is_object())
        return webhook::AdmissionResponse::allow();
    const json offloading = m_offloadingIn ? m_offloadingIn(request.ns) : json();
    if (!offloading.is_object() || offloading["metadata"].contains("deletionTimestamp"))
        return webhook::AdmissionResponse::allow();
    const bool preferLocal = offloading["metadata"].value("annotations", json::object()).value(kPreferLocalAnnotation, "true") != "false";
    const json patch = podPlacementPatch(request.object, offloading.value("spec", json::object()), preferLocal);
    webhook::AdmissionResponse out = webhook::AdmissionResponse::allow();
    if (!patch.empty())
        out.patch = patch;
    return out;
}

} // namespace spillway::offloading
