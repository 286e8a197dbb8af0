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
    const json annotations = offloading["metadata"].value("annotations", json::object());
    PlacementOptions options;
    options.preferLocal = annotations.value(kPreferLocalAnnotation, "true") != "false";
    bool ok = false;
    const int seconds = QString::fromStdString(annotations.value(kFailoverSecondsAnnotation, "")).toInt(&ok);
    if (ok && seconds >= -1)
        options.failoverSeconds = seconds;
    const json patch = podPlacementPatch(request.object, offloading.value("spec", json::object()), options);
    webhook::AdmissionResponse out = webhook::AdmissionResponse::allow();
    if (!patch.empty())
        out.patch = patch;
    return out;
}

} // namespace spillway::offloading
