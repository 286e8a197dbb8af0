#pragma once

#include "common/Error.h"
#include "observe/Metrics.h"

#include <QHostAddress>
#include <QObject>

#include <functional>

class QTcpServer;

namespace spillway::observe {

// Plain-HTTP /healthz, /readyz and /metrics for probes and Prometheus.
class HealthServer : public QObject
{
    Q_OBJECT
public:
    HealthServer(Metrics *metrics, std::function<bool()> ready, QObject *parent = nullptr);
    Result<quint16> listen(const QHostAddress &address, quint16 port);

private:
    void onConnection();
    Metrics *m_metrics;
    std::function<bool()> m_ready;
    QTcpServer *m_server = nullptr;
};

} // namespace spillway::observe
