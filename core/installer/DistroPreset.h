#pragma once

#include "installer/InstallOptions.h"
#include "installer/Manifests.h"
#include "kube/KubeClient.h"

#include <optional>

namespace spillway::installer {

// What `spillctl install <distribution>` assumes about a distribution when the cluster does not
// say otherwise.
struct DistroPreset {
    QString podCidr, serviceCidr;   // the distribution's defaults; empty when it has none
    QString serviceType;            // how peers reach the gateway and the peering endpoint
    // The kubeconfig's address is a port forwarded to this machine (kind): peers reach the
    // API server on a control-plane node's own address instead.
    bool apiServerOnControlPlaneNode = false;
};
DistroPreset distroPreset(const QString &distro);

// What the cluster says about its own networks and API server, each with where it was read.
// Whatever the cluster does not expose, or does not let us read, stays empty.
struct ClusterFacts {
    QStringList podCidrs;
    QString serviceCidr;
    QString podSource, serviceSource;   // e.g. "kube-system/kubeadm-config"
    QString controlPlaneEndpoint;       // kubeadm's ClusterConfiguration.controlPlaneEndpoint
    QString controlPlaneAddress;        // a control-plane node's InternalIP
};
// Reads kubeadm's ClusterConfiguration (kubeadm, kind), k3s' node arguments, OpenShift's
// cluster Network config, the "kubernetes" ServiceCIDR and the control-plane nodes.
ClusterFacts readClusterFacts(kube::KubeClient &client, const QString &distro);

// Settles, in options, the pod and service CIDRs, the API server URL peers use
// (values apiServer.address) and the gateway's and peering endpoint's Service types. What the
// user gave wins, then what was installed before, then what the cluster says, then the preset.
// Returns one line per choice naming its source and the flag that overrides it.
QStringList settlePreset(InstallOptions &options, const ClusterFacts &facts, const std::optional<InstallRecord> &previous,
                         const QString &kubeconfigServer);

} // namespace spillway::installer
