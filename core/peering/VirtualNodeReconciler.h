#pragma once

#include "common/Error.h"
#include "kube/KubeClient.h"

namespace spillway::peering {

// Consumer side, keyed by ResourceSlice ("ns/name"): an Accepted slice (not annotated
// liqo.io/create-virtual-node=false) has a VirtualNode of the same name carrying its grant and
// the provider's labels, served by one spillway-virtual-kubelet keeping the Node
// liqo-<name> — a supervised process (local runtime) or a Deployment in the tenant namespace
// (kubernetes runtime). Anything else (slice gone, being deleted, denied) has none: the kubelet
// is stopped and the VirtualNode and Node are deleted.
class VirtualNodeReconciler
{
public:
    struct Options {
        bool localRuntime = true;
        QString stateDir, binDir;          // local runtime
        QString virtualKubeletImage;       // kubernetes runtime
        QString imagePullPolicy = QStringLiteral("IfNotPresent");
        QString fieldManager = QStringLiteral("spillway-controller-manager");
    };
    VirtualNodeReconciler(kube::KubeClient &client, Options options);
    Result<void> reconcile(const QString &key);

    static QString nodeName(const QString &sliceName) { return QStringLiteral("liqo-") + sliceName; }
    static QString componentName(const QString &sliceName) { return QStringLiteral("spillway-virtual-kubelet-") + sliceName; }

private:
    Result<void> tearDown(const QString &ns, const QString &name);
    Result<void> runInCluster(const QString &ns, const QString &name, const std::string &virtualNodeUid);

    kube::KubeClient &m_client;
    Options m_options;
};

} // namespace spillway::peering
