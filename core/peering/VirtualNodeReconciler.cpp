#include "peering/VirtualNodeReconciler.h"

#include "apis/authentication/v1beta1/ResourceSlice.h"
#include "apis/offloading/v1beta1/NamespaceMap.h"
#include "apis/offloading/v1beta1/VirtualNode.h"
#include "installer/LocalRuntime.h"
#include "kube/ApplyObject.h"
#include "peering/PeeringNames.h"
#include "peering/VirtualKubeletDeployment.h"

#include <QDir>

namespace spillway::peering {

using nlohmann::json;

VirtualNodeReconciler::VirtualNodeReconciler(kube::KubeClient &client, Options options) : m_client(client), m_options(std::move(options)) {}

Result<void> VirtualNodeReconciler::tearDown(const QString &ns, const QString &name)
{
    if (m_options.localRuntime && !m_options.stateDir.isEmpty()) {
        installer::LocalRuntime runtime(m_options.stateDir, QDir(m_options.binDir).filePath(QStringLiteral("spillctl")));
        if (QDir(runtime.dirOf(componentName(name))).exists()) {
            if (auto r = runtime.stop(componentName(name)); !r)
                return r.error();
            QDir(runtime.dirOf(componentName(name))).removeRecursively();
        }
    }
    const VirtualKubeletDeployment vk{ns, name, {}, {}, {}};
    auto deployments = m_client.resolve(QStringLiteral("apps/v1"), QStringLiteral("Deployment"));
    if (!deployments)
        return deployments.error();
    for (const auto &[ref, objNs, objName] : {std::tuple{*deployments, ns, vk.deploymentName()},
                                               std::tuple{apis::offloading::v1beta1::virtualNodeResource(), ns, name},
                                               std::tuple{kube::resources::nodes(), QString(), nodeName(name)}}) {
        auto r = m_client.remove(ref, objNs, objName);
        if (!r && !r.error().isNotFound())
            return r.error();
    }
    // The tenant namespace's NamespaceMap and kubelet identity go with its last virtual node.
    auto left = m_client.list(apis::offloading::v1beta1::virtualNodeResource(), ns);
    if (!left && !left.error().isNotFound())
        return left.error();
    if (left && !(*left)["items"].empty())
        return {};
    if (auto maps = m_client.list(apis::offloading::v1beta1::namespaceMapResource(), ns, kube::withLabels(QStringLiteral("liqo.io/replication=true"))))
        for (const auto &m : (*maps)["items"])
            if (auto r = m_client.remove(apis::offloading::v1beta1::namespaceMapResource(), ns, QString::fromStdString(m["metadata"].value("name", ""))); !r && !r.error().isNotFound())
                return r.error();
    auto crbs = m_client.resolve(QStringLiteral("rbac.authorization.k8s.io/v1"), QStringLiteral("ClusterRoleBinding"));
    if (!crbs)
        return crbs.error();
    for (const auto &[ref, objNs, objName] : {std::tuple{*crbs, QString(), vk.clusterRoleBindingName()},
                                               std::tuple{kube::resources::serviceAccounts(), ns, QString::fromLatin1(VirtualKubeletDeployment::kServiceAccount)}}) {
        auto r = m_client.remove(ref, objNs, objName);
        if (!r && !r.error().isNotFound())
            return r.error();
    }
    return {};
}

Result<void> VirtualNodeReconciler::runInCluster(const QString &ns, const QString &name, const std::string &virtualNodeUid)
{
    if (m_options.virtualKubeletImage.isEmpty())
        return Error::of(Error::Kind::Config, QStringLiteral("no virtual kubelet image configured"),
                         QStringLiteral("start the controller manager with --virtual-kubelet-image"));
    const VirtualKubeletDeployment vk{ns, name, m_options.virtualKubeletImage, m_options.imagePullPolicy, virtualNodeUid};
    for (const json &obj : {vk.serviceAccount(), vk.clusterRoleBinding(), vk.deployment()})
        if (auto r = kube::applyObject(m_client, obj, m_options.fieldManager); !r)
            return r.error();
    return {};
}

Result<void> VirtualNodeReconciler::reconcile(const QString &key)
{
    const QString ns = key.section(QLatin1Char('/'), 0, 0), name = key.section(QLatin1Char('/'), 1);
    auto slice = m_client.get(apis::authentication::v1beta1::resourceSliceResource(), ns, name);
    if (!slice && !slice.error().isNotFound())
        return slice.error();
    if (slice && (*slice)["metadata"].value("labels", json::object()).value("liqo.io/replicated", "") == "true")
        return {};   // a peer's slice, granted here; its virtual node lives in the peer
    bool wanted = slice.ok() && !(*slice)["metadata"].contains("deletionTimestamp")
                  && (*slice)["metadata"].value("annotations", json::object()).value("liqo.io/create-virtual-node", "true") != "false"
                  && (*slice)["metadata"].value("labels", json::object()).value("liqo.io/replication", "") == "true";
    json status = slice ? (*slice).value("status", json::object()) : json::object();
    bool accepted = false;
    for (const auto &c : status.value("conditions", json::array()))
        accepted |= c.value("type", "") == "Resources" && c.value("status", "") == "Accepted";
    if (!wanted || !accepted)
        return tearDown(ns, name);

    const json spec = (*slice)["spec"];
    const std::string providerId = spec.value("providerClusterID", "");
    const json meta = (*slice)["metadata"];
    const json vn = {{"apiVersion", "offloading.liqo.io/v1beta1"}, {"kind", "VirtualNode"},
                     {"metadata", {{"name", name.toStdString()}, {"namespace", ns.toStdString()},
                                   {"labels", {{kRemoteClusterIdLabel, providerId}, {"liqo.io/resourceslice-name", name.toStdString()}}},
                                   {"ownerReferences", json::array({{{"apiVersion", "authentication.liqo.io/v1beta1"}, {"kind", "ResourceSlice"},
                                                                     {"name", name.toStdString()}, {"uid", meta.value("uid", "")}}})}}},
                     {"spec", {{"clusterID", providerId}, {"createNode", true},
                               {"kubeconfigSecretRef", {{"name", kubeconfigSecretName(controlPlaneIdentityName(QString::fromStdString(providerId))).toStdString()}}},
                               {"resourceQuota", {{"hard", status.value("resources", json::object())}}},
                               {"labels", status.value("nodeLabels", json::object())},
                               {"storageClasses", status.value("storageClasses", json::array())}}}};
    auto applied = m_client.apply(apis::offloading::v1beta1::virtualNodeResource(), ns, vn, m_options.fieldManager, true);
    if (!applied)
        return applied.error();
    // One NamespaceMap per provider, where offloaded namespaces are asked for (Liqo's layout).
    const json map = {{"apiVersion", "offloading.liqo.io/v1beta1"}, {"kind", "NamespaceMap"},
                      {"metadata", {{"name", providerId}, {"namespace", ns.toStdString()},
                                    {"labels", {{kRemoteClusterIdLabel, providerId}, {"liqo.io/replication", "true"}, {"liqo.io/remoteID", providerId}}}}}};
    if (auto r = m_client.apply(apis::offloading::v1beta1::namespaceMapResource(), ns, map, m_options.fieldManager, true); !r)
        return r.error();
    if (!m_options.localRuntime)
        return runInCluster(ns, name, (*applied)["metadata"].value("uid", ""));
    installer::LocalRuntime runtime(m_options.stateDir, QDir(m_options.binDir).filePath(QStringLiteral("spillctl")));
    const QString kubeconfig = QDir(m_options.stateDir).filePath(QStringLiteral("spillway-virtual-kubelet/kubeconfig"));
    auto started = runtime.ensureRunning({componentName(name), QDir(m_options.binDir).filePath(QStringLiteral("spillway-virtual-kubelet")),
                                          {QStringLiteral("--kubeconfig=") + kubeconfig, QStringLiteral("--virtual-node=%1/%2").arg(ns, name),
                                           QStringLiteral("--node-name=") + nodeName(name),
                                           // several kubelets share this host: each takes a free port and advertises it
                                           QStringLiteral("--kubelet-port=0")}});
    if (!started)
        return started.error();
    return {};
}

} // namespace spillway::peering
