#pragma once

#include "common/Error.h"
#include "kube/KubeClient.h"
#include "manager/ReconcileLoop.h"

#include <memory>

namespace spillway::storage {

// The controller manager's share of the virtual storage class: a claim whose first pod the
// scheduler put on a physical node gets a twin PVC in the storage namespace with the real local
// class (the configured one, else the cluster's default), carrying the selected node so a
// WaitForFirstConsumer class provisions there; once the twin is bound, a virtual PV with the real
// PV's source and node affinity (and never a virtual node) binds the claim. When the claim is
// deleted and the PV's policy is Delete, the twin goes (its PV follows the real class's policy).
class LocalVolumeProvisioner
{
public:
    struct Options {
        QString realStorageClass;                                  // empty: the cluster's default
        QString storageNamespace = QStringLiteral("liqo-storage");
        int workers = 2;
    };
    LocalVolumeProvisioner(kube::KubeClient *client, Options options);
    ~LocalVolumeProvisioner();

    std::vector<manager::ReconcileLoop *> loops() const { return {m_claims.get(), m_volumes.get()}; }
    Result<void> reconcileClaim(const QString &key);
    Result<void> reconcileVolume(const QString &name);

private:
    nlohmann::json classList() const;
    Result<void> ensureStorageNamespace();

    kube::KubeClient *m_client;
    Options m_options;
    std::unique_ptr<manager::ReconcileLoop> m_claims, m_volumes;
    kube::Informer *m_classes = nullptr;
};

} // namespace spillway::storage
