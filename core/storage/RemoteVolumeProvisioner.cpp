#include "storage/RemoteVolumeProvisioner.h"

#include "apis/offloading/v1beta1/VirtualNode.h"
#include "offloading/OffloadingPolicy.h"
#include "storage/ClaimEvents.h"
#include "storage/VirtualVolumes.h"

namespace spillway::storage {

using nlohmann::json;

namespace {

const QString kComponent = QStringLiteral("virtual-kubelet");

Error pending(const QString &what)
{
    return Error::of(Error::Kind::Timeout, what);
}

} // namespace

RemoteVolumeProvisioner::RemoteVolumeProvisioner(kube::KubeClient *consumer, kube::KubeClient *provider, Options options)
    : m_consumer(consumer), m_provider(provider), m_options(std::move(options))
{
    m_claims = std::make_unique<manager::ReconcileLoop>(QStringLiteral("remote-volumes"), consumer,
                                                        [this](const QString &key) { return reconcileClaim(key); }, m_options.workers);
    m_claims->watch(kube::resources::persistentVolumeClaims());
    // Read for which classes are virtual; a change re-queues nothing (claims come back on their own).
    m_classes = &m_claims->watch(kube::resources::storageClasses(), [](const json &) { return QString(); });
    m_volumes = std::make_unique<manager::ReconcileLoop>(QStringLiteral("remote-volume-release"), consumer,
                                                         [this](const QString &key) { return reconcileVolume(key); }, 1);
    kube::Informer::Options mine;
    mine.labelSelector = QStringLiteral("%1=%2").arg(QLatin1String(kLocationLabel), m_options.providerClusterId);
    mine.resyncMs = 60000;
    m_volumes->watch(kube::resources::persistentVolumes(), {}, mine);
}

RemoteVolumeProvisioner::~RemoteVolumeProvisioner()
{
    stop();
}

void RemoteVolumeProvisioner::start()
{
    m_claims->start();
    m_volumes->start();
}

void RemoteVolumeProvisioner::stop()
{
    m_claims->stop();
    m_volumes->stop();
}

QStringList RemoteVolumeProvisioner::virtualClasses() const
{
    json list = {{"items", json::array()}};
    for (const auto &c : m_classes->store().list())
        list["items"].push_back(c);
    return virtualClassNames(list);
}

Result<void> RemoteVolumeProvisioner::reconcileClaim(const QString &key)
{
    const QString ns = key.section(QLatin1Char('/'), 0, 0), name = key.section(QLatin1Char('/'), 1);
    const kube::ResourceRef claims = kube::resources::persistentVolumeClaims();
    auto pvc = m_consumer->get(claims, ns, name);
    if (!pvc)
        return pvc.error().isNotFound() ? Result<void>() : Result<void>(pvc.error());
    const QString volumeName = QString::fromStdString((*pvc).value("spec", json::object()).value("volumeName", ""));
    if (!volumeName.isEmpty())
        return mirror(*pvc, volumeName, key);
    const auto node = claimToProvision(*pvc, virtualClasses());
    if (!node || *node != m_options.nodeName)
        return {};

    const QString remoteNs = m_options.remoteNamespaceOf(ns);
    if (remoteNs.isEmpty()) {
        recordClaimEvent(*m_consumer, *pvc, "Warning", "NamespaceNotOffloaded",
                         QStringLiteral("its pod was scheduled on %1, but namespace %2 is not offloaded to %3 (yet); offload it there "
                                        "(spillctl offload namespace %2) or keep the pod on local nodes")
                             .arg(m_options.nodeName, ns, m_options.providerClusterId),
                         kComponent);
        return pending(QStringLiteral("namespace %1 is not mapped in %2").arg(ns, m_options.providerClusterId));
    }
    auto vn = m_consumer->get(apis::offloading::v1beta1::virtualNodeResource(), m_options.virtualNodeNamespace, m_options.virtualNodeName);
    if (!vn)
        return vn.error();
    const QString storageClass = remoteClass((*vn).value("spec", json::object()).value("storageClasses", json::array()));

    auto remote = m_provider->get(claims, remoteNs, name);
    if (!remote && !remote.error().isNotFound())
        return remote.error();
    if (!remote) {
        const json labels = {{offloading::kOriginLabel, m_options.localClusterId.toStdString()},
                             {offloading::kDestinationLabel, m_options.providerClusterId.toStdString()}};
        auto created = m_provider->create(claims, remoteNs, twinClaim(*pvc, name, remoteNs, storageClass, labels));
        if (!created && !created.error().isAlreadyExists()) {
            recordClaimEvent(*m_consumer, *pvc, "Warning", "RemoteProvisioningFailed",
                             QStringLiteral("cannot create the volume in %1 (namespace %2): %3").arg(m_options.providerClusterId, remoteNs, created.error().toString()),
                             kComponent);
            return created.error();
        }
    } else if ((*remote)["metadata"].value("labels", json::object()).value(offloading::kOriginLabel, "") != m_options.localClusterId.toStdString()) {
        recordClaimEvent(*m_consumer, *pvc, "Warning", "RemoteClaimConflict",
                         QStringLiteral("namespace %1 of %2 already holds a PersistentVolumeClaim %3 that this cluster did not make; rename one of them")
                             .arg(remoteNs, m_options.providerClusterId, name),
                         kComponent);
        return pending(QStringLiteral("%1 in %2 is not ours").arg(name, m_options.providerClusterId));
    }
    auto pv = m_consumer->create(kube::resources::persistentVolumes(), {}, remoteVirtualVolume(*pvc, m_options.nodeName, m_options.providerClusterId, remoteNs));
    if (!pv && !pv.error().isAlreadyExists())
        return pv.error();
    recordClaimEvent(*m_consumer, *pvc, "Normal", "ProvisionedRemotely",
                     QStringLiteral("the volume lives in %1, namespace %2, class %3; pods using it run there")
                         .arg(m_options.providerClusterId, remoteNs, storageClass.isEmpty() ? QStringLiteral("(the provider's default)") : storageClass),
                     kComponent);
    m_claims->queue().addAfter(key, m_options.mirrorPendingMs);
    return {};
}

Result<void> RemoteVolumeProvisioner::mirror(const json &pvc, const QString &volumeName, const QString &key)
{
    auto pv = m_consumer->get(kube::resources::persistentVolumes(), {}, volumeName);
    if (!pv)
        return pv.error().isNotFound() ? Result<void>() : Result<void>(pv.error());
    const json meta = (*pv)["metadata"];
    if (meta.value("labels", json::object()).value(kLocationLabel, "") != m_options.providerClusterId.toStdString())
        return {};
    const QString twin = QString::fromStdString(meta.value("annotations", json::object()).value(kTwinAnnotation, ""));
    auto remote = m_provider->get(kube::resources::persistentVolumeClaims(), twin.section(QLatin1Char('/'), 0, 0), twin.section(QLatin1Char('/'), 1));
    if (!remote && !remote.error().isNotFound())
        return remote.error();   // the provider unreachable: the last mirrored state stands
    const json wanted = mirroredStatus(remote ? std::optional<json>(*remote) : std::nullopt);
    const json current = pvc["metadata"].value("annotations", json::object());
    bool differs = false;
    for (auto it = wanted.begin(); it != wanted.end(); ++it)
        differs |= it->is_null() ? current.contains(it.key()) : current.value(it.key(), json()) != *it;
    if (differs) {
        if (!remote)
            recordClaimEvent(*m_consumer, pvc, "Warning", "RemoteVolumeLost",
                             QStringLiteral("the volume's claim %1 is gone from %2; its data is no longer reachable").arg(twin, m_options.providerClusterId),
                             kComponent);
        const json patch = {{"metadata", {{"annotations", wanted}}}};
        const QString ns = QString::fromStdString(pvc["metadata"].value("namespace", "")), name = QString::fromStdString(pvc["metadata"].value("name", ""));
        if (auto r = m_consumer->patch(kube::resources::persistentVolumeClaims(), ns, name, kube::PatchType::Merge, QByteArray::fromStdString(patch.dump())); !r)
            return r.error().isNotFound() ? Result<void>() : Result<void>(r.error());
    }
    m_claims->queue().addAfter(key, wanted.value(kRemotePhaseAnnotation, "") == "Bound" ? m_options.mirrorSettledMs : m_options.mirrorPendingMs);
    return {};
}

Result<void> RemoteVolumeProvisioner::reconcileVolume(const QString &name)
{
    auto pv = m_consumer->get(kube::resources::persistentVolumes(), {}, name);
    if (!pv)
        return pv.error().isNotFound() ? Result<void>() : Result<void>(pv.error());
    const json meta = (*pv)["metadata"];
    if (meta.value("labels", json::object()).value(kLocationLabel, "") != m_options.providerClusterId.toStdString() || !releasedForDeletion(*pv))
        return {};
    const QString twin = QString::fromStdString(meta.value("annotations", json::object()).value(kTwinAnnotation, ""));
    if (!twin.isEmpty()) {
        auto gone = m_provider->remove(kube::resources::persistentVolumeClaims(), twin.section(QLatin1Char('/'), 0, 0), twin.section(QLatin1Char('/'), 1));
        if (!gone && !gone.error().isNotFound())
            return gone.error();
    }
    auto removed = m_consumer->remove(kube::resources::persistentVolumes(), {}, name);
    return removed || removed.error().isNotFound() ? Result<void>() : Result<void>(removed.error());
}

} // namespace spillway::storage
