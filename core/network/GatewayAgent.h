#pragma once

#include "common/Error.h"
#include "kube/Informer.h"
#include "kube/KubeClient.h"
#include "kube/RateLimiter.h"
#include "network/ConnectionReporter.h"
#include "network/GatewayPlan.h"
#include "network/TunnelEnd.h"
#include "network/TunnelHealth.h"

#include <QObject>
#include <QTimer>

#include <memory>

namespace spillway::network {

// What spillway-gateway does: one GatewayServer or GatewayClient made real. It keeps its WireGuard
// keys in a Secret (made on first start, owned by the gateway object), says where they are in
// the object's status, and once the peer's PublicKey and the Configuration about the peer are
// there brings the tunnel up (with this cluster's IPs exposed to the peer) (TunnelEnd), checks it (TunnelHealth) and reports on it
// (ConnectionReporter). Everything is read from informers and reconciled on this thread as one
// key: any change, or a failure retried with backoff (reset only after a good pass). The tunnel
// outlives the process, so a restarted gateway finds it running and changes nothing that works;
// it is taken down only when the gateway object goes (the gateway holds a finalizer until then).
class GatewayAgent : public QObject
{
    Q_OBJECT
public:
    struct Options {
        GatewayMode mode = GatewayMode::Server;
        QString name, ns, localClusterId, remoteClusterId;
        QString keysSecret;                 // empty: spec.secretRef, else wg-keys-<name>
        int mtu = kDefaultGatewayMtu;
        int listenPort = kDefaultGatewayPort;   // server; spec.endpoint.port wins
        QString endpoint;                   // client: used when spec.endpoint names none
        QString netns;                      // where the tunnel lives (empty: here)
        QString wireguardGo = defaultWireGuardGo();
        int healthIntervalMs = 1000;
        qint64 latencyReportMs = 10000;
        qint64 retryBaseMs = 500, retryCapMs = 30000;
        kube::MonotonicClock clock = kube::steadyClock();
        kube::RandomSource random = kube::defaultRandom();
        observe::Metrics *metrics = nullptr;
        QString fieldManager = QStringLiteral("spillway-gateway");
    };
    GatewayAgent(kube::KubeClient *client, Options options, QObject *parent = nullptr);
    ~GatewayAgent() override;

    void start();
    void stop();
    // One pass; public for tests.
    Result<void> reconcile();

    QString connectionState() const { return m_reporter.lastValue(); }
    // The pod's readiness: every informer listed and the last pass converged. Not "Connected": a
    // server must be Ready (an endpoint of its Service) before any client can reach it.
    bool ready() const { return m_ready; }
    const QString &waitingFor() const { return m_waitingFor; }
    quint64 passes() const { return m_passes; }

signals:
    void reconciled(bool ok);

private:
    void schedule(qint64 delayMs = 0);
    void runScheduled();
    bool informersSynced() const;
    Result<void> tearDown(const nlohmann::json *gateway);
    Result<void> annotateNetns(const nlohmann::json &meta);
    Result<QByteArray> ensureKeys(const nlohmann::json &gateway, const QString &secretName);
    Result<void> reportStatus(const nlohmann::json &gateway, const QString &secretName, const GatewayTunnel *tunnel);
    Result<void> ensureHealth(const GatewayTunnel &tunnel);
    void onHealth(TunnelHealth::State state);
    void exportTraffic(const QString &interfaceName);
    kube::ResourceRef gatewayResource() const;
    TunnelPlan basePlan() const;

    kube::KubeClient *m_client;
    Options m_o;
    ConnectionReporter m_reporter;
    kube::Backoff m_backoff;
    QTimer m_timer;
    std::unique_ptr<kube::Informer> m_gateway, m_publicKeys, m_configurations, m_ips;
    std::unique_ptr<TunnelHealth> m_health;
    QString m_healthPeer;
    QByteArray m_appliedFingerprint;    // of the tunnel last brought up by this process
    QByteArray m_privateKey;
    QString m_waitingFor;
    quint64 m_passes = 0;
    bool m_ready = false;
};

} // namespace spillway::network
