#include "storage/VirtualVolumes.h"

#include "offloading/OffloadingPolicy.h"
#include "peering/PeeringNames.h"

namespace spillway::storage {

using nlohmann::json;

namespace {

std::string s(const QString &v) { return v.toStdString(); }

bool isDefaultClass(const json &cls)
{
    const json annotations = cls.value("metadata", json::object()).value("annotations", json::object());
    for (const char *key : {"storageclass.kubernetes.io/is-default-class", "storageclass.beta.kubernetes.io/is-default-class"})
        if (annotations.value(key, "") == "true")
            return true;
    return false;
}

bool isVirtualClass(const json &cls)
{
    return cls.value("provisioner", "") == kProvisioner;
}

// A StorageClassList, or its items as an informer's store holds them.
json items(const json &list)
{
    if (list.is_array())
        return list;
    return list.is_object() ? list.value("items", json::array()) : json::array();
}

std::string str(const json &o, const char *key)
{
    if (!o.is_object())
        return {};
    const auto it = o.find(key);
    return it != o.end() && it->is_string() ? it->get<std::string>() : std::string();
}

json claimRef(const json &pvc)
{
    const json meta = pvc.value("metadata", json::object());
    return {{"apiVersion", "v1"}, {"kind", "PersistentVolumeClaim"}, {"namespace", meta.value("namespace", "")},
            {"name", meta.value("name", "")}, {"uid", meta.value("uid", "")}};
}

// The requested size: what a virtual PV offers before the real one is known.
json requestedCapacity(const json &pvc)
{
    const json requests = pvc.value("spec", json::object()).value("resources", json::object()).value("requests", json::object());
    return {{"storage", requests.value("storage", "0")}};
}

} // namespace

QStringList virtualClassNames(const json &storageClassList)
{
    QStringList out;
    for (const auto &cls : items(storageClassList))
        if (isVirtualClass(cls))
            out << QString::fromStdString(cls.value("metadata", json::object()).value("name", ""));
    return out;
}

std::optional<QString> realLocalClass(const json &storageClassList, const QString &configured)
{
    if (!configured.isEmpty())
        return configured;
    for (const auto &cls : items(storageClassList))
        if (!isVirtualClass(cls) && isDefaultClass(cls))
            return QString::fromStdString(cls.value("metadata", json::object()).value("name", ""));
    return std::nullopt;
}

json advertisedClasses(const json &storageClassList)
{
    json out = json::array();
    for (const auto &cls : items(storageClassList)) {
        if (isVirtualClass(cls))
            continue;
        json entry = {{"storageClassName", cls.value("metadata", json::object()).value("name", "")}};
        if (isDefaultClass(cls))
            entry["default"] = true;
        out.push_back(entry);
    }
    return out;
}

QString remoteClass(const json &advertised)
{
    if (!advertised.is_array() || advertised.empty())
        return {};
    for (const auto &c : advertised)
        if (c.is_object() && c.value("default", false))
            return QString::fromStdString(c.value("storageClassName", ""));
    return advertised[0].is_object() ? QString::fromStdString(advertised[0].value("storageClassName", "")) : QString();
}

std::optional<QString> claimToProvision(const json &pvc, const QStringList &virtualClasses)
{
    const json meta = pvc.value("metadata", json::object());
    const json spec = pvc.value("spec", json::object());
    if (meta.contains("deletionTimestamp") || !spec.value("volumeName", "").empty())
        return std::nullopt;
    if (!virtualClasses.contains(QString::fromStdString(spec.value("storageClassName", ""))))
        return std::nullopt;
    const std::string node = meta.value("annotations", json::object()).value(kSelectedNodeAnnotation, "");
    if (node.empty())
        return std::nullopt;
    return QString::fromStdString(node);
}

json twinClaim(const json &pvc, const QString &name, const QString &ns, const QString &storageClass, const json &labels, const json &annotations)
{
    const json spec = pvc.value("spec", json::object());
    json outSpec = json::object();
    for (const char *field : {"accessModes", "resources", "volumeMode"})
        if (spec.contains(field))
            outSpec[field] = spec[field];
    if (!storageClass.isEmpty())
        outSpec["storageClassName"] = s(storageClass);
    json allLabels = pvc.value("metadata", json::object()).value("labels", json::object());
    for (auto it = labels.begin(); it != labels.end(); ++it)
        allLabels[it.key()] = it.value();
    allLabels[kClaimUidLabel] = pvc.value("metadata", json::object()).value("uid", "");
    json meta = {{"name", s(name)}, {"namespace", s(ns)}, {"labels", allLabels}};
    if (!annotations.empty())
        meta["annotations"] = annotations;
    return {{"apiVersion", "v1"}, {"kind", "PersistentVolumeClaim"}, {"metadata", meta}, {"spec", outSpec}};
}

QString virtualVolumeName(const json &pvc)
{
    return QStringLiteral("pvc-") + QString::fromStdString(pvc.value("metadata", json::object()).value("uid", ""));
}

json remoteVirtualVolume(const json &pvc, const QString &virtualNode, const QString &providerId, const QString &remoteNs)
{
    const json meta = pvc.value("metadata", json::object());
    const json spec = pvc.value("spec", json::object());
    const std::string name = meta.value("name", "");
    json pvSpec = {{"capacity", requestedCapacity(pvc)},
                   {"accessModes", spec.value("accessModes", json::array({"ReadWriteOnce"}))},
                   {"storageClassName", spec.value("storageClassName", "")},
                   {"persistentVolumeReclaimPolicy", "Delete"},
                   {"claimRef", claimRef(pvc)},
                   {"csi", {{"driver", kCsiDriver}, {"volumeHandle", s(providerId) + "/" + s(remoteNs) + "/" + name}}},
                   {"nodeAffinity", {{"required", {{"nodeSelectorTerms", json::array({{{"matchExpressions", json::array({
                       {{"key", "kubernetes.io/hostname"}, {"operator", "In"}, {"values", json::array({s(virtualNode)})}}})}}})}}}}}};
    if (spec.contains("volumeMode"))
        pvSpec["volumeMode"] = spec["volumeMode"];
    return {{"apiVersion", "v1"}, {"kind", "PersistentVolume"},
            {"metadata", {{"name", s(virtualVolumeName(pvc))},
                          {"labels", {{kLocationLabel, s(providerId)}, {kClaimNamespaceLabel, meta.value("namespace", "")},
                                      {peering::kRemoteClusterIdLabel, s(providerId)}}},
                          {"annotations", {{kProvisionedByAnnotation, kProvisioner}, {kTwinAnnotation, s(remoteNs) + "/" + name}}}}},
            {"spec", pvSpec}};
}

json localVirtualVolume(const json &pvc, const json &realPv, const QString &twinKey)
{
    const json meta = pvc.value("metadata", json::object());
    json pvSpec = realPv.value("spec", json::object());
    const json notVirtual = {{"key", offloading::kNodeTypeLabel}, {"operator", "NotIn"}, {"values", json::array({offloading::kVirtualNodeType})}};
    json terms = pvSpec.value("nodeAffinity", json::object()).value("required", json::object()).value("nodeSelectorTerms", json::array());
    if (terms.empty())
        terms.push_back({{"matchExpressions", json::array()}});
    for (auto &term : terms) {
        if (!term.contains("matchExpressions"))
            term["matchExpressions"] = json::array();
        term["matchExpressions"].push_back(notVirtual);
    }
    pvSpec["nodeAffinity"] = {{"required", {{"nodeSelectorTerms", terms}}}};
    pvSpec["claimRef"] = claimRef(pvc);
    pvSpec["storageClassName"] = pvc.value("spec", json::object()).value("storageClassName", "");
    pvSpec["persistentVolumeReclaimPolicy"] = "Delete";
    return {{"apiVersion", "v1"}, {"kind", "PersistentVolume"},
            {"metadata", {{"name", s(virtualVolumeName(pvc))},
                          {"labels", {{kLocationLabel, kLocalLocation}, {kClaimNamespaceLabel, meta.value("namespace", "")}}},
                          {"annotations", {{kProvisionedByAnnotation, kProvisioner}, {kTwinAnnotation, s(twinKey)}}}}},
            {"spec", pvSpec}};
}

bool releasedForDeletion(const json &pv)
{
    const json meta = pv.value("metadata", json::object());
    if (meta.value("annotations", json::object()).value(kProvisionedByAnnotation, "") != kProvisioner)
        return false;
    if (pv.value("spec", json::object()).value("persistentVolumeReclaimPolicy", "") != "Delete")
        return false;
    const std::string phase = pv.value("status", json::object()).value("phase", "");
    return phase == "Released" || phase == "Failed";
}

bool twinServes(const json &twin, const json &pvc)
{
    const json meta = twin.value("metadata", json::object());
    return !meta.contains("deletionTimestamp")
           && str(meta.value("labels", json::object()), kClaimUidLabel) == str(pvc.value("metadata", json::object()), "uid");
}

QString newestWarning(const json &eventList)
{
    std::string newest, message;
    const json list = eventList.is_object() ? eventList.value("items", json::array()) : json::array();
    for (const auto &e : list) {
        if (str(e, "type") != "Warning")
            continue;
        std::string at = str(e, "lastTimestamp");
        if (at.empty())
            at = str(e, "eventTime");
        if (message.empty() || at > newest) {
            newest = at;
            message = str(e, "reason") + ": " + str(e, "message");
        }
    }
    return QString::fromStdString(message);
}

json mirroredStatus(const std::optional<json> &remotePvc)
{
    if (!remotePvc)
        return {{kRemotePhaseAnnotation, "Lost"}, {kRemoteCapacityAnnotation, nullptr}, {kRemoteAccessModesAnnotation, nullptr}};
    const json status = remotePvc->value("status", json::object());
    QStringList modes;
    for (const auto &m : status.value("accessModes", json::array()))
        if (m.is_string())
            modes << QString::fromStdString(m.get<std::string>());
    const std::string capacity = status.value("capacity", json::object()).value("storage", "");
    return {{kRemotePhaseAnnotation, status.value("phase", "Pending")},
            {kRemoteCapacityAnnotation, capacity.empty() ? json(nullptr) : json(capacity)},
            {kRemoteAccessModesAnnotation, modes.isEmpty() ? json(nullptr) : json(s(modes.join(QLatin1Char(','))))}};
}

} // namespace spillway::storage
