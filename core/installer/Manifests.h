#pragma once

#include "common/Error.h"
#include "common/Version.h"
#include "installer/InstallOptions.h"

#include <nlohmann/json.hpp>
#include <vector>

namespace spillway::installer {

// Names of what an installation consists of, shared by install, uninstall and info.
namespace names {
inline constexpr const char *kClusterIdConfigMap = "liqo-clusterid-configmap";   // Liqo's name, so its tools find it
inline constexpr const char *kClusterIdKey = "CLUSTER_ID";
inline constexpr const char *kClusterIdSelector = "app.kubernetes.io/name=clusterid-configmap";   // how Liqo finds it
inline constexpr const char *kProviderLabel = "liqo.io/provider";
inline constexpr const char *kInstallRecord = "spillway-install";
inline constexpr const char *kPartOfLabel = "app.kubernetes.io/part-of";
inline constexpr const char *kPartOfValue = "spillway";
inline constexpr const char *kComponentLabel = "app.kubernetes.io/component";
inline constexpr const char *kControllerManager = "spillway-controller-manager";
inline constexpr const char *kVirtualKubelet = "spillway-virtual-kubelet";
inline constexpr const char *kGateway = "spillway-gateway";
inline constexpr const char *kFabric = "spillway-fabric";
// Where the gateway pods (their own network namespace) and the fabric (the node's) serve
// /healthz, /readyz and /metrics for their probes.
inline constexpr int kGatewayHealthPort = 8082;
inline constexpr int kFabricHealthPort = 9448;
inline constexpr const char *kWebhookService = "spillway-webhook";
inline constexpr const char *kAuthService = "spillway-auth";
inline constexpr const char *kFieldManager = "spillctl";
} // namespace names

// What is rendered into the cluster for one installation. Ports matter only for the local
// runtime, where the processes listen on this machine.
struct RenderInput {
    InstallOptions options;
    QString clusterId;
    Version version = Version::current();
    quint16 webhookPort = 9443;
    quint16 healthPort = 8081;
    quint16 authPort = 9444;      // the out-of-band peering endpoint
    QString host;                 // local runtime: the machine the processes run on
};

// The install record: what `spillctl info`, `uninstall` and a later install read back.
struct InstallRecord {
    Version version;
    QString clusterId;
    QString distro;
    Runtime runtime = Runtime::Local;
    QString stateDir, host;
    quint16 webhookPort = 0, healthPort = 0, authPort = 0;
    QStringList podCidrs, reservedSubnets;
    QString serviceCidr;
    QMap<QString, QString> clusterLabels;
    QString apiServerAddress;     // as peers are told to reach this cluster's API server
    QString gatewayServiceType;   // of this cluster's gateway servers' Services
};
Result<InstallRecord> parseInstallRecord(const nlohmann::json &configMap);

// The CRDs embedded in the library, in a stable order, labelled as Spillway's.
Result<std::vector<nlohmann::json>> crdManifests();

// Every object of an installation, in apply order: CRDs, namespace, identity and record,
// ServiceAccounts and RBAC, webhook configuration, gateway templates, and for the kubernetes
// runtime the Deployments and the webhook Service.
Result<std::vector<nlohmann::json>> renderManifests(const RenderInput &input);

// Least-privilege RBAC for each component (Rbac.cpp).
std::vector<nlohmann::json> rbacManifests(const QString &ns);

// The fabric's DaemonSet (spillway-gateway --fabric on every real node); the kubernetes runtime only.
nlohmann::json fabricDaemonSet(const QString &ns, const QMap<QString, QString> &values);
// Liqo's default gateway templates (WgGatewayServerTemplate / WgGatewayClientTemplate).
std::vector<nlohmann::json> gatewayTemplates(const QString &ns, const QMap<QString, QString> &values);

// The cluster labels advertised to peers: --cluster-labels plus liqo.io/provider=<distro>.
QMap<QString, QString> clusterLabels(const InstallOptions &options);

// Adds the labels every installed object carries.
void labelAsSpillway(nlohmann::json &object, const QString &component = {});
// The controller manager's storage flags from the install values (both runtimes).
QStringList storageArgs(const QMap<QString, QString> &values);

} // namespace spillway::installer
