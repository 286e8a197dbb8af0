#include "storage/LocalVolumeProvisioner.h"

#include "offloading/OffloadingPolicy.h"
#include "storage/StorageEvents.h"
#include "storage/VirtualVolumes.h"
#include "storage/VolumeRelease.h"

namespace spillway::storage {

using nlohmann::json;

namespace {

const QString kComponent = QStringLiteral("controller-manager");

} // namespace

LocalVolumeProvisioner::LocalVolumeProvisioner(kube::KubeClient *client, Options options) : m_client(client), m_options(std::move(options))
{
    m_claims = std::make_unique<manager::ReconcileLoop>(QStringLiteral("local-volumes"), client,
                                                        [this](const QString &key) { return reconcileClaim(key); }, m_options.workers);
    m_claims->watch(kube::resources::persistentVolumeClaims());
    // A twin that binds brings its virtual claim back (the twins are in the watch above too).
    kube::Informer::Options twins;
    twins.ns = m_options.storageNamespace;
    twins.labelSelector = QLatin1String(kOriginNameLabel);
    m_claims->watch(kube::resources::persistentVolumeClaims(), [](const json &twin) {
        const json labels = twin["metadata"].value("labels", json::object());
        return QString::fromStdString(labels.value(kOriginNamespaceLabel, "") + "/" + labels.value(kOriginNameLabel, ""));
    }, twins);
    m_classes = &m_claims->watch(kube::resources::storageClasses(), [](const json &) { return QString(); });
    m_volumes = std::make_unique<manager::ReconcileLoop>(QStringLiteral("local-volume-release"), client,
                                                         [this](const QString &key) { return reconcileVolume(key); }, 1);
    kube::Informer::Options mine;
    mine.labelSelector = QStringLiteral("%1=%2").arg(QLatin1String(kLocationLabel), QLatin1String(kLocalLocation));
    mine.resyncMs = 60000;
    m_volumes->watch(kube::resources::persistentVolumes(), {}, mine);
}

LocalVolumeProvisioner::~LocalVolumeProvisioner() = default;

json LocalVolumeProvisioner::classList() const
{
    return json(m_classes->store().list());
}

Result<void> LocalVolumeProvisioner::ensureStorageNamespace()
{
    auto ns = m_client->get(kube::resources::namespaces(), {}, m_options.storageNamespace);
    if (ns || !ns.error().isNotFound())
        return ns ? Result<void>() : Result<void>(ns.error());
    // Not labelled as Spillway's: uninstalling Spillway must not delete the data in it.
    const json obj = {{"apiVersion", "v1"}, {"kind", "Namespace"}, {"metadata", {{"name", m_options.storageNamespace.toStdString()}}}};
    auto created = m_client->create(kube::resources::namespaces(), {}, obj);
    return created || created.error().isAlreadyExists() ? Result<void>() : Result<void>(created.error());
}

Result<void> LocalVolumeProvisioner::reconcileClaim(const QString &key)
{
    const QString ns = key.section(QLatin1Char('/'), 0, 0), name = key.section(QLatin1Char('/'), 1);
    const kube::ResourceRef claims = kube::resources::persistentVolumeClaims();
    auto pvc = m_client->get(claims, ns, name);
    if (!pvc)
        return pvc.error().isNotFound() ? Result<void>() : Result<void>(pvc.error());
    if (!m_classes->hasSynced())
        return Error::of(Error::Kind::Timeout, QStringLiteral("the storage classes are not listed yet"));
    const json classes = classList();
    const auto nodeName = claimToProvision(*pvc, virtualClassNames(classes));
    if (!nodeName)
        return {};
    auto node = m_client->get(kube::resources::nodes(), {}, *nodeName);
    if (!node)
        return node.error().isNotFound() ? Result<void>() : Result<void>(node.error());
    if ((*node)["metadata"].value("labels", json::object()).value(offloading::kNodeTypeLabel, "") == offloading::kVirtualNodeType)
        return {};   // the virtual kubelet of that node provisions it in its provider

    const auto realClass = realLocalClass(classes, m_options.realStorageClass);
    if (!realClass) {
        recordEvent(*m_client, *pvc, "Warning", "NoLocalStorageClass",
                    QStringLiteral("its pod runs on local node %1, but this cluster has no default storage class for local volumes; "
                                   "mark one default or reinstall with --set storage.realStorageClassName=CLASS").arg(*nodeName),
                    kComponent);
        return Error::of(Error::Kind::Config, QStringLiteral("no real storage class for %1").arg(key));
    }
    if (auto r = ensureStorageNamespace(); !r)
        return r;
    const QString twinName = QString::fromStdString((*pvc)["metadata"].value("uid", ""));
    auto twin = m_client->get(claims, m_options.storageNamespace, twinName);
    if (!twin && !twin.error().isNotFound())
        return twin.error();
    if (!twin) {
        const json labels = {{kOriginNamespaceLabel, ns.toStdString()}, {kOriginNameLabel, name.toStdString()}, {"app.kubernetes.io/part-of", "spillway"}};
        const json annotations = {{kSelectedNodeAnnotation, nodeName->toStdString()}};
        auto created = m_client->create(claims, m_options.storageNamespace, twinClaim(*pvc, twinName, m_options.storageNamespace, *realClass, labels, annotations));
        if (!created && !created.error().isAlreadyExists()) {
            recordEvent(*m_client, *pvc, "Warning", "LocalProvisioningFailed",
                        QStringLiteral("cannot create its volume of class %1: %2").arg(*realClass, created.error().toString()), kComponent);
            return created.error();
        }
        return {};   // its binding brings this claim back
    }
    const std::string realVolume = (*twin).value("spec", json::object()).value("volumeName", "");
    if (realVolume.empty() || (*twin).value("status", json::object()).value("phase", "") != "Bound")
        return {};
    auto realPv = m_client->get(kube::resources::persistentVolumes(), {}, QString::fromStdString(realVolume));
    if (!realPv)
        return realPv.error();
    const QString twinKey = m_options.storageNamespace + QLatin1Char('/') + twinName;
    auto pv = m_client->create(kube::resources::persistentVolumes(), {}, localVirtualVolume(*pvc, *realPv, twinKey));
    if (!pv && !pv.error().isAlreadyExists())
        return pv.error();
    recordEvent(*m_client, *pvc, "Normal", "ProvisionedLocally",
                QStringLiteral("the volume is %1 (class %2), reachable from node %3").arg(QString::fromStdString(realVolume), *realClass, *nodeName), kComponent);
    return {};
}

Result<void> LocalVolumeProvisioner::reconcileVolume(const QString &name)
{
    return releaseVirtualVolume(*m_client, *m_client, name, QString::fromLatin1(kLocalLocation));
}

} // namespace spillway::storage
