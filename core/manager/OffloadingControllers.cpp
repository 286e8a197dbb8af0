#include "manager/OffloadingControllers.h"

#include "apis/offloading/v1beta1/NamespaceMap.h"
#include "apis/offloading/v1beta1/NamespaceOffloading.h"
#include "apis/offloading/v1beta1/ShadowPod.h"
#include "apis/offloading/v1beta1/VirtualNode.h"
#include "offloading/OffloadingPolicy.h"

namespace spillway::manager {

using nlohmann::json;

namespace {

// Anything that changes which peers exist or how their namespaces are mapped re-evaluates every
// NamespaceOffloading ("*").
QString everyOffloading(const json &)
{
    return QStringLiteral("*");
}

} // namespace

OffloadingControllers::OffloadingControllers(kube::KubeClient *client, Options options)
    : m_providers(std::make_unique<peering::ProviderClients>(*client, peering::ProviderClients::onMainThread))
{
    namespace off = apis::offloading::v1beta1;
    offloading::NamespaceOffloadingReconciler::Options no;
    no.liqoNamespace = options.liqoNamespace;
    m_offloadings = std::make_unique<offloading::NamespaceOffloadingReconciler>(*client, no);
    m_offloadingLoop = std::make_unique<ReconcileLoop>(QStringLiteral("namespaceoffloading"), client,
                                                       [this](const QString &key) { return m_offloadings->reconcile(key); }, options.workers);
    m_offloadingLoop->watch(off::namespaceOffloadingResource());
    m_offloadingLoop->watch(off::virtualNodeResource(), everyOffloading);
    // Not the Nodes: their labels come from the VirtualNodes watched above, and their status is
    // rewritten every heartbeat, which would re-evaluate every NamespaceOffloading each time.
    m_offloadingLoop->watch(off::namespaceMapResource(), everyOffloading);

    peering::Replicator::Options ro;
    ro.liqoNamespace = options.liqoNamespace;
    ro.requeueAfter = [this](const QString &key, qint64 ms) { m_mapReplicationLoop->queue().addAfter(key, ms); };
    m_mapReplicator = std::make_unique<peering::Replicator>(*client, *m_providers, peering::ReplicatedKind::namespaceMaps(), ro);
    m_mapReplicationLoop = std::make_unique<ReconcileLoop>(QStringLiteral("namespacemap-replication"), client,
                                                           [this](const QString &key) { return m_mapReplicator->reconcile(key); }, options.workers);
    m_mapReplicationLoop->watch(off::namespaceMapResource());

    m_maps = std::make_unique<offloading::NamespaceMapReconciler>(*client);
    m_mapLoop = std::make_unique<ReconcileLoop>(QStringLiteral("namespacemap"), client,
                                                [this](const QString &key) { return m_maps->reconcile(key); }, options.workers);
    m_mapLoop->watch(off::namespaceMapResource());
    // A mapped namespace that changes (deleted by hand, finished terminating) brings its map back.
    m_mapLoop->watch(kube::resources::namespaces(), [](const json &ns) {
        return QString::fromStdString(ns["metadata"].value("annotations", json::object()).value(offloading::kManagedByNamespaceMapAnnotation, std::string()));
    });

    m_shadowPodLoop = std::make_unique<ReconcileLoop>(QStringLiteral("shadowpod"), client,
                                                      [this](const QString &key) { return m_shadowPods->reconcile(key); }, options.shadowPodWorkers);
    offloading::ShadowPodReconciler::Caches caches{nullptr, nullptr, nullptr};
    caches.shadowPods = &m_shadowPodLoop->watch(off::shadowPodResource()).store();
    kube::Informer::Options ownPods;
    ownPods.resyncMs = 60000;
    ownPods.labelSelector = QStringLiteral("%1=shadowpod").arg(QLatin1String(offloading::kManagedByLabel));
    caches.pods = &m_shadowPodLoop->watch(kube::resources::pods(), [](const json &pod) { return kube::Store::keyOf(pod); }, ownPods).store();
    // Read for the cluster a namespace is mapped for; a change there re-queues nothing.
    caches.namespaces = &m_shadowPodLoop->watch(kube::resources::namespaces(), [](const json &) { return QString(); }, kube::Informer::Options{}).store();
    m_shadowPods = std::make_unique<offloading::ShadowPodReconciler>(*client, caches);
    options.storage.workers = options.workers;
    m_localVolumes = std::make_unique<storage::LocalVolumeProvisioner>(client, options.storage);
}

OffloadingControllers::~OffloadingControllers()
{
    stop();
}

std::vector<ReconcileLoop *> OffloadingControllers::loops() const
{
    std::vector<ReconcileLoop *> out{m_offloadingLoop.get(), m_mapReplicationLoop.get(), m_mapLoop.get(), m_shadowPodLoop.get()};
    if (m_localVolumes)
        for (auto *loop : m_localVolumes->loops())
            out.push_back(loop);
    return out;
}

void OffloadingControllers::setErrorSink(kube::Controller::ErrorSink sink)
{
    for (auto *loop : loops())
        loop->setErrorSink(sink);
}

void OffloadingControllers::start()
{
    for (auto *loop : loops())
        loop->start();
}

void OffloadingControllers::stop()
{
    for (auto *loop : loops())
        if (loop)
            loop->stop();
}

} // namespace spillway::manager
