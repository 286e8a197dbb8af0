#include "offloading/NamespaceMapReconciler.h"

#include "apis/offloading/v1beta1/NamespaceMap.h"
#include "common/Names.h"
#include "consts/Labels.h"
#include "offloading/OffloadingPolicy.h"

namespace spillway::offloading {

using nlohmann::json;

namespace {

std::string s(const QString &v) { return v.toStdString(); }

} // namespace

NamespaceMapReconciler::NamespaceMapReconciler(kube::KubeClient &client, QString fieldManager) : m_client(client), m_fieldManager(std::move(fieldManager)) {}

QString NamespaceMapReconciler::ensureMapped(const QString &remote, const QString &local, const QString &mapRef, const QString &consumerId)
{
    if (!isValidClusterId(remote))
        return QStringLiteral("CreationLoopBackOff");   // not a namespace name (e.g. longer than 63 characters)
    auto existing = m_client.get(kube::resources::namespaces(), {}, remote);
    if (existing) {
        const json annotations = (*existing)["metadata"].value("annotations", json::object());
        if (annotations.value(kManagedByNamespaceMapAnnotation, "") != s(mapRef))
            return QStringLiteral("CreationLoopBackOff");   // someone else's namespace: never taken over
        if ((*existing)["metadata"].contains("deletionTimestamp"))
            return QStringLiteral("CreationLoopBackOff");
    } else if (existing.error().isNotFound()) {
        const json ns = {{"apiVersion", "v1"}, {"kind", "Namespace"},
                         {"metadata", {{"name", s(remote)},
                                       {"labels", {{consts::kRemoteClusterIdLabel, s(consumerId)}}},
                                       {"annotations", {{kManagedByNamespaceMapAnnotation, s(mapRef)}, {kOriginalNameAnnotation, s(local)}}}}}};
        if (auto r = m_client.create(kube::resources::namespaces(), {}, ns); !r && !r.error().isAlreadyExists())
            return QStringLiteral("CreationLoopBackOff");
    } else {
        return {};   // transient: keep what the status says
    }
    auto rbac = m_client.resolve(QStringLiteral("rbac.authorization.k8s.io/v1"), QStringLiteral("RoleBinding"));
    if (!rbac)
        return {};
    const json binding = {{"apiVersion", "rbac.authorization.k8s.io/v1"}, {"kind", "RoleBinding"},
                          {"metadata", {{"name", kRemoteOffloadingRole}, {"namespace", s(remote)},
                                        {"labels", {{consts::kRemoteClusterIdLabel, s(consumerId)}, {"app.kubernetes.io/part-of", "spillway"}}},
                                        {"annotations", {{kManagedByNamespaceMapAnnotation, s(mapRef)}}}}},
                          {"roleRef", {{"apiGroup", "rbac.authorization.k8s.io"}, {"kind", "ClusterRole"}, {"name", kRemoteOffloadingRole}}},
                          {"subjects", json::array({{{"kind", "User"}, {"apiGroup", "rbac.authorization.k8s.io"}, {"name", s(consumerId)}}})}};
    if (!m_client.apply(*rbac, remote, binding, m_fieldManager, true))
        return {};
    return QStringLiteral("Accepted");
}

Result<bool> NamespaceMapReconciler::unmap(const QString &remote, const QString &mapRef)
{
    auto existing = m_client.get(kube::resources::namespaces(), {}, remote);
    if (!existing)
        return existing.error().isNotFound() ? Result<bool>(true) : Result<bool>(existing.error());
    if ((*existing)["metadata"].value("annotations", json::object()).value(kManagedByNamespaceMapAnnotation, "") != s(mapRef))
        return true;   // not ours to delete
    if (!(*existing)["metadata"].contains("deletionTimestamp"))
        if (auto r = m_client.remove(kube::resources::namespaces(), {}, remote); !r && !r.error().isNotFound())
            return r.error();
    return false;
}

Result<void> NamespaceMapReconciler::reconcile(const QString &key)
{
    const QString ns = key.section(QLatin1Char('/'), 0, 0), name = key.section(QLatin1Char('/'), 1);
    const kube::ResourceRef maps = apis::offloading::v1beta1::namespaceMapResource();
    auto map = m_client.get(maps, ns, name);
    if (!map)
        return map.error().isNotFound() ? Result<void>() : Result<void>(map.error());
    json meta = (*map)["metadata"];
    const json labels = meta.value("labels", json::object());
    if (labels.value("liqo.io/replicated", "") != "true")
        return {};   // our own map towards a provider: the replicator's business
    const QString consumerId = QString::fromStdString(labels.value("liqo.io/originID", ""));
    if (!isValidClusterId(consumerId) || ns != QStringLiteral("liqo-tenant-") + consumerId)
        return {};   // not a consumer's replica in its tenant namespace
    const QString mapRef = ns + QLatin1Char('/') + name;
    const bool deleting = meta.contains("deletionTimestamp");
    json finalizers = meta.value("finalizers", json::array());
    const bool hasFinalizer = std::find(finalizers.begin(), finalizers.end(), kFinalizer) != finalizers.end();
    if (deleting && !hasFinalizer)
        return {};
    if (!deleting && !hasFinalizer) {
        finalizers.push_back(kFinalizer);
        const json patch = {{"metadata", {{"finalizers", finalizers}, {"resourceVersion", meta.value("resourceVersion", "")}}}};
        auto r = m_client.patch(maps, ns, name, kube::PatchType::Merge, QByteArray::fromStdString(patch.dump()));
        if (!r)
            return r.error();
        meta = (*r)["metadata"];
    }

    const json desired = deleting ? json::object() : (*map).value("spec", json::object()).value("desiredMapping", json::object());
    const json previous = (*map).value("status", json::object()).value("currentMapping", json::object());
    json current = json::object();
    for (const auto &[local, remote] : desired.items()) {
        if (!remote.is_string())
            continue;
        QString phase = ensureMapped(QString::fromStdString(remote.get<std::string>()), QString::fromStdString(local), mapRef, consumerId);
        if (phase.isEmpty())
            phase = QString::fromStdString(previous.value(local, json::object()).value("phase", "CreationLoopBackOff"));
        current[local] = {{"remoteNamespace", remote}, {"phase", s(phase)}};
    }
    for (const auto &[local, entry] : previous.items()) {
        if (current.contains(local))
            continue;
        auto gone = unmap(QString::fromStdString(entry.value("remoteNamespace", "")), mapRef);
        if (!gone)
            return gone.error();
        if (!*gone)
            current[local] = {{"remoteNamespace", entry.value("remoteNamespace", "")}, {"phase", "Terminating"}};
    }
    if (current != previous) {
        json updated = *map;
        updated["metadata"] = meta;
        updated["status"] = {{"currentMapping", current}};
        auto r = m_client.updateStatus(maps, ns, updated);
        if (!r)
            return r.error().isConflict() ? Result<void>(Error::of(Error::Kind::Timeout, QStringLiteral("%1 changed meanwhile").arg(mapRef))) : Result<void>(r.error());
        meta = (*r)["metadata"];
    }
    bool settled = true;
    for (const auto &[local, entry] : current.items())
        settled &= entry.value("phase", "") == "Accepted";
    if (!settled)
        return Error::of(Error::Kind::Timeout, QStringLiteral("%1: remote namespaces still being created or deleted").arg(mapRef));
    if (!deleting)
        return {};
    json kept = json::array();
    for (const auto &f : meta.value("finalizers", json::array()))
        if (f != kFinalizer)
            kept.push_back(f);
    const json patch = {{"metadata", {{"finalizers", kept}}}};
    auto r = m_client.patch(maps, ns, name, kube::PatchType::Merge, QByteArray::fromStdString(patch.dump()));
    return r || r.error().isNotFound() ? Result<void>() : Result<void>(r.error());
}

} // namespace spillway::offloading
