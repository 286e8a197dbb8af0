#include "manager/PeeringControllers.h"

#include "apis/authentication/v1beta1/Identity.h"
#include "apis/authentication/v1beta1/ResourceSlice.h"
#include "apis/authentication/v1beta1/Tenant.h"
#include "apis/core/v1beta1/ForeignCluster.h"
#include "apis/networking/v1beta1/Configuration.h"
#include "apis/networking/v1beta1/Connection.h"
#include "apis/networking/v1beta1/GatewayClient.h"
#include "apis/networking/v1beta1/GatewayServer.h"
#include "apis/offloading/v1beta1/VirtualNode.h"
#include "consts/Labels.h"

#include <QCoreApplication>
#include <QThread>

namespace spillway::manager {

namespace {

// Tenants and Identities name their peer in spec.clusterID; its ForeignCluster has that name.
QString peerOf(const nlohmann::json &obj)
{
    const auto spec = obj.value("spec", nlohmann::json::object());
    return QString::fromStdString(spec.value("clusterID", std::string()));
}

} // namespace

PeeringControllers::PeeringControllers(kube::KubeClient *client, Options options)
    : m_providers(std::make_unique<peering::ProviderClients>(*client, peering::ProviderClients::onMainThread)),
      m_foreignClusters(*client)
{
    namespace auth = apis::authentication::v1beta1;
    peering::TenantReconciler::Options to;
    to.apiServerUrl = options.apiServerUrl;
    to.certificateLifetimeSeconds = options.certificateLifetimeSeconds;
    to.renewBeforeSeconds = options.certificateRenewBeforeSeconds;
    to.requeueAfter = [this](const QString &key, qint64 ms) { m_tenantLoop->queue().addAfter(key, ms); };
    to.nonceLifetimeSeconds = options.nonceLifetimeSeconds;
    to.guard = options.authGuard;
    m_tenants = std::make_unique<peering::TenantReconciler>(*client, to);
    m_tenantLoop = std::make_unique<ReconcileLoop>(QStringLiteral("tenant"), client,
                                                   [this](const QString &key) { return m_tenants->reconcile(key); }, options.workers);
    m_tenantLoop->watch(auth::tenantResource());

    // Liqo's nonce handshake as liqoctl drives it: nonces (provider) and their signatures (consumer).
    peering::NonceReconciler::Options no;
    no.nonce.lifetimeSeconds = options.nonceLifetimeSeconds;
    no.requeueAfter = [this](const QString &key, qint64 ms) { m_nonceLoop->queue().addAfter(key, ms); };
    m_nonces = std::make_unique<peering::NonceReconciler>(*client, no);
    m_nonceLoop = std::make_unique<ReconcileLoop>(QStringLiteral("nonce"), client,
                                                  [this](const QString &key) { return m_nonces->reconcile(key); }, options.workers);
    kube::Informer::Options nonceSecrets;
    nonceSecrets.labelSelector = QString::fromLatin1(peering::kNonceLabel);
    nonceSecrets.resyncMs = 60000;
    m_nonceLoop->watch(kube::resources::secrets(), {}, nonceSecrets);
    peering::NonceSignerReconciler::Options so;
    so.liqoNamespace = options.liqoNamespace;
    so.nonceLifetimeSeconds = options.nonceLifetimeSeconds;
    so.requeueAfter = [this](const QString &key, qint64 ms) { m_nonceSignerLoop->queue().addAfter(key, ms); };
    m_nonceSigner = std::make_unique<peering::NonceSignerReconciler>(*client, so);
    m_nonceSignerLoop = std::make_unique<ReconcileLoop>(QStringLiteral("nonce-signer"), client,
                                                        [this](const QString &key) { return m_nonceSigner->reconcile(key); }, options.workers);
    kube::Informer::Options signedNonceSecrets;
    signedNonceSecrets.labelSelector = QString::fromLatin1(peering::kSignedNonceLabel);
    signedNonceSecrets.resyncMs = 60000;
    m_nonceSignerLoop->watch(kube::resources::secrets(), {}, signedNonceSecrets);
    // A certificate for the provider retires the signed nonce that led to it.
    m_nonceSignerLoop->watch(auth::identityResource(), [](const nlohmann::json &identity) {
        return QString::fromStdString(identity["metadata"].value("namespace", "")) + QLatin1Char('/') + QLatin1String(peering::kSignedNonceSecret);
    });
    peering::IdentityReconciler::Options io;
    io.liqoNamespace = options.liqoNamespace;
    io.providers = m_providers.get();
    io.requeueAfter = [this](const QString &key, qint64 ms) { m_identityLoop->queue().addAfter(key, ms); };
    m_identities = std::make_unique<peering::IdentityReconciler>(*client, io);
    m_identityLoop = std::make_unique<ReconcileLoop>(QStringLiteral("identity"), client,
                                                     [this](const QString &key) { return m_identities->reconcile(key); }, options.workers);
    m_identityLoop->watch(auth::identityResource());
    m_foreignClusterLoop = std::make_unique<ReconcileLoop>(QStringLiteral("foreigncluster"), client,
                                                           [this](const QString &key) { return m_foreignClusters.reconcile(key); }, options.workers);
    m_foreignClusterLoop->watch(apis::core::v1beta1::foreignClusterResource());
    m_foreignClusterLoop->watch(auth::tenantResource(), peerOf);
    m_foreignClusterLoop->watch(auth::identityResource(), peerOf);
    m_foreignClusterLoop->watch(apis::offloading::v1beta1::virtualNodeResource(), peerOf);
    // The network module: the peer's objects carry its ID in a label.
    for (const auto &ref : {apis::networking::v1beta1::configurationResource(), apis::networking::v1beta1::gatewayServerResource(),
                            apis::networking::v1beta1::gatewayClientResource(), apis::networking::v1beta1::connectionResource()})
        m_foreignClusterLoop->watch(ref, [](const nlohmann::json &obj) {
            return QString::fromStdString(obj.value("metadata", nlohmann::json::object()).value("labels", nlohmann::json::object()).value(consts::kRemoteClusterIdLabel, ""));
        });
    // A virtual node's readiness lives on its Node, labelled with the peer's cluster ID.
    m_foreignClusterLoop->watch(kube::resources::nodes(), [](const nlohmann::json &node) {
        return QString::fromStdString(node["metadata"].value("labels", nlohmann::json::object()).value(consts::kRemoteClusterIdLabel, std::string()));
    });

    peering::Replicator::Options ro;
    ro.liqoNamespace = options.liqoNamespace;
    ro.requeueAfter = [this](const QString &key, qint64 ms) { m_replicationLoop->queue().addAfter(key, ms); };
    m_replicator = std::make_unique<peering::Replicator>(*client, *m_providers, peering::ReplicatedKind::resourceSlices(), ro);
    m_replicationLoop = std::make_unique<ReconcileLoop>(QStringLiteral("resourceslice-replication"), client,
                                                        [this](const QString &key) { return m_replicator->reconcile(key); }, options.workers);
    m_replicationLoop->watch(auth::resourceSliceResource());

    resources::ResourceSliceGrantReconciler::Options go;
    go.liqoNamespace = options.liqoNamespace;
    go.requeueAfter = [this](const QString &key, qint64 ms) { m_grantLoop->queue().addAfter(key, ms); };
    m_grants = std::make_unique<resources::ResourceSliceGrantReconciler>(*client, go);
    m_grantLoop = std::make_unique<ReconcileLoop>(QStringLiteral("resourceslice-grant"), client,
                                                  [this](const QString &key) { return m_grants->reconcile(key); },
                                                  // One at a time: two slices decided at once could both take the same free capacity.
                                                  1);
    m_grantLoop->watch(auth::resourceSliceResource());

    peering::VirtualNodeReconciler::Options vo;
    vo.localRuntime = options.localRuntime;
    vo.stateDir = options.stateDir;
    vo.binDir = options.binDir;
    vo.virtualKubeletImage = options.virtualKubeletImage;
    vo.imagePullPolicy = options.imagePullPolicy;
    m_virtualNodes = std::make_unique<peering::VirtualNodeReconciler>(*client, vo);
    m_virtualNodeLoop = std::make_unique<ReconcileLoop>(QStringLiteral("virtualnode"), client,
                                                        [this](const QString &key) { return m_virtualNodes->reconcile(key); }, options.workers);
    m_virtualNodeLoop->watch(auth::resourceSliceResource());
    m_virtualNodeLoop->watch(apis::offloading::v1beta1::virtualNodeResource());
}

std::vector<ReconcileLoop *> PeeringControllers::loops() const
{
    return {m_tenantLoop.get(), m_nonceLoop.get(), m_nonceSignerLoop.get(), m_identityLoop.get(), m_foreignClusterLoop.get(), m_replicationLoop.get(), m_grantLoop.get(), m_virtualNodeLoop.get()};
}

PeeringControllers::~PeeringControllers()
{
    stop();
}

void PeeringControllers::setErrorSink(kube::Controller::ErrorSink sink)
{
    for (auto *loop : loops())
        loop->setErrorSink(sink);
}

void PeeringControllers::start()
{
    for (auto *loop : loops())
        loop->start();
}

void PeeringControllers::stop()
{
    for (auto *loop : loops())
        if (loop)
            loop->stop();
}

} // namespace spillway::manager
