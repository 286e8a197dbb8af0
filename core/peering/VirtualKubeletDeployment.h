#pragma once

#include <QString>
#include <nlohmann/json.hpp>
#include <vector>

namespace spillway::peering {

// Kubernetes runtime: what runs one virtual kubelet in the consumer's cluster, as Liqo runs it —
// in the tenant namespace, under a ServiceAccount there bound (one ClusterRoleBinding per tenant
// namespace) to Spillway's virtual-kubelet ClusterRole, the Deployment owned by its VirtualNode.
struct VirtualKubeletDeployment {
    QString tenantNamespace, sliceName, image, pullPolicy = QStringLiteral("IfNotPresent");
    std::string virtualNodeUid;

    static constexpr const char *kServiceAccount = "spillway-virtual-kubelet";
    static constexpr const char *kClusterRole = "spillway-virtual-kubelet";
    QString clusterRoleBindingName() const { return QStringLiteral("spillway-virtual-kubelet-") + tenantNamespace; }
    QString deploymentName() const { return QStringLiteral("spillway-virtual-kubelet-") + sliceName; }

    nlohmann::json serviceAccount() const;
    nlohmann::json clusterRoleBinding() const;
    nlohmann::json deployment() const;
};

} // namespace spillway::peering
