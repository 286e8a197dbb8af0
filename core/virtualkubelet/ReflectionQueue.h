#pragma once

#include "kube/Controller.h"
#include "kube/RateLimiter.h"
#include "kube/WorkQueue.h"

#include <memory>

namespace spillway::virtualkubelet {

// A work queue with its per-key rate limiter and its workers: what each reflector runs its
// reconcile on. Keys may be added before start(); stop() shuts the queue and joins the workers.
class ReflectionQueue
{
public:
    ReflectionQueue(QString name, int workers, int maxRetries);
    ~ReflectionQueue();

    void add(const QString &key) { m_queue->add(key); }
    void start(kube::Controller::Reconcile reconcile);
    void stop();
    quint64 reconciled() const { return m_controller ? m_controller->reconciled() : 0; }

private:
    QString m_name;
    int m_workers, m_maxRetries;
    std::unique_ptr<kube::ItemRateLimiter> m_limiter;
    std::unique_ptr<kube::WorkQueue> m_queue;
    std::unique_ptr<kube::Controller> m_controller;
};

} // namespace spillway::virtualkubelet
