#pragma once

#include "common/Error.h"
#include "kube/Controller.h"
#include "kube/Informer.h"
#include "kube/KubeClient.h"
#include "kube/RateLimiter.h"
#include "kube/WorkQueue.h"
#include "virtualkubelet/NamespaceMappings.h"
#include "virtualkubelet/ReflectionQueue.h"

#include <QObject>

#include <map>
#include <memory>
#include <mutex>

namespace spillway::virtualkubelet {

// Brings the provider's Events about offloaded pods back onto the local pods (localEventFor): a
// watch on the pod Events of each twin namespace; key "<remote ns>/<event name>". A copy is
// created once and patched as the remote count grows; it expires with the consumer's event TTL.
// An Event whose local pod is not in the pod cache is dropped, so resync() must follow the first
// listing of the local pods: after a restart the provider's Events are listed at once, and those
// reconciled before the pods were would otherwise never be copied (nothing changes them again).
class EventReflector : public QObject
{
    Q_OBJECT
public:
    struct Options {
        QString providerClusterId, nodeName;
        int workers = 2;
        // The pods bound to this virtual node ("ns/name"), from the pod reflector's cache.
        std::function<std::optional<nlohmann::json>(const QString &key)> localPod;
    };
    EventReflector(kube::KubeClient *consumer, kube::KubeClient *provider, NamespaceMappings *mappings, Options options, QObject *parent = nullptr);
    ~EventReflector() override;

    void start();
    void stop();
    Result<void> reconcile(const QString &key);
    // Reconciles every Event in the caches again.
    void resync();
    quint64 reflected() const { return m_queue.reconciled(); }

private:
    void onMappingChanged(const QString &local, const QString &remote);
    std::optional<nlohmann::json> remoteEvent(const QString &localNs, const QString &remoteNs, const QString &name) const;

    kube::KubeClient *m_consumer, *m_provider;
    NamespaceMappings *m_mappings;
    Options m_options;
    ReflectionQueue m_queue;
    mutable std::mutex m_watchMutex;   // workers read the caches; the client's thread changes the map
    std::map<QString, std::shared_ptr<kube::Informer>> m_watches;   // by local namespace
};

} // namespace spillway::virtualkubelet
