#include "offloading/ShadowPodReconciler.h"

#include "apis/offloading/v1beta1/ShadowPod.h"
#include "consts/Labels.h"
#include "offloading/OffloadingPolicy.h"

namespace spillway::offloading {

using nlohmann::json;

ShadowPodReconciler::ShadowPodReconciler(kube::KubeClient &client, Caches caches, QString fieldManager)
    : m_client(client), m_caches(caches), m_fieldManager(std::move(fieldManager))
{
}

Result<json> ShadowPodReconciler::read(const kube::Store *cache, const kube::ResourceRef &resource, const QString &ns, const QString &name) const
{
    if (!cache)
        return m_client.get(resource, ns, name);
    if (auto obj = cache->get(ns.isEmpty() ? name : ns + QLatin1Char('/') + name))
        return std::move(*obj);
    Error e = Error::of(Error::Kind::Api, QStringLiteral("%1 %2 not in the cache").arg(resource.resource, ns.isEmpty() ? name : ns + QLatin1Char('/') + name));
    e.httpStatus = 404;
    e.reason = QStringLiteral("NotFound");
    return e;
}

// The pod would go by its ownerReference, but the garbage collector can take a minute (after an
// apiserver restart, longer), and a consumer whose failover already replaced the pod elsewhere
// must not find it still running here.
Result<void> ShadowPodReconciler::removeOrphan(const QString &ns, const QString &name)
{
    auto pod = read(m_caches.pods, kube::resources::pods(), ns, name);
    if (!pod)
        return pod.error().isNotFound() ? Result<void>() : Result<void>(pod.error());
    const json meta = (*pod)["metadata"];
    bool ownedByShadowPod = false;
    for (const auto &o : meta.value("ownerReferences", json::array()))
        ownedByShadowPod |= o.value("kind", "") == "ShadowPod" && o.value("name", "") == name.toStdString();
    if (!ownedByShadowPod || meta.value("labels", json::object()).value(kManagedByLabel, "") != "shadowpod" || meta.contains("deletionTimestamp"))
        return {};
    kube::DeleteOptions o;
    o.preconditionUid = QString::fromStdString(meta.value("uid", ""));
    auto r = m_client.remove(kube::resources::pods(), ns, name, o);
    return r || r.error().isNotFound() || r.error().isConflict() ? Result<void>() : Result<void>(r.error());
}

Result<void> ShadowPodReconciler::reconcile(const QString &key)
{
    const QString ns = key.section(QLatin1Char('/'), 0, 0), name = key.section(QLatin1Char('/'), 1);
    const kube::ResourceRef shadows = apis::offloading::v1beta1::shadowPodResource();
    auto shadow = read(m_caches.shadowPods, shadows, ns, name);
    if (!shadow)
        return shadow.error().isNotFound() ? removeOrphan(ns, name) : Result<void>(shadow.error());
    const json meta = (*shadow)["metadata"];
    const json podSpec = (*shadow).value("spec", json::object()).value("pod", json::object());
    if (meta.contains("deletionTimestamp") || !podSpec.is_object() || podSpec.empty())
        return {};
    auto namespaceObj = read(m_caches.namespaces, kube::resources::namespaces(), {}, ns);
    if (!namespaceObj)
        return namespaceObj.error();
    const std::string mappedFor = (*namespaceObj)["metadata"].value("labels", json::object()).value(consts::kRemoteClusterIdLabel, "");
    const std::string origin = meta.value("labels", json::object()).value(kOriginLabel, "");
    if (mappedFor.empty() || origin != mappedFor)
        return {};   // only a consumer's own mapped namespaces hold its pods

    auto pod = read(m_caches.pods, kube::resources::pods(), ns, name);
    if (!pod && !pod.error().isNotFound())
        return pod.error();
    json labels = meta.value("labels", json::object());
    labels[kManagedByLabel] = "shadowpod";
    const json owner = {{"apiVersion", "offloading.liqo.io/v1beta1"}, {"kind", "ShadowPod"}, {"name", name.toStdString()},
                        {"uid", meta.value("uid", "")}, {"controller", true}, {"blockOwnerDeletion", true}};
    if (!pod) {
        const std::string last = (*shadow).value("status", json::object()).value("phase", "");
        const std::string restart = podSpec.value("restartPolicy", "Always");
        // A pod that finished for good is not run again.
        if ((last == "Succeeded" && restart != "Always") || (last == "Failed" && restart == "Never"))
            return {};
        json created = {{"apiVersion", "v1"}, {"kind", "Pod"},
                        {"metadata", {{"name", name.toStdString()}, {"namespace", ns.toStdString()}, {"labels", labels},
                                      {"annotations", meta.value("annotations", json::object())}, {"ownerReferences", json::array({owner})}}},
                        {"spec", podSpec}};
        pod = m_client.create(kube::resources::pods(), ns, created);
        // The cache was behind, or a pod of someone else's holds the name: look at it.
        if (!pod && pod.error().isAlreadyExists())
            pod = m_client.get(kube::resources::pods(), ns, name);
        if (!pod)
            return pod.error();
    }
    {
        const json podMeta = (*pod)["metadata"];
        bool ours = false;
        for (const auto &o : podMeta.value("ownerReferences", json::array()))
            ours |= o.value("uid", "") == meta.value("uid", "");
        if (!ours)
            return Error::of(Error::Kind::Config, QStringLiteral("pod %1/%2 exists and is not this ShadowPod's").arg(ns, name));
        if (podMeta.value("labels", json::object()) != labels || podMeta.value("annotations", json::object()) != meta.value("annotations", json::object())) {
            const json patch = {{"metadata", {{"labels", labels}, {"annotations", meta.value("annotations", json::object())}}}};
            if (auto r = m_client.patch(kube::resources::pods(), ns, name, kube::PatchType::Merge, QByteArray::fromStdString(patch.dump())); !r)
                return r.error();
        }
    }
    // A ShadowPod without a phase is pending: one write fewer per pod in a burst.
    const std::string phase = (*pod).value("status", json::object()).value("phase", "Pending");
    if (phase != "Pending" && (*shadow).value("status", json::object()).value("phase", "") != phase) {
        const json patch = {{"status", {{"phase", phase}}}};
        kube::PatchOptions po;
        po.subresource = QStringLiteral("status");
        if (auto r = m_client.patch(shadows, ns, name, kube::PatchType::Merge, QByteArray::fromStdString(patch.dump()), po); !r && !r.error().isNotFound())
            return r.error();
    }
    return {};
}

} // namespace spillway::offloading
