#include "storage/VolumeRelease.h"

#include "storage/VirtualVolumes.h"

namespace spillway::storage {

using nlohmann::json;

Result<void> releaseVirtualVolume(kube::KubeClient &consumer, kube::KubeClient &twins, const QString &name, const QString &location)
{
    auto pv = consumer.get(kube::resources::persistentVolumes(), {}, name);
    if (!pv)
        return pv.error().isNotFound() ? Result<void>() : Result<void>(pv.error());
    const json meta = (*pv)["metadata"];
    if (meta.value("labels", json::object()).value(kLocationLabel, "") != location.toStdString() || !releasedForDeletion(*pv))
        return {};
    const QString twin = QString::fromStdString(meta.value("annotations", json::object()).value(kTwinAnnotation, ""));
    const json claim = {{"metadata", {{"uid", (*pv)["spec"].value("claimRef", json::object()).value("uid", "")}}}};
    if (!twin.isEmpty()) {
        const QString twinNs = twin.section(QLatin1Char('/'), 0, 0), twinName = twin.section(QLatin1Char('/'), 1);
        auto current = twins.get(kube::resources::persistentVolumeClaims(), twinNs, twinName);
        if (!current && !current.error().isNotFound())
            return current.error();
        if (current && twinServes(*current, claim)) {
            auto gone = twins.remove(kube::resources::persistentVolumeClaims(), twinNs, twinName);
            if (!gone && !gone.error().isNotFound())
                return gone.error();
        }
    }
    auto removed = consumer.remove(kube::resources::persistentVolumes(), {}, name);
    return removed || removed.error().isNotFound() ? Result<void>() : Result<void>(removed.error());
}

} // namespace spillway::storage
