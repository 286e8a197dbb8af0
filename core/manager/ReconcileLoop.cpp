#include "manager/ReconcileLoop.h"

namespace spillway::manager {

ReconcileLoop::ReconcileLoop(QString name, kube::KubeClient *client, kube::Controller::Reconcile reconcile, int workers)
    : m_name(std::move(name)), m_client(client),
      m_limiter(std::make_unique<kube::ItemRateLimiter>(kube::steadyClock(), 20, 30000)),
      m_queue(std::make_unique<kube::WorkQueue>(kube::steadyClock(), m_limiter.get())),
      m_controller(std::make_unique<kube::Controller>(m_name, m_queue.get(), std::move(reconcile), workers, 30))
{
}

ReconcileLoop::~ReconcileLoop()
{
    stop();
}

kube::Informer &ReconcileLoop::watch(const kube::ResourceRef &resource, KeyFor keyFor, qint64 resyncMs)
{
    kube::Informer::Options o;
    o.resyncMs = resyncMs;
    return watch(resource, std::move(keyFor), o);
}

kube::Informer &ReconcileLoop::watch(const kube::ResourceRef &resource, KeyFor keyFor, kube::Informer::Options options)
{
    auto informer = std::make_unique<kube::Informer>(m_client, resource, options);
    if (!keyFor)
        keyFor = [](const nlohmann::json &obj) { return kube::Store::keyOf(obj); };
    auto enqueue = [this, keyFor](const nlohmann::json &obj) {
        const QString key = keyFor(obj);
        if (!key.isEmpty())
            m_queue->add(key);
    };
    informer->addHandlers({enqueue, [enqueue](const nlohmann::json &, const nlohmann::json &now) { enqueue(now); },
                           [enqueue](const nlohmann::json &obj, bool) { enqueue(obj); }});
    m_informers.push_back(std::move(informer));
    return *m_informers.back();
}

void ReconcileLoop::setErrorSink(kube::Controller::ErrorSink sink)
{
    m_controller->setErrorSink(std::move(sink));
}

void ReconcileLoop::start()
{
    if (m_running)
        return;
    m_running = true;
    for (auto &i : m_informers)
        if (!i->hasSynced())
            m_syncWaits.push_back(QObject::connect(i.get(), &kube::Informer::synced, i.get(), [this] { startWorkersOnceSynced(); }));
    for (auto &i : m_informers)
        i->start();
    startWorkersOnceSynced();
}

void ReconcileLoop::startWorkersOnceSynced()
{
    if (!m_running || m_workersStarted)
        return;
    for (auto &i : m_informers)
        if (!i->hasSynced())
            return;
    m_workersStarted = true;
    m_controller->start();
}

void ReconcileLoop::stop()
{
    for (auto &c : m_syncWaits)
        QObject::disconnect(c);
    m_syncWaits.clear();
    m_running = false;
    for (auto &i : m_informers)
        i->stop();
    m_controller->stop();
    m_workersStarted = false;
}

} // namespace spillway::manager
