#pragma once

#include "common/Error.h"
#include "kube/KubeClient.h"
#include "manager/ReconcileLoop.h"

#include <functional>
#include <memory>

namespace spillway::storage {

// The virtual kubelet's share of the virtual storage class: a claim whose first pod the scheduler
// put on this virtual node gets a twin PVC in the provider's mapped namespace (the provider's
// advertised class) and a virtual PV pinned to this node, which binds it; the provider's claim is
// mirrored onto the consumer's (remote-phase, -capacity, -access-modes annotations); when the
// consumer's claim is deleted and the PV's policy is Delete, the twin goes, then the PV.
class RemoteVolumeProvisioner
{
public:
    struct Options {
        QString nodeName;                         // this virtual node
        QString virtualNodeNamespace, virtualNodeName;
        QString localClusterId, providerClusterId;
        std::function<QString(const QString &ns)> remoteNamespaceOf;   // empty: not offloaded there
        int workers = 2;
        qint64 mirrorPendingMs = 3000, mirrorSettledMs = 30000;
    };
    RemoteVolumeProvisioner(kube::KubeClient *consumer, kube::KubeClient *provider, Options options);
    ~RemoteVolumeProvisioner();

    void start();
    void stop();
    Result<void> reconcileClaim(const QString &key);
    Result<void> reconcileVolume(const QString &name);

private:
    Result<void> mirror(const nlohmann::json &pvc, const QString &volumeName, const QString &key);
    QStringList virtualClasses() const;

    kube::KubeClient *m_consumer;
    kube::KubeClient *m_provider;
    Options m_options;
    std::unique_ptr<manager::ReconcileLoop> m_claims, m_volumes;
    kube::Informer *m_classes = nullptr;
};

} // namespace spillway::storage
