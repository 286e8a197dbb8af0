// One ServiceAccount per component, bound to rules that name only what that component touches.
// Cluster-wide rules live in ClusterRoles; what is needed only in Spillway's namespace (leases,
// its own secrets) lives in a Role there.
#include "installer/Manifests.h"

#include <string_view>

namespace spillway::installer {

using nlohmann::json;

namespace {

const json kRead = json::array({"get", "list", "watch"});
const json kWrite = json::array({"get", "list", "watch", "create", "update", "patch", "delete"});

json rule(json groups, json resources, json verbs, json resourceNames = nullptr)
{
    json r = {{"apiGroups", std::move(groups)}, {"resources", std::move(resources)}, {"verbs", std::move(verbs)}};
    if (!resourceNames.is_null())
        r["resourceNames"] = std::move(resourceNames);
    return r;
}

json controllerManagerClusterRules()
{
    const json liqoGroups = json::array({"core.liqo.io", "offloading.liqo.io", "authentication.liqo.io", "networking.liqo.io", "ipam.liqo.io"});
    return json::array({
        rule(liqoGroups, json::array({"*"}), kWrite),
        rule(liqoGroups, json::array({"*/status", "*/finalizers"}), json::array({"get", "update", "patch"})),
        // Tenant namespaces and the namespaces offloaded workloads land in.
        rule(json::array({""}), json::array({"namespaces"}), kWrite),
        rule(json::array({""}), json::array({"secrets", "configmaps", "serviceaccounts", "services", "pods"}), kWrite),
        rule(json::array({""}), json::array({"nodes"}), json::array({"get", "list", "watch", "delete"})),   // removes virtual nodes
        rule(json::array({""}), json::array({"events"}), json::array({"create", "patch"})),
        rule(json::array({"apps"}), json::array({"deployments"}), kWrite),
        // Grants to peers are RoleBindings to Spillway's own ClusterRoles, nothing wider.
        rule(json::array({"rbac.authorization.k8s.io"}), json::array({"roles", "rolebindings", "clusterrolebindings"}), kWrite),
        rule(json::array({"rbac.authorization.k8s.io"}), json::array({"clusterroles"}), json::array({"bind"}),
             json::array({"spillway-remote-controlplane", "spillway-virtual-kubelet", "spillway-remote-offloading", "spillway-gateway"})),
        // Peer identities are signed by the cluster's own client signer.
        rule(json::array({"certificates.k8s.io"}), json::array({"certificatesigningrequests"}), json::array({"get", "list", "watch", "create", "delete"})),
        rule(json::array({"certificates.k8s.io"}), json::array({"certificatesigningrequests/approval"}), json::array({"update"})),
        rule(json::array({"certificates.k8s.io"}), json::array({"signers"}), json::array({"approve"}),
             json::array({"kubernetes.io/kube-apiserver-client"})),
        // Only its own webhook configuration, to put its CA into it.
        rule(json::array({"admissionregistration.k8s.io"}), json::array({"validatingwebhookconfigurations"}),
             json::array({"get", "update", "patch"}), json::array({"spillway-validating-webhook"})),
        rule(json::array({"admissionregistration.k8s.io"}), json::array({"mutatingwebhookconfigurations"}),
             json::array({"get", "update", "patch"}), json::array({"spillway-mutating-webhook"})),
        rule(json::array({"discovery.k8s.io"}), json::array({"endpointslices"}), kWrite),
        // The virtual storage class: local volumes' real claims and virtual PVs; the classes a
        // provider advertises.
        rule(json::array({""}), json::array({"persistentvolumeclaims", "persistentvolumes"}), kWrite),
        rule(json::array({"storage.k8s.io"}), json::array({"storageclasses"}), kRead),
    });
}

json virtualKubeletClusterRules()
{
    return json::array({
        rule(json::array({""}), json::array({"nodes"}), kWrite),
        rule(json::array({""}), json::array({"nodes/status"}), json::array({"get", "update", "patch"})),
        rule(json::array({""}), json::array({"pods"}), json::array({"get", "list", "watch", "update", "patch", "delete"})),
        rule(json::array({""}), json::array({"pods/status"}), json::array({"get", "update", "patch"})),
        rule(json::array({""}), json::array({"configmaps", "secrets", "services", "serviceaccounts", "persistentvolumeclaims"}), kRead),
        rule(json::array({"discovery.k8s.io"}), json::array({"endpointslices"}), kRead),
        // offloaded pods' tokens for their own service accounts, as the kubelet requests them
        rule(json::array({""}), json::array({"serviceaccounts/token"}), json::array({"create"})),
        rule(json::array({""}), json::array({"events"}), json::array({"create", "patch"})),
        rule(json::array({"coordination.k8s.io"}), json::array({"leases"}), kWrite),
        // the kubelet endpoint authorizes the apiserver's calls as a kubelet in webhook mode does
        rule(json::array({"authorization.k8s.io"}), json::array({"subjectaccessreviews"}), json::array({"create"})),
        rule(json::array({"offloading.liqo.io"}), json::array({"virtualnodes", "namespacemaps"}), kRead),
        rule(json::array({"offloading.liqo.io"}), json::array({"virtualnodes/status", "namespacemaps/status"}), json::array({"get", "update", "patch"})),
        rule(json::array({"authentication.liqo.io"}), json::array({"identities"}), kRead),
        // how this cluster reaches the provider's pods, for the pod IPs it writes
        rule(json::array({"networking.liqo.io"}), json::array({"configurations"}), kRead),
        // remote volumes: the virtual PVs that bind claims, the provider's claim mirrored onto ours
        rule(json::array({""}), json::array({"persistentvolumes"}), kWrite),
        rule(json::array({""}), json::array({"persistentvolumeclaims"}), json::array({"patch"})),
        rule(json::array({"storage.k8s.io"}), json::array({"storageclasses"}), kRead),
    });
}

json gatewayClusterRules()
{
    return json::array({
        rule(json::array({"networking.liqo.io"}), json::array({"gatewayservers", "gatewayclients", "connections", "publickeies", "configurations"}), kRead),
        rule(json::array({"networking.liqo.io"}), json::array({"gatewayservers/status", "gatewayclients/status", "connections/status"}),
             json::array({"get", "update", "patch"})),
        rule(json::array({"networking.liqo.io"}), json::array({"connections"}), json::array({"create", "update", "patch"})),
        // its finalizer, held until its tunnel is down
        rule(json::array({"networking.liqo.io"}), json::array({"gatewayservers", "gatewayclients"}), json::array({"update", "patch"})),
        rule(json::array({"ipam.liqo.io"}), json::array({"ips", "networks"}), kRead),
        // its WireGuard key pair, made on first start
        rule(json::array({""}), json::array({"secrets"}), json::array({"get", "list", "watch", "create"})),
        // this cluster's ID
        rule(json::array({""}), json::array({"configmaps"}), kRead),
        rule(json::array({""}), json::array({"events"}), json::array({"create", "patch"})),
    });
}

json fabricClusterRules()
{
    return json::array({
        // which peers' networks to route, to which gateway pod, through which node
        rule(json::array({"networking.liqo.io"}), json::array({"configurations"}), kRead),
        rule(json::array({""}), json::array({"pods", "nodes"}), kRead),
    });
}

json namespacedRules()
{
    return json::array({
        rule(json::array({"coordination.k8s.io"}), json::array({"leases"}), kWrite),
        rule(json::array({""}), json::array({"configmaps"}), kRead),
    });
}

} // namespace

std::vector<json> rbacManifests(const QString &nsName)
{
    const std::string ns = nsName.toStdString();
    std::vector<json> out;
    const std::pair<const char *, json> components[] = {
        {names::kControllerManager, controllerManagerClusterRules()},
        {names::kVirtualKubelet, virtualKubeletClusterRules()},
        {names::kGateway, gatewayClusterRules()},
        {names::kFabric, fabricClusterRules()},
    };
    for (const auto &[name, rules] : components) {
        const QString component = QString::fromLatin1(name).mid(QStringLiteral("spillway-").size());
        json sa = {{"apiVersion", "v1"}, {"kind", "ServiceAccount"}, {"metadata", {{"name", name}, {"namespace", ns}}}};
        json clusterRole = {{"apiVersion", "rbac.authorization.k8s.io/v1"}, {"kind", "ClusterRole"},
                            {"metadata", {{"name", name}}}, {"rules", rules}};
        json clusterBinding = {{"apiVersion", "rbac.authorization.k8s.io/v1"}, {"kind", "ClusterRoleBinding"},
                               {"metadata", {{"name", name}}},
                               {"roleRef", {{"apiGroup", "rbac.authorization.k8s.io"}, {"kind", "ClusterRole"}, {"name", name}}},
                               {"subjects", json::array({{{"kind", "ServiceAccount"}, {"name", name}, {"namespace", ns}}})}};
        json role = {{"apiVersion", "rbac.authorization.k8s.io/v1"}, {"kind", "Role"},
                     {"metadata", {{"name", name}, {"namespace", ns}}}, {"rules", namespacedRules()}};
        json roleBinding = {{"apiVersion", "rbac.authorization.k8s.io/v1"}, {"kind", "RoleBinding"},
                            {"metadata", {{"name", name}, {"namespace", ns}}},
                            {"roleRef", {{"apiGroup", "rbac.authorization.k8s.io"}, {"kind", "Role"}, {"name", name}}},
                            {"subjects", json::array({{{"kind", "ServiceAccount"}, {"name", name}, {"namespace", ns}}})}};
        // The fabric holds no lease and reads no configuration of Spillway's namespace.
        const bool needsNamespaceRole = std::string_view(name) != names::kFabric;
        for (json *o : {&sa, &clusterRole, &clusterBinding, &role, &roleBinding}) {
            if (!needsNamespaceRole && (o == &role || o == &roleBinding))
                continue;
            labelAsSpillway(*o, component);
            out.push_back(std::move(*o));
        }
    }
    // What a peer's control plane may do here, granted by a RoleBinding in its tenant namespace
    // only: ask for resources and read what it was granted.
    json remote = {{"apiVersion", "rbac.authorization.k8s.io/v1"}, {"kind", "ClusterRole"},
                   {"metadata", {{"name", "spillway-remote-controlplane"}}},
                   {"rules", json::array({
                        rule(json::array({"authentication.liqo.io"}), json::array({"resourceslices"}), kWrite),
                        rule(json::array({"authentication.liqo.io"}), json::array({"resourceslices/status"}), json::array({"get"})),
                        // Reads its Tenant for a renewed certificate; deletes it to unpeer out-of-band.
                        rule(json::array({"authentication.liqo.io"}), json::array({"tenants"}), json::array({"get", "list", "watch", "delete"})),
                        rule(json::array({"offloading.liqo.io"}), json::array({"namespacemaps"}), kWrite),
                        rule(json::array({"offloading.liqo.io"}), json::array({"namespacemaps/status"}), json::array({"get"})),
                        // how this cluster reaches the peer's pods, for the EndpointSlices it reflects here
                        rule(json::array({"networking.liqo.io"}), json::array({"configurations"}), kRead),
                    })}};
    labelAsSpillway(remote, QStringLiteral("peering"));
    out.push_back(std::move(remote));
    // What a peer's virtual kubelet may do in the namespaces mapped for it (a RoleBinding in each):
    // ask for pods through ShadowPods, read the pods they became, stream into them, and keep
    // reflected objects.
    json offloading = {{"apiVersion", "rbac.authorization.k8s.io/v1"}, {"kind", "ClusterRole"},
                       {"metadata", {{"name", "spillway-remote-offloading"}}},
                       {"rules", json::array({
                            rule(json::array({"offloading.liqo.io"}), json::array({"shadowpods"}), kWrite),
                            rule(json::array({"offloading.liqo.io"}), json::array({"shadowpods/status"}), json::array({"get"})),
                            rule(json::array({""}), json::array({"pods"}), kRead),
                            rule(json::array({""}), json::array({"pods/log"}), json::array({"get"})),
                            // kubectl exec, attach, cp and port-forward on the virtual node, passed on to the twins
                            rule(json::array({""}), json::array({"pods/exec", "pods/attach", "pods/portforward"}), json::array({"create"})),
                            // the pods' use, served again on the virtual node for kubectl top
                            rule(json::array({"metrics.k8s.io"}), json::array({"pods"}), json::array({"get", "list"})),
                            rule(json::array({""}), json::array({"configmaps", "secrets", "services", "serviceaccounts", "persistentvolumeclaims"}), kWrite),
                            rule(json::array({""}), json::array({"events"}), kRead),
                            rule(json::array({"discovery.k8s.io"}), json::array({"endpointslices"}), kWrite),
                        })}};
    labelAsSpillway(offloading, QStringLiteral("offloading"));
    out.push_back(std::move(offloading));
    return out;
}

} // namespace spillway::installer
