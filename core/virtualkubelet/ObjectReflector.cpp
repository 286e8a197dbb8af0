#include "virtualkubelet/ObjectReflector.h"

#include "virtualkubelet/ServiceAccountTokens.h"

#include "offloading/OffloadingPolicy.h"
#include "virtualkubelet/ObjectReflection.h"

namespace spillway::virtualkubelet {

using nlohmann::json;

ObjectReflector::ObjectReflector(kube::KubeClient *consumer, kube::KubeClient *provider, NamespaceMappings *mappings, Options options, QObject *parent)
    : QObject(parent), m_consumer(consumer), m_provider(provider), m_mappings(mappings), m_options(std::move(options)),
      m_queue(QStringLiteral("objects"), m_options.workers, 30)
{
}

ObjectReflector::~ObjectReflector()
{
    stop();
}

void ObjectReflector::start()
{
    connect(m_mappings, &NamespaceMappings::changed, this, &ObjectReflector::onMappingChanged);
    const auto mapped = m_mappings->all();
    for (auto it = mapped.cbegin(); it != mapped.cend(); ++it)
        onMappingChanged(it.key(), it.value());
    m_queue.start([this](const QString &key) { return reconcile(key); });
}

void ObjectReflector::stop()
{
    for (auto &[key, watches] : m_watches) {
        watches.first->stop();
        watches.second->stop();
    }
    m_queue.stop();
}

void ObjectReflector::onMappingChanged(const QString &local, const QString &remote)
{
    for (const ReflectedKind &kind : reflectedKinds()) {
        const QString watchKey = kind.name + QLatin1Char('/') + local;
        m_watches.erase(watchKey);   // stops both; a namespace that stays offloaded is watched afresh
        if (remote.isEmpty())
            continue;   // the provider deletes the twin with everything in it
        auto enqueue = [this, kindName = kind.name, local](const json &obj) {
            m_queue.add(kindName + QLatin1Char('/') + local + QLatin1Char('/') + QString::fromStdString(obj["metadata"].value("name", "")));
        };
        kube::Informer::Handlers handlers{enqueue, [enqueue](const json &, const json &now) { enqueue(now); }, [enqueue](const json &o, bool) { enqueue(o); }};
        kube::Informer::Options lo;
        lo.ns = local;
        auto localWatch = std::make_unique<kube::Informer>(m_consumer, kind.resource, lo, this);
        localWatch->addHandlers(handlers);
        kube::Informer::Options ro;
        ro.ns = remote;
        ro.labelSelector = QStringLiteral("%1=%2").arg(QLatin1String(offloading::kOriginLabel), m_options.localClusterId);
        auto remoteWatch = std::make_unique<kube::Informer>(m_provider, kind.resource, ro, this);
        remoteWatch->addHandlers(handlers);
        localWatch->start();
        remoteWatch->start();
        m_watches.emplace(watchKey, std::make_pair(std::move(localWatch), std::move(remoteWatch)));
    }
}

Result<void> ObjectReflector::reconcile(const QString &key)
{
    const QString kindName = key.section(QLatin1Char('/'), 0, 0), ns = key.section(QLatin1Char('/'), 1, 1), name = key.section(QLatin1Char('/'), 2);
    const QString remoteNs = m_mappings->remoteOf(ns);
    if (remoteNs.isEmpty())
        return {};
    const auto kinds = reflectedKinds();
    const auto kind = std::find_if(kinds.begin(), kinds.end(), [&](const ReflectedKind &k) { return k.name == kindName; });
    if (kind == kinds.end())
        return {};
    auto local = m_consumer->get(kind->resource, ns, name);
    if (!local && !local.error().isNotFound())
        return local.error();
    const std::optional<json> copy = local ? remoteCopy(kindName, *local, remoteNs, m_options.localClusterId, m_options.providerClusterId) : std::nullopt;
    auto remote = m_provider->get(kind->resource, remoteNs, name);
    if (!remote && !remote.error().isNotFound())
        return remote.error();
    const json remoteLabels = remote ? (*remote)["metadata"].value("labels", json::object()) : json::object();
    // The service-account token Secrets are ServiceAccountTokens' (they have no local twin).
    const bool ours = remote && remoteLabels.value(offloading::kOriginLabel, "") == m_options.localClusterId.toStdString()
                      && remoteLabels.value(offloading::kManagedByLabel, "") != ServiceAccountTokens::kManagedByValue;
    if (remote && !ours)
        return {};   // the provider's own object of that name: never overwritten or deleted
    if (!copy) {
        if (!remote)
            return {};
        auto r = m_provider->remove(kind->resource, remoteNs, name);
        return r || r.error().isNotFound() ? Result<void>() : Result<void>(r.error());
    }
    auto r = m_provider->apply(kind->resource, remoteNs, *copy, m_options.fieldManager, true);
    return r ? Result<void>() : Result<void>(r.error());
}

} // namespace spillway::virtualkubelet
