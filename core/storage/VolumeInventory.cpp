#include "storage/VolumeInventory.h"

#include "storage/VirtualVolumes.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace spillway::storage {

using nlohmann::json;

bool VirtualVolume::remote() const
{
    return location != QLatin1String(kLocalLocation);
}

Result<std::vector<VirtualVolume>> listVirtualVolumes(kube::KubeClient &client, const QString &ns)
{
    const QString selector = ns.isEmpty() ? QString::fromLatin1(kLocationLabel) : QStringLiteral("%1,%2=%3").arg(QLatin1String(kLocationLabel), QLatin1String(kClaimNamespaceLabel), ns);
    auto pvs = client.list(kube::resources::persistentVolumes(), {}, kube::withLabels(selector));
    if (!pvs)
        return pvs.error();
    // The claims carry the remote side's mirrored state; read them per namespace.
    std::map<QString, json> claims;
    std::vector<VirtualVolume> out;
    for (const auto &pv : (*pvs)["items"]) {
        const json meta = pv.value("metadata", json::object());
        const json spec = pv.value("spec", json::object());
        VirtualVolume v;
        v.volumeName = QString::fromStdString(meta.value("name", ""));
        v.location = QString::fromStdString(meta.value("labels", json::object()).value(kLocationLabel, ""));
        v.twin = QString::fromStdString(meta.value("annotations", json::object()).value(kTwinAnnotation, ""));
        v.claimNamespace = QString::fromStdString(spec.value("claimRef", json::object()).value("namespace", ""));
        v.claimName = QString::fromStdString(spec.value("claimRef", json::object()).value("name", ""));
        v.capacity = QString::fromStdString(spec.value("capacity", json::object()).value("storage", ""));
        v.phase = QString::fromStdString(pv.value("status", json::object()).value("phase", ""));
        if (v.remote()) {
            if (!claims.count(v.claimNamespace)) {
                auto list = client.list(kube::resources::persistentVolumeClaims(), v.claimNamespace);
                claims[v.claimNamespace] = list ? *list : json::object();
            }
            for (const auto &c : claims[v.claimNamespace].value("items", json::array())) {
                if (c["metadata"].value("name", "") != v.claimName.toStdString())
                    continue;
                const json annotations = c["metadata"].value("annotations", json::object());
                if (!annotations.value(kRemotePhaseAnnotation, "").empty())
                    v.phase = QString::fromStdString(annotations.value(kRemotePhaseAnnotation, ""));
                if (!annotations.value(kRemoteCapacityAnnotation, "").empty())
                    v.capacity = QString::fromStdString(annotations.value(kRemoteCapacityAnnotation, ""));
            }
        }
        out.push_back(v);
    }
    std::sort(out.begin(), out.end(), [](const VirtualVolume &a, const VirtualVolume &b) {
        return std::tie(a.claimNamespace, a.claimName) < std::tie(b.claimNamespace, b.claimName);
    });
    return out;
}

json toJson(const VirtualVolume &v)
{
    return {{"namespace", v.claimNamespace.toStdString()}, {"claim", v.claimName.toStdString()}, {"location", v.location.toStdString()},
            {"twin", v.twin.toStdString()}, {"capacity", v.capacity.toStdString()}, {"phase", v.phase.toStdString()},
            {"volume", v.volumeName.toStdString()}};
}

Result<std::vector<ReflectedClaim>> reflectedClaims(kube::KubeClient &client, const QString &ns)
{
    auto claims = client.list(kube::resources::persistentVolumeClaims(), ns);
    if (!claims)
        return claims.error();
    std::vector<ReflectedClaim> out;
    for (const auto &c : (*claims)["items"]) {
        const json meta = c.value("metadata", json::object());
        const json peer = meta.value("annotations", json::object()).value(kReflectedToAnnotation, json());
        if (peer.is_string() && !peer.get<std::string>().empty())
            out.push_back({QString::fromStdString(meta.value("name", "")), QString::fromStdString(peer.get<std::string>())});
    }
    std::sort(out.begin(), out.end(), [](const ReflectedClaim &a, const ReflectedClaim &b) { return a.name < b.name; });
    return out;
}

} // namespace spillway::storage
