#pragma once

// Objects for tst_api_drift: for every Liqo kind, fullXxx() sets every field the C++ type has (so
// the drift test sees every schema field written), and minimalXxx() is the smallest valid object:
// required fields set, everything else default-constructed, plus one default-constructed list item
// or sub-object wherever the schema has a default below it (so the test can compare defaults).
#include "apis/authentication/v1beta1/Identity.h"
#include "apis/authentication/v1beta1/ResourceSlice.h"
#include "apis/authentication/v1beta1/Tenant.h"
#include "apis/core/v1beta1/ForeignCluster.h"
#include "apis/ipam/v1alpha1/IP.h"
#include "apis/ipam/v1alpha1/Network.h"
#include "apis/networking/v1beta1/Configuration.h"
#include "apis/networking/v1beta1/Connection.h"
#include "apis/networking/v1beta1/GatewayClient.h"
#include "apis/networking/v1beta1/GatewayServer.h"
#include "apis/networking/v1beta1/PublicKey.h"
#include "apis/offloading/v1beta1/NamespaceMap.h"
#include "apis/offloading/v1beta1/NamespaceOffloading.h"
#include "apis/offloading/v1beta1/Quota.h"
#include "apis/offloading/v1beta1/ShadowPod.h"
#include "apis/offloading/v1beta1/VirtualNode.h"

namespace apiobjects {

using nlohmann::json;
namespace shared = spillway::apis::shared;
namespace lcore = spillway::apis::core::v1beta1;
namespace off = spillway::apis::offloading::v1beta1;
namespace authn = spillway::apis::authentication::v1beta1;
namespace net = spillway::apis::networking::v1beta1;
namespace ipam = spillway::apis::ipam::v1alpha1;

inline const std::string kTime = "2026-01-01T00:00:00Z";

inline json meta(const std::string &name, const std::string &ns = "liqo-tenant-peer")
{
    json m = {{"name", name}};
    if (!ns.empty())
        m["namespace"] = ns;
    return m;
}

inline shared::ObjectReference ref(const std::string &kind, const std::string &name)
{
    shared::ObjectReference r;
    r.apiVersion = "networking.liqo.io/v1beta1";
    r.kind = kind;
    r.name = name;
    r.namespace_ = "liqo";
    r.uid = "6f1c9a52-0000-4000-8000-000000000001";
    r.resourceVersion = "42";
    r.fieldPath = "spec";
    return r;
}

inline authn::AuthParams fullAuthParams()
{
    authn::AuthParams p;
    p.ca = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n";
    p.signedCRT = std::string("\x30\x82\x01\x00\xff", 5);   // arbitrary bytes, not text
    p.apiServer = "https://203.0.113.10:6443";
    p.proxyURL = "http://proxy.example:3128";
    p.awsConfig = authn::AwsConfig{"AKIAEXAMPLE", "secret", "eu-west-1", "provider", "arn:aws:iam::1:user/liqo"};
    return p;
}

// ---- core.liqo.io

inline lcore::ForeignCluster fullForeignCluster()
{
    lcore::ForeignCluster o;
    o.metadata = meta("provider-1", "");
    o.spec.clusterID = "provider-1";
    const lcore::Condition c{lcore::ConditionType::NetworkConnectionStatus, lcore::ConditionStatus::Established, kTime,
                             "Connected", "tunnel up"};
    lcore::ForeignClusterStatus s;
    s.role = lcore::PeeringRole::Provider;
    s.modules = lcore::Modules{{true, {c}}, {true, {c}}, {false, {c}}};
    s.apiServerUrl = "https://203.0.113.10:6443";
    s.foreignProxyUrl = "https://203.0.113.10:8118";
    s.tenantNamespace = {"liqo-tenant-provider-1", "liqo-tenant-consumer-1"};
    s.conditions = {{lcore::ConditionType::APIServerStatus, lcore::ConditionStatus::Ready, kTime, "Ready", "ok"}};
    s.observedGeneration = 4;
    o.status = s;
    return o;
}

inline lcore::ForeignCluster minimalForeignCluster()
{
    lcore::ForeignCluster o;
    o.spec.clusterID = "provider-1";
    lcore::Module m;
    m.conditions = {lcore::Condition{}};
    o.status = lcore::ForeignClusterStatus{};
    o.status->modules = lcore::Modules{m, m, m};
    o.status->conditions = {lcore::Condition{}};
    return o;
}

// ---- offloading.liqo.io

inline off::NamespaceOffloading fullNamespaceOffloading()
{
    off::NamespaceOffloading o;
    o.metadata = {{"name", "offloading"}, {"namespace", "demo"}};
    o.spec.namespaceMappingStrategy = off::NamespaceMappingStrategy::SelectedName;
    o.spec.podOffloadingStrategy = off::PodOffloadingStrategy::Remote;
    o.spec.remoteNamespaceName = "demo-remote";
    off::SelectorRequirement req{"topology.kubernetes.io/region", off::SelectorOperator::NotIn, {"eu-west"}};
    o.spec.clusterSelector = std::vector<off::SelectorTerm>{{{req}, {req}}};
    o.status.remoteNamespaceName = "demo-remote";
    o.status.offloadingPhase = std::string(off::phase::Ready);
    o.status.observedGeneration = 3;
    o.status.remoteNamespacesConditions["provider-1"] = {{"Ready", "True", kTime, "RemoteNamespaceCreated", "ok"}};
    return o;
}

inline off::NamespaceOffloading minimalNamespaceOffloading()
{
    return {};
}

inline off::VirtualNode fullVirtualNode()
{
    off::VirtualNode o;
    o.metadata = meta("provider-1");
    off::VirtualNodeSpec &s = o.spec;
    s.clusterID = "provider-1";
    s.template_.metadata = {{"labels", {{"app", "virtual-kubelet"}}}};
    s.template_.spec = json::parse("{\"selector\":{\"matchLabels\":{\"app\":\"vk\"}},"
                                   "\"template\":{\"spec\":{\"containers\":[{\"name\":\"vk\",\"image\":\"vk:1\"}]}}}");
    s.offloadingPatch.annotationsNotReflected = {"example.com/internal"};
    s.offloadingPatch.labelsNotReflected = {"example.com/internal"};
    s.offloadingPatch.nodeSelector = {{"kubernetes.io/arch", "amd64"}};
    s.offloadingPatch.tolerations = {{"dedicated", "Equal", "gpu", "NoSchedule", 300}};
    s.offloadingPatch.affinity.nodeAffinity = json::parse(
        "{\"requiredDuringSchedulingIgnoredDuringExecution\":{\"nodeSelectorTerms\":"
        "[{\"matchExpressions\":[{\"key\":\"zone\",\"operator\":\"In\",\"values\":[\"a\"]}]}]}}");
    s.offloadingPatch.runtimeClassName = "gvisor";
    s.createNode = true;
    s.disableNetworkCheck = false;
    s.kubeconfigSecretRef = shared::LocalObjectReference{"vk-kubeconfig"};
    s.images = {{{"registry.example/app:1", "registry.example/app@sha256:00"}, 1024}};
    s.resourceQuota.hard = {{"cpu", "4"}, {"memory", "8Gi"}};
    s.resourceQuota.scopeSelector =
        json::parse("{\"matchExpressions\":[{\"scopeName\":\"PriorityClass\",\"operator\":\"In\",\"values\":[\"high\"]}]}");
    s.resourceQuota.scopes = {"NotTerminating"};
    s.labels = {{"topology.liqo.io/region", "eu"}};
    s.annotations = {{"example.com/note", "borrowed"}};
    s.taints = {{"example.com/gpu", "true", "NoSchedule", kTime}};
    s.storageClasses = {{"standard", true}};
    s.ingressClasses = {{"nginx", true}};
    s.loadBalancerClasses = {{"metallb", true}};
    s.vkOptionsTemplateRef = ref("VkOptionsTemplate", "virtual-kubelet-default");
    o.status.conditions = {{off::VirtualNodeConditionType::Node, off::VirtualNodeConditionStatus::Running, kTime, "NodeReady", "ok"}};
    return o;
}

inline off::VirtualNode minimalVirtualNode()
{
    off::VirtualNode o;
    o.spec.kubeconfigSecretRef = shared::LocalObjectReference{};
    o.status.conditions = {off::VirtualNodeCondition{}};
    return o;
}

inline off::NamespaceMap fullNamespaceMap()
{
    off::NamespaceMap o;
    o.metadata = meta("provider-1");
    o.spec.desiredMapping = {{"demo", "demo-provider-1"}};
    o.status.currentMapping["demo"] = {"demo-provider-1", off::MappingPhase::Accepted};
    return o;
}

inline off::NamespaceMap minimalNamespaceMap()
{
    return {};
}

inline off::ShadowPod fullShadowPod()
{
    off::ShadowPod o;
    o.metadata = meta("web-0", "demo-provider-1");
    o.spec.pod = json::parse("{\"containers\":[{\"name\":\"web\",\"image\":\"nginx:1.27\"}],\"restartPolicy\":\"Always\"}");
    o.status = off::ShadowPodStatus{off::PodPhase::Running};
    return o;
}

inline off::ShadowPod minimalShadowPod()
{
    off::ShadowPod o;
    o.status = off::ShadowPodStatus{};
    return o;
}

inline off::Quota fullQuota()
{
    off::Quota o;
    o.metadata = meta("alice", "liqo");
    o.spec.user = "alice";
    o.spec.limitsEnforcement = off::LimitsEnforcement::Soft;
    o.spec.resources = {{"cpu", "2"}, {"memory", "4Gi"}};
    o.spec.cordoned = true;
    return o;
}

inline off::Quota minimalQuota()
{
    off::Quota o;
    o.spec.user = "alice";
    return o;
}

// ---- authentication.liqo.io

inline authn::Tenant fullTenant()
{
    authn::Tenant o;
    o.metadata = meta("consumer-1");
    o.spec.clusterID = "consumer-1";
    o.spec.authzPolicy = authn::AuthzPolicy::TolerateNoHandshake;
    o.spec.publicKey = std::string(32, '\x07');
    o.spec.csr = "-----BEGIN CERTIFICATE REQUEST-----\nMIIB\n-----END CERTIFICATE REQUEST-----\n";
    o.spec.signature = std::string("\x01\x02\x03\xfe", 4);
    o.spec.proxyURL = "http://proxy.example:3128";
    o.spec.tenantCondition = authn::TenantCondition::Cordoned;
    o.status.tenantNamespace = "liqo-tenant-consumer-1";
    o.status.authParams = fullAuthParams();
    return o;
}

inline authn::Tenant minimalTenant()
{
    return {};
}

inline authn::Identity fullIdentity()
{
    authn::Identity o;
    o.metadata = meta("provider-1-controlplane");
    o.spec.clusterID = "provider-1";
    o.spec.type = authn::IdentityType::ResourceSlice;
    o.spec.authParams = fullAuthParams();
    o.spec.namespace_ = "liqo-tenant-consumer-1";
    o.status.kubeconfigSecretRef = shared::LocalObjectReference{"kubeconfig-provider-1"};
    return o;
}

inline authn::Identity minimalIdentity()
{
    authn::Identity o;
    o.status.kubeconfigSecretRef = shared::LocalObjectReference{};
    return o;
}

inline authn::ResourceSlice fullResourceSlice()
{
    authn::ResourceSlice o;
    o.metadata = meta("provider-1-default");
    authn::ResourceSliceSpec &s = o.spec;
    s.consumerClusterID = "consumer-1";
    s.providerClusterID = "provider-1";
    s.resources = {{"cpu", "4"}, {"memory", "8Gi"}, {"pods", "110"}};
    s.class_ = std::string(authn::kDefaultResourceSliceClass);
    s.csr = "-----BEGIN CERTIFICATE REQUEST-----\nMIIB\n-----END CERTIFICATE REQUEST-----\n";
    authn::ResourceSliceStatus &t = o.status;
    t.conditions = {{authn::ResourceSliceConditionType::Resources, authn::ResourceSliceConditionStatus::Denied, kTime,
                     "NotEnoughResources", "cpu"}};
    t.resources = {{"cpu", "2"}};
    t.authParams = fullAuthParams();
    t.storageClasses = {{"standard", true}};
    t.ingressClasses = {{"nginx", true}};
    t.loadBalancerClasses = {{"metallb", true}};
    t.nodeLabels = {{"topology.liqo.io/region", "eu"}};
    t.nodeSelector = {{"kubernetes.io/os", "linux"}};
    return o;
}

inline authn::ResourceSlice minimalResourceSlice()
{
    return {};
}

// ---- networking.liqo.io

inline net::Configuration fullConfiguration()
{
    net::Configuration o;
    o.metadata = meta("provider-1");
    o.spec.local.cidr = {{"10.0.0.0/16"}, {"10.70.0.0/16"}};
    o.spec.remote.cidr = {{"10.0.0.0/16", "10.1.0.0/16"}, {"10.70.0.0/16"}};
    o.status.remote.cidr = {{"10.71.0.0/16", "10.72.0.0/16"}, {"10.73.0.0/16"}};
    o.status.conditions = {{"networking.liqo.io/Remapped", shared::MetaConditionStatus::ConditionTrue, 2, kTime, "CIDRsRemapped",
                            "pod CIDR remapped to 10.71.0.0/16"}};
    return o;
}

inline net::Configuration minimalConfiguration()
{
    return {};
}

inline net::GatewayServer fullGatewayServer()
{
    net::GatewayServer o;
    o.metadata = meta("server");
    o.spec.serverTemplateRef = ref("WgGatewayServerTemplate", "wireguard-server");
    o.spec.mtu = 1340;
    o.spec.endpoint = net::Endpoint{51840, net::ServiceType::LoadBalancer, 30840, "203.0.113.20"};
    o.spec.secretRef = shared::LocalObjectReference{"gateway-keys"};
    o.spec.serviceLabels = {{"app.example.com/tier", "gateway"}};
    o.spec.serviceAnnotations = {{"service.beta.kubernetes.io/aws-load-balancer-type", "nlb"}};
    o.status.serverRef = ref("WgGatewayServer", "server");
    o.status.endpoint = {{"203.0.113.20"}, 51840, net::Protocol::UDP};
    o.status.secretRef = ref("Secret", "gateway-keys");
    o.status.internalEndpoint = {"10.0.0.5", "node-1"};
    return o;
}

inline net::GatewayServer minimalGatewayServer()
{
    net::GatewayServer o;
    o.spec.endpoint = net::Endpoint{};
    o.spec.secretRef = shared::LocalObjectReference{};
    return o;
}

inline net::GatewayClient fullGatewayClient()
{
    net::GatewayClient o;
    o.metadata = meta("client");
    o.spec.clientTemplateRef = ref("WgGatewayClientTemplate", "wireguard-client");
    o.spec.mtu = 1340;
    o.spec.endpoint = {{"203.0.113.20"}, 51840, net::Protocol::UDP};
    o.spec.secretRef = shared::LocalObjectReference{"gateway-keys"};
    o.status.clientRef = ref("WgGatewayClient", "client");
    o.status.secretRef = ref("Secret", "gateway-keys");
    o.status.internalEndpoint = {"10.0.0.6", "node-2"};
    return o;
}

inline net::GatewayClient minimalGatewayClient()
{
    net::GatewayClient o;
    o.spec.secretRef = shared::LocalObjectReference{};
    return o;
}

inline net::PublicKey fullPublicKey()
{
    net::PublicKey o;
    o.metadata = meta("provider-1");
    o.spec.publicKey = std::string(32, '\xab');
    return o;
}

inline net::PublicKey minimalPublicKey()
{
    return {};
}

inline net::Connection fullConnection()
{
    net::Connection o;
    o.metadata = meta("client");
    o.spec.type = net::ConnectionType::Client;
    o.spec.gatewayRef = ref("GatewayClient", "client");
    o.status.value = std::string(net::connection::Connected);
    o.status.latency = {"12ms", kTime};
    return o;
}

inline net::Connection minimalConnection()
{
    return {};
}

// ---- ipam.liqo.io

inline ipam::Network fullNetwork()
{
    ipam::Network o;
    o.metadata = meta("pod-cidr");
    o.spec.cidr = "10.0.0.0/16";
    o.spec.preAllocated = 2;
    o.status.cidr = "10.71.0.0/16";
    return o;
}

inline ipam::Network minimalNetwork()
{
    ipam::Network o;
    o.spec.cidr = "10.0.0.0/16";
    return o;
}

inline ipam::IP fullIP()
{
    ipam::IP o;
    o.metadata = meta("api-server");
    o.spec.ip = "10.0.0.5";
    o.spec.networkRef = ref("Network", "external-cidr");
    ipam::ServiceTemplate t;
    t.metadata = {"api-server-proxy", "liqo", {{"app", "proxy"}}, {{"example.com/note", "x"}}, {"example.com/cleanup"}};
    t.spec = json::parse("{\"ports\":[{\"port\":443,\"protocol\":\"TCP\"}]}");
    o.spec.serviceTemplate = t;
    o.spec.masquerade = true;
    o.status.ip = "10.71.0.5";
    o.status.cidr = "10.71.0.0/16";
    return o;
}

inline ipam::IP minimalIP()
{
    ipam::IP o;
    o.spec.ip = "10.0.0.5";
    return o;
}

} // namespace apiobjects
