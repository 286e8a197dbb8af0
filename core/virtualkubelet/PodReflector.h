#pragma once

#include "common/Error.h"
#include "kube/Controller.h"
#include "kube/Informer.h"
#include "kube/KubeClient.h"
#include "kube/RateLimiter.h"
#include "kube/WorkQueue.h"
#include "virtualkubelet/NamespaceMappings.h"
#include "ipam/PodAddressMap.h"
#include "virtualkubelet/ReflectionQueue.h"
#include "virtualkubelet/ServiceAccountTokens.h"

#include <QObject>

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <set>

namespace spillway::virtualkubelet {

// The virtual kubelet's pods: every pod the scheduler binds to this virtual node is asked for in
// the provider as a ShadowPod in its namespace's twin (from the NamespaceMap's Accepted
// mappings), which the provider's controller turns into a pod; that pod's status comes back onto
// the local pod as soon as it changes (a watch per remote namespace, no polling). Deleting the
// local pod deletes the ShadowPod (the remote pod goes with it, under its own grace period); once
// the remote side is gone the local pod is released. A pod in a namespace that is not offloaded
// to this provider waits Pending (OffloadingBackOff) and is offloaded as soon as it is. One key
// per local pod ("ns/name"), reconciled idempotently. Two queues feed the same reconcile: local
// changes and remote ones, each with its own workers, so in a burst a remote pod's new status is
// not queued behind hundreds of pods still to be asked for.
class PodReflector : public QObject
{
    Q_OBJECT
public:
    struct Options {
        QString nodeName;                 // liqo-<slice>
        QString localClusterId, providerClusterId;
        int workers = 4;
        QString fieldManager = QStringLiteral("reflection.spillway.dev");
        ServiceAccountTokens *tokens = nullptr;   // none: offloaded pods get no consumer API token
        const ipam::PodAddressMap *addresses = nullptr; // none: pod IPs are written as the provider has them
    };
    PodReflector(kube::KubeClient *consumer, kube::KubeClient *provider, NamespaceMappings *mappings, Options options, QObject *parent = nullptr);
    ~PodReflector() override;

    void start();
    void stop();
    Result<void> reconcile(const QString &key);
    // Looks at every pod bound to this node again (e.g. the pod address mapping changed).
    void resync();
    // A pod bound to this virtual node, from the watch's cache ("ns/name"); safe from any thread.
    std::optional<nlohmann::json> localPod(const QString &key) const;
    bool hasLocalPod(const QString &key) const;   // the same without decoding it

    quint64 reflected() const { return m_queue.reconciled() + m_remoteQueue.reconciled(); }

signals:
    // The pods bound to this node have been listed once: localPod() is complete from now on.
    void localPodsListed();

private:
    void onMappingChanged(const QString &local, const QString &remote);
    void watchRemote(const QString &remote);
    void requeueNamespace(const QString &local);

    kube::KubeClient *m_consumer, *m_provider;
    NamespaceMappings *m_mappings;
    Options m_options;
    ReflectionQueue m_queue;
    ReflectionQueue m_remoteQueue;   // keys whose remote pod changed
    std::unique_ptr<kube::Informer> m_localPods;
    // by remote namespace; changed on the client's thread, read (under the lock) by workers, which
    // keep a reference while they use one
    std::map<QString, std::shared_ptr<kube::Informer>> m_remotePods;
    std::set<QString> m_syncedRemote;   // remote namespaces whose pods have been listed
    std::atomic<bool> m_localSynced = false;   // set on the client's thread, read by workers
    mutable std::mutex m_remoteMutex;
    std::shared_ptr<kube::Informer> remotePodsIn(const QString &remoteNs) const;
    bool remotePodsSynced(const QString &remoteNs) const;
};

} // namespace spillway::virtualkubelet
