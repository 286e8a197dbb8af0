#pragma once

#include "common/Error.h"
#include "kube/KubeClient.h"
#include "manager/ReconcileLoop.h"

#include <QHash>

#include <functional>
#include <memory>

namespace spillway::storage {

// The virtual kubelet's share of the virtual storage class: a claim whose first pod the scheduler
// put on this virtual node gets a twin PVC in the provider's mapped namespace (the provider's
// advertised class) and a virtual PV pinned to this node, which binds it; the provider's claim is
// mirrored onto the consumer's (remote-phase, -capacity, -access-modes annotations); when the
// consumer's claim is deleted and the PV's policy is Delete, the twin goes, then the PV. Claims
// of other classes that pods on this node use are reflected as they are (the provider must have
// the class); while the provider cannot bind one, the Warning it recorded about it is told on the
// pod.
class RemoteVolumeProvisioner
{
public:
    struct Options {
        QString nodeName;                         // this virtual node
        QString virtualNodeNamespace, virtualNodeName;
        QString localClusterId, providerClusterId;
        std::function<QString(const QString &ns)> remoteNamespaceOf;   // empty: not offloaded there
        std::function<QHash<QString, QString>()> mappedNamespaces;       // local → remote, for the sweep
        qint64 sweepMs = 300000;
        int workers = 2;
        qint64 mirrorPendingMs = 3000, mirrorSettledMs = 30000;
    };
    RemoteVolumeProvisioner(kube::KubeClient *consumer, kube::KubeClient *provider, Options options);
    ~RemoteVolumeProvisioner();

    void start();
    void stop();
    Result<void> reconcileClaim(const QString &key);
    Result<void> reconcileVolume(const QString &name);
    Result<void> reconcilePod(const QString &key);

private:
    Result<void> mirror(const nlohmann::json &pvc, const QString &volumeName, const QString &key);
    QStringList virtualClasses() const;
    Result<void> releaseReflected(const QString &ns, const QString &name);
    Result<void> sweepTwins();
    QString remoteWarning(const QString &remoteNs, const QString &claim);

    kube::KubeClient *m_consumer;
    kube::KubeClient *m_provider;
    Options m_options;
    std::unique_ptr<manager::ReconcileLoop> m_claims, m_volumes, m_pods;
    kube::Informer *m_classes = nullptr;
};

} // namespace spillway::storage
