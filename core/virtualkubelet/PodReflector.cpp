#include "virtualkubelet/PodReflector.h"

#include "apis/offloading/v1beta1/ShadowPod.h"
#include "common/JsonText.h"
#include "kube/KeepMembers.h"
#include "offloading/OffloadingPolicy.h"
#include "virtualkubelet/PodTranslation.h"

#include <QDateTime>

namespace spillway::virtualkubelet {

using nlohmann::json;

namespace {

// How long a running pod waits for its namespace's mapping to settle before it is failed as no
// longer offloaded: past a provider's restart (about a minute in e2e.chaos), well within the
// pod queue's retries (about ten minutes).
constexpr qint64 kMappingSettleMs = 2 * 60 * 1000;

void keepStatusOnly(json &pod)
{
    json meta = kube::keepMembers(pod.value("metadata", json::object()), {"name", "namespace", "uid", "resourceVersion", "labels", "deletionTimestamp"});
    json status = pod.contains("status") ? std::move(pod["status"]) : json::object();
    pod = {{"apiVersion", "v1"}, {"kind", "Pod"}, {"metadata", std::move(meta)}, {"status", std::move(status)}};
}

} // namespace

PodReflector::PodReflector(kube::KubeClient *consumer, kube::KubeClient *provider, NamespaceMappings *mappings, Options options, QObject *parent)
    : QObject(parent), m_consumer(consumer), m_provider(provider), m_mappings(mappings), m_options(std::move(options)),
      m_queue(QStringLiteral("pods"), m_options.workers, 30), m_remoteQueue(QStringLiteral("pod-status"), m_options.workers, 30)
{
}

PodReflector::~PodReflector()
{
    stop();
}

void PodReflector::start()
{
    auto enqueue = [this](const json &pod) { m_queue.add(kube::Store::keyOf(pod)); };
    kube::Informer::Options lo;
    lo.fieldSelector = QStringLiteral("spec.nodeName=") + m_options.nodeName;
    m_localPods = std::make_unique<kube::Informer>(m_consumer, kube::resources::pods(), lo, this);
    m_localPods->addHandlers({enqueue, [enqueue](const json &, const json &now) { enqueue(now); }, [enqueue](const json &o, bool) { enqueue(o); }});
    connect(m_localPods.get(), &kube::Informer::synced, this, [this] {
        m_localSynced = true;
        emit localPodsListed();
    });

    connect(m_mappings, &NamespaceMappings::changed, this, &PodReflector::onMappingChanged);
    const auto mapped = m_mappings->all();
    for (auto it = mapped.cbegin(); it != mapped.cend(); ++it)
        onMappingChanged(it.key(), it.value());

    m_localPods->start();
    m_queue.start([this](const QString &key) { return reconcile(key); });
    m_remoteQueue.start([this](const QString &key) { return reconcile(key); });
}

void PodReflector::resync()
{
    if (m_localPods)
        for (const QString &key : m_localPods->store().keys())
            m_queue.add(key);
}

void PodReflector::stop()
{
    if (m_localPods)
        m_localPods->stop();
    for (auto &[ns, informer] : m_remotePods)
        informer->stop();
    m_queue.stop();
    m_remoteQueue.stop();
}

// A namespace became offloaded here (remote set) or stopped being (remote empty): watch its
// twin's pods, and look at its pods again.
void PodReflector::onMappingChanged(const QString &local, const QString &remote)
{
    watchRemote(remote);
    requeueNamespace(local);
}

void PodReflector::watchRemote(const QString &remote)
{
    const auto mapped = m_mappings->all();
    std::lock_guard lock(m_remoteMutex);
    for (auto it = m_remotePods.begin(); it != m_remotePods.end();) {
        if (!mapped.values().contains(it->first)) {
            it->second->stop();
            m_syncedRemote.erase(it->first);
            it = m_remotePods.erase(it);
        } else {
            ++it;
        }
    }
    if (!remote.isEmpty() && !m_remotePods.count(remote)) {
        kube::Informer::Options ro;
        ro.ns = remote;
        ro.labelSelector = QStringLiteral("%1=%2").arg(QLatin1String(offloading::kNodeNameLabel), m_options.nodeName);
        // Only whether a twin exists and its status are read here; at 10,000 pods the spec
        // would be most of the process's memory.
        ro.transform = keepStatusOnly;
        // Deleted on this thread even when a worker held the last reference.
        std::shared_ptr<kube::Informer> informer(new kube::Informer(m_provider, kube::resources::pods(), ro), [](kube::Informer *i) { i->deleteLater(); });
        auto enqueue = [this](const json &pod) {
            const QString localNs = m_mappings->localOf(QString::fromStdString(pod["metadata"].value("namespace", "")));
            if (!localNs.isEmpty())
                m_remoteQueue.add(localNs + QLatin1Char('/') + QString::fromStdString(pod["metadata"].value("name", "")));
        };
        informer->addHandlers({enqueue, [enqueue](const json &, const json &now) { enqueue(now); }, [enqueue](const json &o, bool) { enqueue(o); }});
        connect(informer.get(), &kube::Informer::synced, this, [this, remote] {
            std::lock_guard lock(m_remoteMutex);
            if (m_remotePods.count(remote))
                m_syncedRemote.insert(remote);
        });
        informer->start();
        m_remotePods.emplace(remote, std::move(informer));
    }
}

std::shared_ptr<kube::Informer> PodReflector::remotePodsIn(const QString &remoteNs) const
{
    std::lock_guard lock(m_remoteMutex);
    const auto it = m_remotePods.find(remoteNs);
    return it == m_remotePods.end() ? nullptr : it->second;
}

void PodReflector::requeueNamespace(const QString &local)
{
    if (m_localPods)
        for (const QString &key : m_localPods->store().keys())
            if (key.startsWith(local + QLatin1Char('/')))
                m_queue.add(key);
}

bool PodReflector::remotePodsSynced(const QString &remoteNs) const
{
    std::lock_guard lock(m_remoteMutex);
    return m_syncedRemote.count(remoteNs) > 0;
}

std::optional<json> PodReflector::localPod(const QString &key) const
{
    return m_localPods ? m_localPods->store().get(key) : std::nullopt;
}

bool PodReflector::hasLocalPod(const QString &key) const
{
    return m_localPods && m_localPods->store().resourceVersion(key).has_value();
}

// Reads come from the watches' caches; the apiserver is only written to.
Result<void> PodReflector::reconcile(const QString &key)
{
    const QString ns = key.section(QLatin1Char('/'), 0, 0), name = key.section(QLatin1Char('/'), 1);
    const kube::ResourceRef shadows = apis::offloading::v1beta1::shadowPodResource();
    // After a restart nothing is decided from caches not yet filled: a pod that looks unmapped
    // would be failed (OffloadingAborted), one whose twin looks gone would be released while
    // that twin still runs, and a twin whose local pod is not listed yet would be withdrawn
    // (a remote pod's event can queue its key before then).
    if (!m_localSynced)
        return Error::of(Error::Kind::Timeout, QStringLiteral("waiting for the pods bound to %1 to be listed").arg(m_options.nodeName));
    if (!m_mappings->hasSynced())
        return Error::of(Error::Kind::Timeout, QStringLiteral("waiting for the NamespaceMap to be read"));
    const NamespaceMapping mapping = m_mappings->lookup(ns);
    const QString remoteNs = mapping.remote;
    if (!remoteNs.isEmpty() && !remotePodsSynced(remoteNs))
        return Error::of(Error::Kind::Timeout, QStringLiteral("waiting for the pods of %1 to be listed").arg(remoteNs));
    const std::optional<json> local = m_localPods->store().get(key);
    const auto remotePods = remoteNs.isEmpty() ? nullptr : remotePodsIn(remoteNs);
    const std::optional<json> remotePod = remotePods ? remotePods->store().get(remoteNs + QLatin1Char('/') + name) : std::nullopt;
    kube::DeleteOptions now;
    now.gracePeriodSeconds = 0;

    if (!local || (*local)["metadata"].contains("deletionTimestamp")) {
        if (remoteNs.isEmpty()) {
            // Nothing was offloaded: nothing remote to wait for.
            if (!local)
                return {};
            auto r = m_consumer->remove(kube::resources::pods(), ns, name, now);
            return r || r.error().isNotFound() ? Result<void>() : Result<void>(r.error());
        }
        // Withdraw the ShadowPod; the remote pod follows under its own grace period.
        if (auto r = m_provider->remove(shadows, remoteNs, name); !r && !r.error().isNotFound())
            return r.error();
        if (!local)
            return {};
        if (remotePod)
            return {};   // its deletion, seen by the watch, brings us back
        auto r = m_consumer->remove(kube::resources::pods(), ns, name, now);
        return r || r.error().isNotFound() ? Result<void>() : Result<void>(r.error());
    }

    // A pod that finished, or was failed here, is final: it is not asked for again (its
    // controller replaces it, and a twin made now would run beside that replacement) and no later
    // status moves it out of its phase. Its twin stays for its logs until it is deleted.
    const QString phase = textOf(memberOf(*local, "status"), "phase");
    const bool running = phase == QLatin1String("Running");
    if (phase == QLatin1String("Succeeded") || phase == QLatin1String("Failed"))
        return {};
    const auto writeStatus = [&](const json &status) -> Result<void> {
        if (sameStatus((*local).value("status", json::object()), status))
            return {};
        kube::PatchOptions po;
        po.subresource = QStringLiteral("status");
        auto r = m_consumer->patch(kube::resources::pods(), ns, name, kube::PatchType::Merge, QByteArray::fromStdString(json{{"status", status}}.dump()), po);
        return r || r.error().isNotFound() ? Result<void>() : Result<void>(r.error());
    };
    json status;
    if (remoteNs.isEmpty()) {
        // Failing a running pod is final, so it waits a while for the mapping to settle: one
        // retried after a provider error, or a NamespaceMap rewritten, reads as "not offloaded"
        // for a moment and would otherwise fail pods that still run. Past the wait (the retries
        // outlast it) a mapping still not Accepted counts as lost, so a pod never shows Running
        // for long with nothing behind it.
        if (running && mapping.changingForMs >= 0 && mapping.changingForMs < kMappingSettleMs)
            return Error::of(Error::Kind::Timeout, QStringLiteral("waiting for the mapping of %1 to settle").arg(ns));
        status = offloadingBackOffStatus(*local, QDateTime::currentDateTimeUtc().toString(Qt::ISODate));
    } else if (!remotePod) {
        ReflectionTarget target{remoteNs, m_options.localClusterId, m_options.providerClusterId, m_options.nodeName};
        if (m_options.tokens && mountsServiceAccountToken(*local) && apiServerAccessOf(*local) == ApiServerAccess::Home) {
            const QString account = QString::fromStdString((*local)["spec"].value("serviceAccountName", "default"));
            auto secret = m_options.tokens->ensure(ns, account, remoteNs);
            if (!secret)
                return secret.error();
            target.tokenSecret = *secret;
        }
        auto created = m_provider->create(shadows, remoteNs, shadowPodFor(*local, target));
        if (created || created.error().isAlreadyExists())
            return {};   // the remote pod's watch brings us back
        if (created.error().httpStatus != 403)
            return created.error();
        // Refused (its grant is used up, its tenant cordoned): the pod says why, and the error
        // brings it back with backoff, as a grant may grow or a cordon lift. A running pod is not
        // failed for the authorizer's 403: a restarting apiserver gives it for a moment, before
        // it has read its RBAC rules, and that must not end pods that run.
        const bool notAuthorizedYet = created.error().message.contains(QLatin1String("cannot create resource"));
        if (notAuthorizedYet && running)
            return created.error();
        if (auto w = writeStatus(offloadingRefusedStatus(*local, created.error().message, QDateTime::currentDateTimeUtc().toString(Qt::ISODate))); !w)
            return w;
        return created.error();
    } else {
        status = localPodStatus(*remotePod);
        if (m_options.addresses)
            status = m_options.addresses->translateStatus(std::move(status));
    }
    return writeStatus(status);
}

} // namespace spillway::virtualkubelet
