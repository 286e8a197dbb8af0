#include "offloading/ShadowPodReconciler.h"

#include "apis/offloading/v1beta1/ShadowPod.h"
#include "offloading/OffloadingPolicy.h"

namespace spillway::offloading {

using nlohmann::json;

ShadowPodReconciler::ShadowPodReconciler(kube::KubeClient &client, QString fieldManager) : m_client(client), m_fieldManager(std::move(fieldManager)) {}

Result<void> ShadowPodReconciler::reconcile(const QString &key)
{
    const QString ns = key.section(QLatin1Char('/'), 0, 0), name = key.section(QLatin1Char('/'), 1);
    const kube::ResourceRef shadows = apis::offloading::v1beta1::shadowPodResource();
    auto shadow = m_client.get(shadows, ns, name);
    if (!shadow)
        return shadow.error().isNotFound() ? Result<void>() : Result<void>(shadow.error());   // the pod goes by ownerReference
    const json meta = (*shadow)["metadata"];
    const json podSpec = (*shadow).value("spec", json::object()).value("pod", json::object());
    if (meta.contains("deletionTimestamp") || !podSpec.is_object() || podSpec.empty())
        return {};
    auto namespaceObj = m_client.get(kube::resources::namespaces(), {}, ns);
    if (!namespaceObj)
        return namespaceObj.error();
    const std::string mappedFor = (*namespaceObj)["metadata"].value("labels", json::object()).value("liqo.io/remote-cluster-id", "");
    const std::string origin = meta.value("labels", json::object()).value(kOriginLabel, "");
    if (mappedFor.empty() || origin != mappedFor)
        return {};   // only a consumer's own mapped namespaces hold its pods

    auto pod = m_client.get(kube::resources::pods(), ns, name);
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
        auto r = m_client.create(kube::resources::pods(), ns, created);
        if (!r)
            return r.error().isAlreadyExists() ? Result<void>(Error::of(Error::Kind::Timeout, QStringLiteral("pod %1/%2 appeared meanwhile").arg(ns, name)))
                                               : Result<void>(r.error());
        pod = *r;
    } else {
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
    const std::string phase = (*pod).value("status", json::object()).value("phase", "Pending");
    if ((*shadow).value("status", json::object()).value("phase", "") != phase) {
        const json patch = {{"status", {{"phase", phase}}}};
        kube::PatchOptions po;
        po.subresource = QStringLiteral("status");
        if (auto r = m_client.patch(shadows, ns, name, kube::PatchType::Merge, QByteArray::fromStdString(patch.dump()), po); !r && !r.error().isNotFound())
            return r.error();
    }
    return {};
}

} // namespace spillway::offloading
