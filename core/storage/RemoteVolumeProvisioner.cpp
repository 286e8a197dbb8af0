#include "storage/RemoteVolumeProvisioner.h"

#include "apis/offloading/v1beta1/VirtualNode.h"
#include "kube/KeepMembers.h"
#include "observe/Log.h"
#include "offloading/OffloadingPolicy.h"
#include "storage/StorageEvents.h"
#include "storage/VirtualVolumes.h"
#include "storage/VolumeRelease.h"

#include <set>

namespace spillway::storage {

using nlohmann::json;

namespace {

const QString kComponent = QStringLiteral("virtual-kubelet");
// On twins reflected as they are (not of the virtual class): deleted with the consumer's claim.
constexpr const char *kReflectedLabel = "storage.spillway.dev/reflected";
// The release loop's periodic key: twins whose claim went while no one watched.
constexpr const char *kSweepKey = ":sweep";

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
    m_pods = std::make_unique<manager::ReconcileLoop>(QStringLiteral("remote-claims-of-pods"), consumer,
                                                      [this](const QString &key) { return reconcilePod(key); }, 1);
    kube::Informer::Options onThisNode;
    onThisNode.fieldSelector = QStringLiteral("spec.nodeName=%1").arg(m_options.nodeName);
    onThisNode.resyncMs = 60000;
    // Only pods with claims matter here, and only their claims: the others (nearly all, in a
    // burst) cost neither a GET per event nor their spec in memory. A pod's volumes never change.
    onThisNode.transform = [](json &pod) {
        json claims = json::array();
        const json volumes = pod.value("spec", json::object()).value("volumes", json::array());
        for (const json &volume : volumes)
            if (volume.contains("persistentVolumeClaim"))
                claims.push_back(volume);
        json meta = kube::keepMembers(pod.value("metadata", json::object()), {"name", "namespace", "uid", "resourceVersion"});
        pod = {{"metadata", std::move(meta)}, {"spec", {{"volumes", std::move(claims)}}}};
    };
    // Every object handed over (deletions too) has been through the transform: volumes are claims.
    m_pods->watch(kube::resources::pods(), [](const json &pod) {
        return pod.value("spec", json::object()).value("volumes", json::array()).empty() ? QString() : kube::Store::keyOf(pod);
    }, onThisNode);
}

RemoteVolumeProvisioner::~RemoteVolumeProvisioner()
{
    stop();
}

void RemoteVolumeProvisioner::start()
{
    m_claims->start();
    m_volumes->start();
    m_pods->start();
    m_volumes->queue().addAfter(QString::fromLatin1(kSweepKey), m_options.sweepMs / 10);
}

void RemoteVolumeProvisioner::stop()
{
    m_claims->stop();
    m_volumes->stop();
    m_pods->stop();
}

QStringList RemoteVolumeProvisioner::virtualClasses() const
{
    return virtualClassNames(json(m_classes->store().list()));
}

Result<void> RemoteVolumeProvisioner::reconcileClaim(const QString &key)
{
    const QString ns = key.section(QLatin1Char('/'), 0, 0), name = key.section(QLatin1Char('/'), 1);
    const kube::ResourceRef claims = kube::resources::persistentVolumeClaims();
    auto pvc = m_consumer->get(claims, ns, name);
    if (!pvc)
        return pvc.error().isNotFound() ? releaseReflected(ns, name) : Result<void>(pvc.error());
    const QString volumeName = QString::fromStdString((*pvc).value("spec", json::object()).value("volumeName", ""));
    if (!volumeName.isEmpty())
        return mirror(*pvc, volumeName, key);
    if (!m_classes->hasSynced())
        return pending(QStringLiteral("the storage classes are not listed yet"));
    const auto node = claimToProvision(*pvc, virtualClasses());
    if (!node || *node != m_options.nodeName)
        return {};

    const QString remoteNs = m_options.remoteNamespaceOf(ns);
    if (remoteNs.isEmpty()) {
        recordEvent(*m_consumer, *pvc, "Warning", "NamespaceNotOffloaded",
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
            recordEvent(*m_consumer, *pvc, "Warning", "RemoteProvisioningFailed",
                        QStringLiteral("cannot create the volume in %1 (namespace %2): %3").arg(m_options.providerClusterId, remoteNs, created.error().toString()),
                        kComponent);
            return created.error();
        }
    } else if ((*remote)["metadata"].value("labels", json::object()).value(offloading::kOriginLabel, "") != m_options.localClusterId.toStdString()) {
        recordEvent(*m_consumer, *pvc, "Warning", "RemoteClaimConflict",
                    QStringLiteral("namespace %1 of %2 already holds a PersistentVolumeClaim %3 that this cluster did not make; rename one of them")
                        .arg(remoteNs, m_options.providerClusterId, name),
                    kComponent);
        return pending(QStringLiteral("%1 in %2 is not ours").arg(name, m_options.providerClusterId));
    } else if (!twinServes(*remote, *pvc)) {
        // The twin of an earlier claim of this name, still going: wait for it to be gone.
        return pending(QStringLiteral("the provider's %1/%2 belongs to an earlier claim").arg(remoteNs, name));
    }
    auto pv = m_consumer->create(kube::resources::persistentVolumes(), {}, remoteVirtualVolume(*pvc, m_options.nodeName, m_options.providerClusterId, remoteNs));
    if (!pv && !pv.error().isAlreadyExists())
        return pv.error();
    recordEvent(*m_consumer, *pvc, "Normal", "ProvisionedRemotely",
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
            recordEvent(*m_consumer, pvc, "Warning", "RemoteVolumeLost",
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
    if (name == QLatin1String(kSweepKey)) {
        m_volumes->queue().addAfter(name, m_options.sweepMs);
        return sweepTwins();
    }
    return releaseVirtualVolume(*m_consumer, *m_provider, name, m_options.providerClusterId);
}

Result<void> RemoteVolumeProvisioner::releaseReflected(const QString &ns, const QString &name)
{
    const QString remoteNs = m_options.remoteNamespaceOf(ns);
    if (remoteNs.isEmpty())
        return {};
    auto remote = m_provider->get(kube::resources::persistentVolumeClaims(), remoteNs, name);
    if (!remote)
        return remote.error().isNotFound() ? Result<void>() : Result<void>(remote.error());
    const json labels = (*remote)["metadata"].value("labels", json::object());
    if (labels.value(kReflectedLabel, "") != "true" || labels.value(offloading::kOriginLabel, "") != m_options.localClusterId.toStdString())
        return {};
    auto gone = m_provider->remove(kube::resources::persistentVolumeClaims(), remoteNs, name);
    return gone || gone.error().isNotFound() ? Result<void>() : Result<void>(gone.error());
}

// A twin outlives its claim when the claim went while this kubelet was down (a delete event
// seen by no one) or just after the twin was made. Reflected twins go with their claim; a
// virtual-class twin goes only when no virtual PV names it (one kept with Retain keeps its data).
Result<void> RemoteVolumeProvisioner::sweepTwins()
{
    if (!m_options.mappedNamespaces)
        return {};
    const kube::ResourceRef claims = kube::resources::persistentVolumeClaims();
    auto pvs = m_consumer->list(kube::resources::persistentVolumes(), {},
                                kube::withLabels(QStringLiteral("%1=%2").arg(QLatin1String(kLocationLabel), m_options.providerClusterId)));
    if (!pvs)
        return pvs.error();
    std::set<std::string> named;
    for (const auto &pv : (*pvs)["items"])
        named.insert(pv["metadata"].value("annotations", json::object()).value(kTwinAnnotation, ""));
    const QHash<QString, QString> mapped = m_options.mappedNamespaces();
    for (auto it = mapped.begin(); it != mapped.end(); ++it) {
        auto twins = m_provider->list(claims, it.value(), kube::withLabels(QStringLiteral("%1=%2").arg(QLatin1String(offloading::kOriginLabel), m_options.localClusterId)));
        if (!twins)
            continue;   // the next sweep
        for (const auto &twin : (*twins)["items"]) {
            const json meta = twin.value("metadata", json::object());
            const std::string name = meta.value("name", "");
            if (meta.value("labels", json::object()).value(kReflectedLabel, "") != "true" && named.count(it.value().toStdString() + "/" + name))
                continue;
            auto claim = m_consumer->get(claims, it.key(), QString::fromStdString(name));
            if (claim && twinServes(twin, *claim))
                continue;
            if (!claim && !claim.error().isNotFound())
                continue;
            observe::log("info", kComponent, QStringLiteral("deleting a twin whose claim is gone"),
                         {{"claim", QStringLiteral("%1/%2").arg(it.key(), QString::fromStdString(name))}, {"twin", QStringLiteral("%1/%2").arg(it.value(), QString::fromStdString(name))}});
            if (auto r = m_provider->remove(claims, it.value(), QString::fromStdString(name)); !r && !r.error().isNotFound())
                return r.error();
        }
    }
    return {};
}

// The newest Warning the provider recorded about its claim (say, ProvisioningFailed: the class
// does not exist there); empty when there is none to read.
QString RemoteVolumeProvisioner::remoteWarning(const QString &remoteNs, const QString &claim)
{
    kube::ListOptions o;
    o.fieldSelector = QStringLiteral("involvedObject.kind=PersistentVolumeClaim,involvedObject.name=%1,type=Warning").arg(claim);
    auto events = m_provider->list(kube::resources::events(), remoteNs, o);
    return events ? newestWarning(*events) : QString();
}

Result<void> RemoteVolumeProvisioner::reconcilePod(const QString &key)
{
    const QString ns = key.section(QLatin1Char('/'), 0, 0), name = key.section(QLatin1Char('/'), 1);
    auto pod = m_consumer->get(kube::resources::pods(), ns, name);
    if (!pod)
        return pod.error().isNotFound() ? Result<void>() : Result<void>(pod.error());
    const json spec = (*pod).value("spec", json::object());
    if (spec.value("nodeName", "") != m_options.nodeName.toStdString() || (*pod)["metadata"].contains("deletionTimestamp"))
        return {};
    bool usesClaims = false;
    for (const auto &volume : spec.value("volumes", json::array()))
        usesClaims |= volume.contains("persistentVolumeClaim");
    if (!usesClaims)
        return {};
    if (!m_classes->hasSynced())
        return pending(QStringLiteral("the storage classes are not listed yet"));
    const QString remoteNs = m_options.remoteNamespaceOf(ns);
    if (remoteNs.isEmpty())
        return pending(QStringLiteral("namespace %1 is not mapped in %2 yet").arg(ns, m_options.providerClusterId));
    const QStringList virtualClassList = virtualClasses();
    const kube::ResourceRef claims = kube::resources::persistentVolumeClaims();
    QStringList waitingFor;
    for (const auto &volume : spec.value("volumes", json::array())) {
        const QString claim = QString::fromStdString(volume.value("persistentVolumeClaim", json::object()).value("claimName", ""));
        if (claim.isEmpty())
            continue;
        auto pvc = m_consumer->get(claims, ns, claim);
        if (!pvc) {
            if (!pvc.error().isNotFound())
                return pvc.error();
            waitingFor << claim;   // as a kubelet would, the pod waits for its claim
            continue;
        }
        const json pvcSpec = (*pvc).value("spec", json::object());
        const QString cls = QString::fromStdString(pvcSpec.value("storageClassName", ""));
        if (virtualClassList.contains(cls))
            continue;   // the virtual class's own path (reconcileClaim)
        if (!pvcSpec.value("volumeName", "").empty()) {
            // Its data is in this cluster: an empty twin in the provider would hide it.
            recordEvent(*m_consumer, *pod, "Warning", "ClaimBoundLocally",
                        QStringLiteral("claim %1 is bound to volume %2 of this cluster, which %3 cannot reach; use class %4 for volumes that follow "
                                       "pods to peers, or keep the pod on local nodes")
                            .arg(claim, QString::fromStdString(pvcSpec.value("volumeName", "")), m_options.providerClusterId,
                                 virtualClassList.value(0, QStringLiteral("liqo"))),
                        kComponent);
            continue;
        }
        auto remote = m_provider->get(claims, remoteNs, claim);
        if (!remote && !remote.error().isNotFound())
            return remote.error();
        if (!remote) {
            const json labels = {{offloading::kOriginLabel, m_options.localClusterId.toStdString()},
                                 {offloading::kDestinationLabel, m_options.providerClusterId.toStdString()}, {kReflectedLabel, "true"}};
            auto created = m_provider->create(claims, remoteNs, twinClaim(*pvc, claim, remoteNs, cls, labels));
            if (!created && !created.error().isAlreadyExists()) {
                recordEvent(*m_consumer, *pod, "Warning", "RemoteVolumeUnavailable",
                            QStringLiteral("cannot reflect claim %1 to %2: %3").arg(claim, m_options.providerClusterId, created.error().toString()), kComponent);
                return created.error();
            }
            // The consumer's claim says where its data went (unoffload counts it before deleting).
            const json patch = {{"metadata", {{"annotations", {{kReflectedToAnnotation, m_options.providerClusterId.toStdString()}}}}}};
            if (auto r = m_consumer->patch(claims, ns, claim, kube::PatchType::Merge, QByteArray::fromStdString(patch.dump())); !r && !r.error().isNotFound())
                return r.error();
            waitingFor << claim;
            continue;
        }
        const json labels = (*remote)["metadata"].value("labels", json::object());
        if (labels.value(offloading::kOriginLabel, "") != m_options.localClusterId.toStdString()) {
            recordEvent(*m_consumer, *pod, "Warning", "RemoteClaimConflict",
                        QStringLiteral("namespace %1 of %2 already holds a PersistentVolumeClaim %3 that this cluster did not make; rename one of them")
                            .arg(remoteNs, m_options.providerClusterId, claim),
                        kComponent);
            continue;
        }
        if (!twinServes(*remote, *pvc)) {
            waitingFor << claim;   // an earlier claim's twin, still going
            continue;
        }
        if ((*remote).value("status", json::object()).value("phase", "") == "Bound")
            continue;
        waitingFor << claim;
        if (const QString why = remoteWarning(remoteNs, claim); !why.isEmpty())
            recordEvent(*m_consumer, *pod, "Warning", "RemoteVolumeUnavailable",
                        QStringLiteral("claim %1 (class %2) cannot be bound in %3: %4")
                            .arg(claim, cls.isEmpty() ? QStringLiteral("the provider's default") : cls, m_options.providerClusterId, why),
                        kComponent);
    }
    // Backed off by the queue's rate limiter, so a claim that never binds is not polled hot.
    if (!waitingFor.isEmpty())
        return pending(QStringLiteral("pod %1 waits for its claims %2 in %3").arg(key, waitingFor.join(QStringLiteral(", ")), m_options.providerClusterId));
    return {};
}

} // namespace spillway::storage
