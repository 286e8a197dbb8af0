#include "virtualkubelet/EventReflector.h"

#include "virtualkubelet/EventReflection.h"

namespace spillway::virtualkubelet {

using nlohmann::json;

EventReflector::EventReflector(kube::KubeClient *consumer, kube::KubeClient *provider, NamespaceMappings *mappings, Options options, QObject *parent)
    : QObject(parent), m_consumer(consumer), m_provider(provider), m_mappings(mappings), m_options(std::move(options)),
      m_queue(QStringLiteral("events"), m_options.workers, 5)
{
}

EventReflector::~EventReflector()
{
    stop();
}

void EventReflector::start()
{
    connect(m_mappings, &NamespaceMappings::changed, this, &EventReflector::onMappingChanged);
    const auto mapped = m_mappings->all();
    for (auto it = mapped.cbegin(); it != mapped.cend(); ++it)
        onMappingChanged(it.key(), it.value());
    m_queue.start([this](const QString &key) { return reconcile(key); });
}

void EventReflector::stop()
{
    {
        std::lock_guard lock(m_watchMutex);
        for (auto &[ns, watch] : m_watches)
            watch->stop();
    }
    m_queue.stop();
}

void EventReflector::onMappingChanged(const QString &local, const QString &remote)
{
    std::lock_guard lock(m_watchMutex);
    if (auto it = m_watches.find(local); it != m_watches.end()) {
        it->second->stop();
        m_watches.erase(it);
    }
    if (remote.isEmpty())
        return;
    kube::Informer::Options o;
    o.ns = remote;
    o.fieldSelector = QStringLiteral("involvedObject.kind=Pod");
    // Deleted on this thread even when a worker held the last reference.
    std::shared_ptr<kube::Informer> watch(new kube::Informer(m_provider, kube::resources::events(), o), [](kube::Informer *i) { i->deleteLater(); });
    auto enqueue = [this, remote](const json &event) {
        m_queue.add(remote + QLatin1Char('/') + QString::fromStdString(event["metadata"].value("name", "")));
    };
    watch->addHandlers({enqueue, [enqueue](const json &, const json &now) { enqueue(now); }, {}});
    watch->start();
    m_watches.emplace(local, std::move(watch));
}

void EventReflector::resync()
{
    std::lock_guard lock(m_watchMutex);
    for (const auto &[local, watch] : m_watches)
        for (const QString &key : watch->store().keys())
            m_queue.add(key);
}

std::optional<json> EventReflector::remoteEvent(const QString &localNs, const QString &remoteNs, const QString &name) const
{
    std::lock_guard lock(m_watchMutex);
    const auto it = m_watches.find(localNs);
    return it == m_watches.end() ? std::nullopt : it->second->store().get(remoteNs + QLatin1Char('/') + name);
}

Result<void> EventReflector::reconcile(const QString &key)
{
    const QString remoteNs = key.section(QLatin1Char('/'), 0, 0), name = key.section(QLatin1Char('/'), 1);
    const QString localNs = m_mappings->localOf(remoteNs);
    const std::optional<json> event = localNs.isEmpty() ? std::nullopt : remoteEvent(localNs, remoteNs, name);
    if (!event)
        return {};   // expired there, or the namespace is no longer offloaded: the copy expires here
    const QString podName = QString::fromStdString((*event).value("involvedObject", json::object()).value("name", ""));
    const std::optional<json> pod = m_options.localPod(localNs + QLatin1Char('/') + podName);
    if (!pod)
        return {};   // not (or no longer) on this virtual node
    const std::optional<json> copy = localEventFor(*event, *pod, m_options.providerClusterId, m_options.nodeName);
    if (!copy)
        return {};
    auto created = m_consumer->create(kube::resources::events(), localNs, *copy);
    if (created || !created.error().isAlreadyExists())
        return created ? Result<void>() : Result<void>(created.error());
    json patch = {{"count", (*copy)["count"]}, {"message", (*copy)["message"]}};
    if (copy->contains("lastTimestamp"))
        patch["lastTimestamp"] = (*copy)["lastTimestamp"];
    auto r = m_consumer->patch(kube::resources::events(), localNs, name, kube::PatchType::Merge, QByteArray::fromStdString(patch.dump()));
    return r || r.error().isNotFound() ? Result<void>() : Result<void>(r.error());
}

} // namespace spillway::virtualkubelet
