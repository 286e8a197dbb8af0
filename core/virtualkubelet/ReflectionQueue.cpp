#include "virtualkubelet/ReflectionQueue.h"

namespace spillway::virtualkubelet {

ReflectionQueue::ReflectionQueue(QString name, int workers, int maxRetries)
    : m_name(std::move(name)), m_workers(workers), m_maxRetries(maxRetries),
      m_limiter(std::make_unique<kube::ItemRateLimiter>(kube::steadyClock(), 20, 30000)),
      m_queue(std::make_unique<kube::WorkQueue>(kube::steadyClock(), m_limiter.get()))
{
}

ReflectionQueue::~ReflectionQueue()
{
    stop();
}

void ReflectionQueue::start(kube::Controller::Reconcile reconcile)
{
    m_controller = std::make_unique<kube::Controller>(m_name, m_queue.get(), std::move(reconcile), m_workers, m_maxRetries);
    m_controller->start();
}

void ReflectionQueue::stop()
{
    if (m_controller)
        m_controller->stop();
}

} // namespace spillway::virtualkubelet
