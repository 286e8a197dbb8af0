#pragma once

#include "common/Error.h"
#include "kube/Controller.h"
#include "kube/Informer.h"
#include "kube/KubeClient.h"
#include "kube/RateLimiter.h"
#include "kube/WorkQueue.h"
#include "virtualkubelet/NamespaceMappings.h"
#include "virtualkubelet/ObjectReflection.h"
#include "ipam/PodAddressMap.h"
#include "virtualkubelet/ReflectionQueue.h"

#include <QObject>

#include <map>
#include <memory>
#include <mutex>
#include <optional>

namespace spillway::virtualkubelet {

// Keeps the ConfigMaps, Secrets and Services of each offloaded namespace in its twin on the
// provider (remoteCopy), so offloaded pods find what they mount and the names they call; and,
// once the provider's view of this cluster's pods is known, the EndpointSlices of reflected
// Services (remoteEndpointSlice), so those names reach the endpoints that stay here. A local
// change is pushed at once (a watch per namespace and kind), a local deletion or a
// liqo.io/skip-reflection annotation deletes the copy, and a copy changed or deleted on the
// provider is put back. Objects there that are not ours (no origin label) are never touched.
// Key: "<kind>/<local ns>/<name>".
class ObjectReflector : public QObject
{
    Q_OBJECT
public:
    struct Options {
        QString localClusterId, providerClusterId;
        QString nodeName;                          // the virtual node: its endpoints are the provider's own
        const ipam::PodAddressMap *providerView = nullptr;   // how the provider reaches this cluster's pods; none: no EndpointSlices
        int workers = 2;
        QString fieldManager = QStringLiteral("reflection.spillway.dev");
    };
    ObjectReflector(kube::KubeClient *consumer, kube::KubeClient *provider, NamespaceMappings *mappings, Options options, QObject *parent = nullptr);
    ~ObjectReflector() override;

    void start();
    void stop();
    Result<void> reconcile(const QString &key);
    // Looks at every reflected EndpointSlice again (the provider's view of this cluster's pods changed).
    void resyncEndpointSlices();

private:
    void onMappingChanged(const QString &local, const QString &remote);
    void enqueueSlicesOf(const QString &localNs, const std::string &service);
    Result<std::optional<nlohmann::json>> endpointSliceCopy(const nlohmann::json &slice, const QString &ns, const QString &remoteNs);

    kube::KubeClient *m_consumer, *m_provider;
    NamespaceMappings *m_mappings;
    Options m_options;
    ReflectionQueue m_queue;
    std::vector<ReflectedKind> m_kinds;
    // by "<kind>/<local ns>": the local and the remote watch
    // (changed on the client's thread; workers read the local Services' cache under the lock)
    std::map<QString, std::pair<std::unique_ptr<kube::Informer>, std::unique_ptr<kube::Informer>>> m_watches;
    mutable std::mutex m_watchesMutex;
    // A local Service from its watch's cache; nullopt when that watch has not listed yet.
    std::optional<std::optional<nlohmann::json>> cachedService(const QString &ns, const QString &name) const;
};

} // namespace spillway::virtualkubelet
