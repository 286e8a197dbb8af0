#pragma once

#include "common/Error.h"
#include "kube/Clock.h"
#include "kube/KubeClient.h"
#include "network/GatewayPlan.h"
#include "observe/Metrics.h"

#include <QDateTime>

#include <functional>

namespace spillway::network {

// What a gateway tells about its tunnel: the Connection named after the gateway, in its namespace
// and owned by it (Liqo's shape: spec.type, spec.gatewayRef; status.value Connecting / Connected /
// Error and status.latency), and the Prometheus series per peer. A change of state is written at
// once; the latency alone at most every latencyReportMs, so a steady tunnel costs the apiserver
// one write per interval, not one per ping.
class ConnectionReporter
{
public:
    struct Options {
        GatewayMode mode = GatewayMode::Server;
        QString ns, gatewayName, remoteClusterId;
        qint64 latencyReportMs = 10000;
        kube::MonotonicClock clock = kube::steadyClock();
        std::function<QDateTime()> now = [] { return QDateTime::currentDateTimeUtc(); };
        observe::Metrics *metrics = nullptr;
    };
    ConnectionReporter(kube::KubeClient *client, Options options);

    // The Connection exists, pointing at (and owned by) this gateway object.
    Result<void> ensure(const nlohmann::json &gateway);
    // value: "Connecting" / "Connected" / "Error"; latencyUs < 0: no measurement with it.
    Result<void> report(const QString &value, qint64 latencyUs = -1);
    QString lastValue() const { return m_written; }

    static QString formatLatency(qint64 latencyUs);   // "1.234ms", as Go prints a Duration
    static std::string metricLabels(const QString &remoteClusterId);

private:
    Result<void> writeStatus(const QString &value, qint64 latencyUs);

    kube::KubeClient *m_client;
    Options m_o;
    bool m_exists = false;
    QString m_written;
    qint64 m_writtenAtMs = -1;
};

} // namespace spillway::network
