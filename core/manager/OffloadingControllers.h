#pragma once

#include "manager/ReconcileLoop.h"
#include "offloading/NamespaceMapReconciler.h"
#include "offloading/NamespaceOffloadingReconciler.h"
#include "offloading/ShadowPodReconciler.h"
#include "peering/ProviderClients.h"
#include "peering/Replicator.h"
#include "storage/LocalVolumeProvisioner.h"

#include <memory>

namespace spillway::manager {

// The controller manager's offloading loops: NamespaceOffloadings and the replication of our
// NamespaceMaps to providers (consumer side); peers' NamespaceMaps (their remote namespaces) and
// ShadowPods (their pods) here (provider side); and the virtual storage class's local volumes.
class OffloadingControllers
{
public:
    struct Options {
        QString liqoNamespace = QStringLiteral("liqo");
        int workers = 2;
        // Each pod of a burst is a few writes; more of them in flight keep up with the scheduler.
        int shadowPodWorkers = 16;
        storage::LocalVolumeProvisioner::Options storage;
    };
    OffloadingControllers(kube::KubeClient *client, Options options);
    ~OffloadingControllers();
    void setErrorSink(kube::Controller::ErrorSink sink);
    void start();
    void stop();

private:
    std::vector<ReconcileLoop *> loops() const;

    std::unique_ptr<peering::ProviderClients> m_providers;
    std::unique_ptr<offloading::NamespaceOffloadingReconciler> m_offloadings;
    std::unique_ptr<peering::Replicator> m_mapReplicator;
    std::unique_ptr<offloading::NamespaceMapReconciler> m_maps;
    std::unique_ptr<offloading::ShadowPodReconciler> m_shadowPods;
    std::unique_ptr<storage::LocalVolumeProvisioner> m_localVolumes;
    std::unique_ptr<ReconcileLoop> m_offloadingLoop, m_mapReplicationLoop, m_mapLoop, m_shadowPodLoop;
};

} // namespace spillway::manager
