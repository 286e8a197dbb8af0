#pragma once

#include "kube/Controller.h"
#include "kube/Informer.h"
#include "kube/WorkQueue.h"

#include <memory>

namespace spillway::manager {

// informer → work queue → reconcile(key), the shape of every controller: each add, update or
// delete of a watched object queues its key ("ns/name", or "name" when cluster-scoped); a
// periodic resync re-queues everything so drift is corrected even without events. keyFor lets a
// loop watch one kind and reconcile another (e.g. a Tenant queues its ForeignCluster).
// Workers start once every watched kind has been listed (client-go's WaitForCacheSync): a
// reconciler reads several caches, and a key queued by the first listing must not be decided
// against a cache still empty — after a restart that read as "gone" and deleted live objects.
// Keys queued meanwhile wait in the queue.
class ReconcileLoop
{
public:
    using KeyFor = std::function<QString(const nlohmann::json &)>;

    ReconcileLoop(QString name, kube::KubeClient *client, kube::Controller::Reconcile reconcile, int workers = 2);
    ~ReconcileLoop();

    // Adds a watched kind; keyFor defaults to the object's own key.
    kube::Informer &watch(const kube::ResourceRef &resource, KeyFor keyFor = {}, qint64 resyncMs = 60000);
    // The same with a narrower watch (namespace, label or field selector).
    kube::Informer &watch(const kube::ResourceRef &resource, KeyFor keyFor, kube::Informer::Options options);
    void setErrorSink(kube::Controller::ErrorSink sink);
    void start();
    void stop();
    kube::WorkQueue &queue() { return *m_queue; }
    const kube::Controller &controller() const { return *m_controller; }

private:
    QString m_name;
    kube::KubeClient *m_client;
    std::unique_ptr<kube::ItemRateLimiter> m_limiter;
    std::unique_ptr<kube::WorkQueue> m_queue;
    std::unique_ptr<kube::Controller> m_controller;
    std::vector<std::unique_ptr<kube::Informer>> m_informers;
    std::vector<QMetaObject::Connection> m_syncWaits;
    bool m_running = false, m_workersStarted = false;

    void startWorkersOnceSynced();
};

} // namespace spillway::manager
