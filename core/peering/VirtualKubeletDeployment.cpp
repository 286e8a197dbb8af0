#include "peering/VirtualKubeletDeployment.h"

#include "peering/PeeringNames.h"

namespace spillway::peering {

using nlohmann::json;

namespace {

json labels(const QString &component)
{
    return {{"app.kubernetes.io/part-of", "spillway"}, {"app.kubernetes.io/component", component.toStdString()}};
}

} // namespace

json VirtualKubeletDeployment::serviceAccount() const
{
    return {{"apiVersion", "v1"}, {"kind", "ServiceAccount"},
            {"metadata", {{"name", kServiceAccount}, {"namespace", tenantNamespace.toStdString()}, {"labels", labels(QStringLiteral("virtual-kubelet"))}}}};
}

json VirtualKubeletDeployment::clusterRoleBinding() const
{
    return {{"apiVersion", "rbac.authorization.k8s.io/v1"}, {"kind", "ClusterRoleBinding"},
            {"metadata", {{"name", clusterRoleBindingName().toStdString()}, {"labels", labels(QStringLiteral("virtual-kubelet"))}}},
            {"roleRef", {{"apiGroup", "rbac.authorization.k8s.io"}, {"kind", "ClusterRole"}, {"name", kClusterRole}}},
            {"subjects", json::array({{{"kind", "ServiceAccount"}, {"name", kServiceAccount}, {"namespace", tenantNamespace.toStdString()}}})}};
}

json VirtualKubeletDeployment::deployment() const
{
    const json selector = {{"app.kubernetes.io/name", "virtual-kubelet"}, {"liqo.io/virtual-node", sliceName.toStdString()}};
    json podLabels = selector;
    podLabels.update(labels(QStringLiteral("virtual-kubelet")));
    const json container = {
        {"name", "virtual-kubelet"},
        {"image", image.toStdString()},
        {"imagePullPolicy", pullPolicy.toStdString()},
        {"args", json::array({"--virtual-node=" + (tenantNamespace + QLatin1Char('/') + sliceName).toStdString(),
                              "--node-name=liqo-" + sliceName.toStdString()})},
        // The Node's InternalIP: where the apiserver calls the kubelet endpoint for kubectl logs.
        {"env", json::array({{{"name", "POD_IP"}, {"valueFrom", {{"fieldRef", {{"fieldPath", "status.podIP"}}}}}}})},
        {"ports", json::array({{{"name", "kubelet"}, {"containerPort", 10250}, {"protocol", "TCP"}}})},
        {"securityContext", {{"runAsNonRoot", true}, {"allowPrivilegeEscalation", false}, {"readOnlyRootFilesystem", true},
                             {"capabilities", {{"drop", json::array({"ALL"})}}}}},
        // Idle it holds about 25 MB; bench/offload saw 96 MB at 10,000 pods, so the limit leaves room.
        {"resources", {{"requests", {{"cpu", "10m"}, {"memory", "48Mi"}}}, {"limits", {{"memory", "512Mi"}}}}},
        // The kubelet endpoint answers once the node is served (it needs client certificates, so TCP).
        {"readinessProbe", {{"tcpSocket", {{"port", "kubelet"}}}, {"periodSeconds", 5}}},
        {"livenessProbe", {{"tcpSocket", {{"port", "kubelet"}}}, {"periodSeconds", 10}, {"failureThreshold", 6}}},
    };
    // Never on a virtual node: it would be serving the node it runs on.
    const json affinity = {{"nodeAffinity", {{"requiredDuringSchedulingIgnoredDuringExecution", {{"nodeSelectorTerms", json::array({
        {{"matchExpressions", json::array({{{"key", "liqo.io/type"}, {"operator", "NotIn"}, {"values", json::array({"virtual-node"})}}})}}})}}}}}};
    json meta = {{"name", deploymentName().toStdString()}, {"namespace", tenantNamespace.toStdString()}, {"labels", podLabels}};
    if (!virtualNodeUid.empty())
        meta["ownerReferences"] = json::array({{{"apiVersion", "offloading.liqo.io/v1beta1"}, {"kind", "VirtualNode"}, {"name", sliceName.toStdString()},
                                                {"uid", virtualNodeUid}, {"controller", true}, {"blockOwnerDeletion", false}}});
    return {{"apiVersion", "apps/v1"}, {"kind", "Deployment"}, {"metadata", meta},
            {"spec", {{"replicas", 1}, {"selector", {{"matchLabels", selector}}},
                      {"template", {{"metadata", {{"labels", podLabels}}},
                                    {"spec", {{"serviceAccountName", kServiceAccount}, {"affinity", affinity},
                                              {"containers", json::array({container})}}}}}}}};
}

} // namespace spillway::peering
