#pragma once

#include "manager/ReconcileLoop.h"
#include "peering/ForeignClusterStatusReconciler.h"
#include "peering/IdentityReconciler.h"
#include "peering/NonceReconciler.h"
#include "peering/NonceSignerReconciler.h"
#include "peering/Replicator.h"
#include "peering/VirtualNodeReconciler.h"
#include "resources/ResourceSliceGrantReconciler.h"
#include "peering/TenantReconciler.h"

#include <memory>

namespace spillway::manager {

// The controller manager's peering loops: Tenants, nonces and ResourceSlice grants (provider
// side), Identities, signed nonces and ResourceSlice replication (consumer side), and
// ForeignCluster status, which the others feed.
class PeeringControllers
{
public:
    struct Options {
        QString liqoNamespace = QStringLiteral("liqo");
        QString apiServerUrl;     // advertised to consumers; default: this client's server
        int workers = 2;
        bool localRuntime = false;     // virtual kubelets as supervised local processes
        QString stateDir, binDir;
        QString virtualKubeletImage;   // kubernetes runtime
        QString imagePullPolicy = QStringLiteral("IfNotPresent");
        qint64 certificateLifetimeSeconds = 30LL * 24 * 3600;   // of the certificates issued to consumers
        qint64 certificateRenewBeforeSeconds = 0;               // 0: a third of the lifetime
        qint64 nonceLifetimeSeconds = 600;
        peering::AuthenticationGuard *authGuard = nullptr;      // shared with the out-of-band endpoint
    };
    PeeringControllers(kube::KubeClient *client, Options options);
    ~PeeringControllers();
    void setErrorSink(kube::Controller::ErrorSink sink);
    void start();
    void stop();

private:
    std::unique_ptr<peering::ProviderClients> m_providers;
    std::unique_ptr<peering::TenantReconciler> m_tenants;
    std::unique_ptr<peering::NonceReconciler> m_nonces;
    std::unique_ptr<peering::NonceSignerReconciler> m_nonceSigner;
    std::unique_ptr<peering::IdentityReconciler> m_identities;
    peering::ForeignClusterStatusReconciler m_foreignClusters;
    std::unique_ptr<peering::Replicator> m_replicator;
    std::unique_ptr<resources::ResourceSliceGrantReconciler> m_grants;
    std::unique_ptr<peering::VirtualNodeReconciler> m_virtualNodes;
    std::unique_ptr<ReconcileLoop> m_tenantLoop, m_nonceLoop, m_nonceSignerLoop, m_identityLoop, m_foreignClusterLoop, m_replicationLoop, m_grantLoop, m_virtualNodeLoop;
    std::vector<ReconcileLoop *> loops() const;
};

} // namespace spillway::manager
