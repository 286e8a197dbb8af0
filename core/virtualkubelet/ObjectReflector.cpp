#include "virtualkubelet/ObjectReflector.h"

#include "virtualkubelet/ServiceAccountTokens.h"

#include "offloading/OffloadingPolicy.h"
#include "virtualkubelet/EndpointSliceReflection.h"
#include "virtualkubelet/ObjectReflection.h"

namespace spillway::virtualkubelet {

using nlohmann::json;

ObjectReflector::ObjectReflector(kube::KubeClient *consumer, kube::KubeClient *provider, NamespaceMappings *mappings, Options options, QObject *parent)
    : QObject(parent), m_consumer(consumer), m_provider(provider), m_mappings(mappings), m_options(std::move(options)),
      m_queue(QStringLiteral("objects"), m_options.workers, 30), m_kinds(reflectedKinds())
{
    if (m_options.providerView)
        m_kinds.push_back({QStringLiteral("endpointslices"), kube::resources::endpointSlices()});
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
    for (const ReflectedKind &kind : m_kinds) {
        const QString watchKey = kind.name + QLatin1Char('/') + local;
        {
            std::lock_guard lock(m_watchesMutex);
            m_watches.erase(watchKey);   // stops both; a namespace that stays offloaded is watched afresh
        }
        if (remote.isEmpty())
            continue;   // the provider deletes the twin with everything in it
        auto enqueue = [this, kindName = kind.name, local](const json &obj) {
            m_queue.add(kindName + QLatin1Char('/') + local + QLatin1Char('/') + QString::fromStdString(obj["metadata"].value("name", "")));
        };
        kube::Informer::Handlers handlers{enqueue, [enqueue](const json &, const json &now) { enqueue(now); }, [enqueue](const json &o, bool) { enqueue(o); }};
        // A Service reflected or no longer (liqo.io/skip-reflection) takes its EndpointSlices along.
        auto withSlices = [this, enqueue, local](const json &service) {
            enqueue(service);
            enqueueSlicesOf(local, service["metadata"].value("name", ""));
        };
        kube::Informer::Handlers serviceHandlers{withSlices, [withSlices](const json &, const json &now) { withSlices(now); },
                                                 [withSlices](const json &o, bool) { withSlices(o); }};
        kube::Informer::Options lo;
        lo.ns = local;
        auto localWatch = std::make_unique<kube::Informer>(m_consumer, kind.resource, lo, this);
        localWatch->addHandlers(kind.name == QLatin1String("services") ? serviceHandlers : handlers);
        kube::Informer::Options ro;
        ro.ns = remote;
        ro.labelSelector = QStringLiteral("%1=%2").arg(QLatin1String(offloading::kOriginLabel), m_options.localClusterId);
        auto remoteWatch = std::make_unique<kube::Informer>(m_provider, kind.resource, ro, this);
        remoteWatch->addHandlers(handlers);
        localWatch->start();
        remoteWatch->start();
        std::lock_guard lock(m_watchesMutex);
        m_watches.emplace(watchKey, std::make_pair(std::move(localWatch), std::move(remoteWatch)));
    }
}

void ObjectReflector::enqueueSlicesOf(const QString &localNs, const std::string &service)
{
    const auto watch = m_watches.find(QStringLiteral("endpointslices/") + localNs);
    if (watch == m_watches.end())
        return;
    for (const json &slice : watch->second.first->store().list())
        if (slice["metadata"].value("labels", json::object()).value("kubernetes.io/service-name", "") == service)
            m_queue.add(QStringLiteral("endpointslices/%1/%2").arg(localNs, QString::fromStdString(slice["metadata"].value("name", ""))));
}

void ObjectReflector::resyncEndpointSlices()
{
    for (const auto &[watchKey, watches] : m_watches)
        if (watchKey.startsWith(QLatin1String("endpointslices/")))
            for (const json &slice : watches.first->store().list())
                m_queue.add(watchKey + QLatin1Char('/') + QString::fromStdString(slice["metadata"].value("name", "")));
}

std::optional<std::optional<json>> ObjectReflector::cachedService(const QString &ns, const QString &name) const
{
    std::lock_guard lock(m_watchesMutex);
    const auto watch = m_watches.find(QStringLiteral("services/") + ns);
    if (watch == m_watches.end() || !watch->second.first->hasSynced())
        return std::nullopt;
    return watch->second.first->store().get(ns + QLatin1Char('/') + name);
}

Result<std::optional<json>> ObjectReflector::endpointSliceCopy(const json &slice, const QString &ns, const QString &remoteNs)
{
    const std::string service = slice["metadata"].value("labels", json::object()).value("kubernetes.io/service-name", "");
    if (service.empty())
        return std::optional<json>();
    // The Services' watch already holds it: no request per slice change (many in a burst).
    std::optional<json> svc;
    if (auto cached = cachedService(ns, QString::fromStdString(service))) {
        svc = *cached;
    } else {
        auto got = m_consumer->get(kube::resources::services(), ns, QString::fromStdString(service));
        if (!got && !got.error().isNotFound())
            return got.error();
        if (got)
            svc = *got;
    }
    if (!svc || !shouldReflect(QStringLiteral("services"), *svc))
        return std::optional<json>();
    const ipam::PodAddressMap *view = m_options.providerView;
    return remoteEndpointSlice(slice, remoteNs, m_options.localClusterId, m_options.providerClusterId, m_options.nodeName,
                               [view](const QString &address) { return view->mapped(address); });
}

Result<void> ObjectReflector::reconcile(const QString &key)
{
    const QString kindName = key.section(QLatin1Char('/'), 0, 0), ns = key.section(QLatin1Char('/'), 1, 1), name = key.section(QLatin1Char('/'), 2);
    const QString remoteNs = m_mappings->remoteOf(ns);
    if (remoteNs.isEmpty())
        return {};
    const auto kind = std::find_if(m_kinds.begin(), m_kinds.end(), [&](const ReflectedKind &k) { return k.name == kindName; });
    if (kind == m_kinds.end())
        return {};
    auto local = m_consumer->get(kind->resource, ns, name);
    if (!local && !local.error().isNotFound())
        return local.error();
    std::optional<json> copy;
    if (local && kindName == QLatin1String("endpointslices")) {
        auto sliceCopy = endpointSliceCopy(*local, ns, remoteNs);
        if (!sliceCopy)
            return sliceCopy.error();
        copy = *sliceCopy;
    } else if (local) {
        copy = remoteCopy(kindName, *local, remoteNs, m_options.localClusterId, m_options.providerClusterId);
    }
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
