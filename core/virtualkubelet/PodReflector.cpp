#include "virtualkubelet/PodReflector.h"

#include "apis/offloading/v1beta1/NamespaceMap.h"
#include "apis/offloading/v1beta1/ShadowPod.h"
#include "offloading/OffloadingPolicy.h"
#include "virtualkubelet/PodTranslation.h"

#include <QDateTime>

namespace spillway::virtualkubelet {

using nlohmann::json;

PodReflector::PodReflector(kube::KubeClient *consumer, kube::KubeClient *provider, Options options, QObject *parent)
    : QObject(parent), m_consumer(consumer), m_provider(provider), m_options(std::move(options)),
      m_limiter(std::make_unique<kube::ItemRateLimiter>(kube::steadyClock(), 20, 30000)),
      m_queue(std::make_unique<kube::WorkQueue>(kube::steadyClock(), m_limiter.get()))
{
}

PodReflector::~PodReflector()
{
    stop();
}

void PodReflector::start()
{
    auto enqueue = [this](const json &pod) { m_queue->add(kube::Store::keyOf(pod)); };
    kube::Informer::Options lo;
    lo.fieldSelector = QStringLiteral("spec.nodeName=") + m_options.nodeName;
    m_localPods = std::make_unique<kube::Informer>(m_consumer, kube::resources::pods(), lo, this);
    m_localPods->addHandlers({enqueue, [enqueue](const json &, const json &now) { enqueue(now); }, [enqueue](const json &o, bool) { enqueue(o); }});

    kube::Informer::Options mo;
    mo.ns = m_options.tenantNamespace;
    mo.labelSelector = QStringLiteral("liqo.io/remote-cluster-id=") + m_options.providerClusterId;
    m_maps = std::make_unique<kube::Informer>(m_consumer, apis::offloading::v1beta1::namespaceMapResource(), mo, this);
    m_maps->addHandlers({[this](const json &m) { onNamespaceMap(m); }, [this](const json &, const json &m) { onNamespaceMap(m); },
                         [this](const json &, bool) { onNamespaceMap(json::object()); }});

    m_controller = std::make_unique<kube::Controller>(QStringLiteral("pods"), m_queue.get(), [this](const QString &key) { return reconcile(key); },
                                                      m_options.workers, 30);
    m_maps->start();
    m_localPods->start();
    m_controller->start();
}

void PodReflector::stop()
{
    if (m_localPods)
        m_localPods->stop();
    if (m_maps)
        m_maps->stop();
    for (auto &[ns, informer] : m_remotePods)
        informer->stop();
    if (m_controller)
        m_controller->stop();
}

// Runs on the client's thread: keeps the Accepted mappings and a watch on each twin namespace.
void PodReflector::onNamespaceMap(const json &map)
{
    QHash<QString, QString> accepted;
    const json mapping = map.value("status", json::object()).value("currentMapping", json::object());
    for (const auto &[local, entry] : mapping.items())
        if (entry.value("phase", "") == "Accepted")
            accepted.insert(QString::fromStdString(local), QString::fromStdString(entry.value("remoteNamespace", "")));
    QSet<QString> changed;
    {
        std::lock_guard lock(m_mutex);
        for (auto it = accepted.cbegin(); it != accepted.cend(); ++it)
            if (m_localToRemote.value(it.key()) != it.value())
                changed.insert(it.key());
        for (auto it = m_localToRemote.cbegin(); it != m_localToRemote.cend(); ++it)
            if (!accepted.contains(it.key()))
                changed.insert(it.key());
        m_localToRemote = accepted;
    }
    for (const QString &remote : accepted)
        watchRemoteNamespace(remote);
    for (auto it = m_remotePods.begin(); it != m_remotePods.end();) {
        if (!accepted.values().contains(it->first)) {
            it->second->stop();
            it = m_remotePods.erase(it);
        } else {
            ++it;
        }
    }
    // Pods of namespaces that just became (or stopped being) offloaded here.
    if (m_localPods)
        for (const json &pod : m_localPods->store().list())
            if (changed.contains(QString::fromStdString(pod["metadata"].value("namespace", ""))))
                m_queue->add(kube::Store::keyOf(pod));
}

void PodReflector::watchRemoteNamespace(const QString &remote)
{
    if (m_remotePods.count(remote))
        return;
    kube::Informer::Options ro;
    ro.ns = remote;
    ro.labelSelector = QStringLiteral("%1=%2").arg(QLatin1String(offloading::kNodeNameLabel), m_options.nodeName);
    auto informer = std::make_unique<kube::Informer>(m_provider, kube::resources::pods(), ro, this);
    auto enqueue = [this](const json &pod) {
        const QString local = localNamespaceOf(QString::fromStdString(pod["metadata"].value("namespace", "")));
        if (!local.isEmpty())
            m_queue->add(local + QLatin1Char('/') + QString::fromStdString(pod["metadata"].value("name", "")));
    };
    informer->addHandlers({enqueue, [enqueue](const json &, const json &now) { enqueue(now); }, [enqueue](const json &o, bool) { enqueue(o); }});
    informer->start();
    m_remotePods.emplace(remote, std::move(informer));
}

QString PodReflector::remoteNamespaceOf(const QString &local) const
{
    std::lock_guard lock(m_mutex);
    return m_localToRemote.value(local);
}

QString PodReflector::localNamespaceOf(const QString &remote) const
{
    std::lock_guard lock(m_mutex);
    return m_localToRemote.key(remote);
}

Result<void> PodReflector::reconcile(const QString &key)
{
    const QString ns = key.section(QLatin1Char('/'), 0, 0), name = key.section(QLatin1Char('/'), 1);
    const kube::ResourceRef shadows = apis::offloading::v1beta1::shadowPodResource();
    const QString remoteNs = remoteNamespaceOf(ns);
    auto local = m_consumer->get(kube::resources::pods(), ns, name);
    if (!local && !local.error().isNotFound())
        return local.error();
    const bool ours = local && (*local)["spec"].value("nodeName", "") == m_options.nodeName.toStdString();

    if (!ours || (*local)["metadata"].contains("deletionTimestamp")) {
        kube::DeleteOptions now;
        now.gracePeriodSeconds = 0;
        if (remoteNs.isEmpty()) {
            // Nothing was offloaded: nothing remote to wait for.
            if (!local || !ours)
                return {};
            auto r = m_consumer->remove(kube::resources::pods(), ns, name, now);
            return r || r.error().isNotFound() ? Result<void>() : Result<void>(r.error());
        }
        // Withdraw the ShadowPod; the remote pod follows under its own grace period.
        if (auto r = m_provider->remove(shadows, remoteNs, name); !r && !r.error().isNotFound())
            return r.error();
        if (!local || !ours)
            return {};
        auto remotePod = m_provider->get(kube::resources::pods(), remoteNs, name);
        if (remotePod)
            return Error::of(Error::Kind::Timeout, QStringLiteral("remote pod %1/%2 still terminating").arg(remoteNs, name));
        if (!remotePod.error().isNotFound())
            return remotePod.error();
        auto r = m_consumer->remove(kube::resources::pods(), ns, name, now);
        return r || r.error().isNotFound() ? Result<void>() : Result<void>(r.error());
    }

    json status;
    if (remoteNs.isEmpty()) {
        status = offloadingBackOffStatus(*local, QDateTime::currentDateTimeUtc().toString(Qt::ISODate));
    } else {
        auto shadow = m_provider->get(shadows, remoteNs, name);
        if (!shadow && !shadow.error().isNotFound())
            return shadow.error();
        if (!shadow) {
            const ReflectionTarget target{remoteNs, m_options.localClusterId, m_options.providerClusterId, m_options.nodeName};
            if (auto r = m_provider->create(shadows, remoteNs, shadowPodFor(*local, target)); !r && !r.error().isAlreadyExists())
                return r.error();
        }
        auto remotePod = m_provider->get(kube::resources::pods(), remoteNs, name);
        if (!remotePod)
            return remotePod.error().isNotFound() ? Result<void>() : Result<void>(remotePod.error());   // its watch brings us back
        status = localPodStatus(*remotePod);
    }
    const json current = (*local).value("status", json::object());
    bool same = true;
    for (const auto &[field, value] : status.items())
        same &= current.value(field, json()) == value;
    if (same)
        return {};
    kube::PatchOptions po;
    po.subresource = QStringLiteral("status");
    auto r = m_consumer->patch(kube::resources::pods(), ns, name, kube::PatchType::Merge, QByteArray::fromStdString(json{{"status", status}}.dump()), po);
    return r || r.error().isNotFound() ? Result<void>() : Result<void>(r.error());
}

} // namespace spillway::virtualkubelet
