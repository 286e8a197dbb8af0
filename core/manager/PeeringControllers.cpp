#include "manager/PeeringControllers.h"

#include "apis/authentication/v1beta1/Identity.h"
#include "apis/authentication/v1beta1/Tenant.h"
#include "apis/core/v1beta1/ForeignCluster.h"

namespace spillway::manager {

namespace {

peering::TenantReconciler::Options tenantOptions(const PeeringControllers::Options &o)
{
    peering::TenantReconciler::Options t;
    t.apiServerUrl = o.apiServerUrl;
    return t;
}

// Tenants and Identities name their peer in spec.clusterID; its ForeignCluster has that name.
QString peerOf(const nlohmann::json &obj)
{
    const auto spec = obj.value("spec", nlohmann::json::object());
    return QString::fromStdString(spec.value("clusterID", std::string()));
}

} // namespace

PeeringControllers::PeeringControllers(kube::KubeClient *client, Options options)
    : m_tenants(*client, tenantOptions(options)),
      m_identities(*client, options.liqoNamespace),
      m_foreignClusters(*client)
{
    namespace auth = apis::authentication::v1beta1;
    m_tenantLoop = std::make_unique<ReconcileLoop>(QStringLiteral("tenant"), client,
                                                   [this](const QString &key) { return m_tenants.reconcile(key); }, options.workers);
    m_tenantLoop->watch(auth::tenantResource());
    m_identityLoop = std::make_unique<ReconcileLoop>(QStringLiteral("identity"), client,
                                                     [this](const QString &key) { return m_identities.reconcile(key); }, options.workers);
    m_identityLoop->watch(auth::identityResource());
    m_foreignClusterLoop = std::make_unique<ReconcileLoop>(QStringLiteral("foreigncluster"), client,
                                                           [this](const QString &key) { return m_foreignClusters.reconcile(key); }, options.workers);
    m_foreignClusterLoop->watch(apis::core::v1beta1::foreignClusterResource());
    m_foreignClusterLoop->watch(auth::tenantResource(), peerOf);
    m_foreignClusterLoop->watch(auth::identityResource(), peerOf);
}

PeeringControllers::~PeeringControllers()
{
    stop();
}

void PeeringControllers::setErrorSink(kube::Controller::ErrorSink sink)
{
    for (auto *loop : {m_tenantLoop.get(), m_identityLoop.get(), m_foreignClusterLoop.get()})
        loop->setErrorSink(sink);
}

void PeeringControllers::start()
{
    for (auto *loop : {m_tenantLoop.get(), m_identityLoop.get(), m_foreignClusterLoop.get()})
        loop->start();
}

void PeeringControllers::stop()
{
    for (auto *loop : {m_foreignClusterLoop.get(), m_identityLoop.get(), m_tenantLoop.get()})
        if (loop)
            loop->stop();
}

} // namespace spillway::manager
