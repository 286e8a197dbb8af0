#include "network/GatewayAgent.h"

#include "apis/ipam/v1alpha1/IP.h"
#include "apis/networking/v1beta1/Configuration.h"
#include "apis/networking/v1beta1/GatewayClient.h"
#include "apis/networking/v1beta1/GatewayServer.h"
#include "apis/networking/v1beta1/PublicKey.h"
#include "kube/Controller.h"
#include "kube/PokingInformer.h"
#include "kube/Finalizers.h"
#include "kube/Resource.h"
#include "network/WireGuardKey.h"
#include "observe/Log.h"

#include <QCryptographicHash>
#include <QHostInfo>

namespace spillway::network {

using nlohmann::json;

namespace {
const QString kComponent = QStringLiteral("gateway");

QByteArray fingerprintOf(const GatewayTunnel &t, int mtu)
{
    QByteArray text = uapiSetRequest(t.wireguard) + nftRuleset(t.plan).toUtf8() + t.plan.tunnelAddress.toUtf8() + QByteArray::number(mtu);
    for (const QStringList &args : routeCommands(t.plan))
        text += args.join(QLatin1Char(' ')).toUtf8() + '\n';
    return QCryptographicHash::hash(text, QCryptographicHash::Sha256);
}

std::optional<json> firstIn(const kube::Informer &informer)
{
    const auto items = informer.store().list();
    if (items.empty())
        return std::nullopt;
    return items.front();
}
} // namespace

GatewayAgent::GatewayAgent(kube::KubeClient *client, Options options, QObject *parent)
    : QObject(parent), m_client(client), m_o(std::move(options)),
      m_reporter(client, {m_o.mode, m_o.ns, m_o.name, m_o.remoteClusterId, m_o.latencyReportMs, m_o.clock,
                          [] { return QDateTime::currentDateTimeUtc(); }, m_o.metrics}),
      m_backoff(m_o.retryBaseMs, m_o.retryCapMs, 2.0, 0.5, m_o.random)
{
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, &GatewayAgent::runScheduled);
}

GatewayAgent::~GatewayAgent()
{
    stop();
}

kube::ResourceRef GatewayAgent::gatewayResource() const
{
    return m_o.mode == GatewayMode::Server ? apis::networking::v1beta1::gatewayServerResource() : apis::networking::v1beta1::gatewayClientResource();
}

TunnelPlan GatewayAgent::basePlan() const
{
    TunnelPlan p;
    p.localClusterId = m_o.localClusterId;
    p.peerClusterId = m_o.remoteClusterId;
    p.interfaceName = tunnelInterfaceName(m_o.localClusterId, m_o.remoteClusterId);
    p.routingTable = routingTableFor(m_o.remoteClusterId);
    return p;
}

void GatewayAgent::start()
{
    auto watch = [this](kube::ResourceRef resource, kube::Informer::Options o) {
        return kube::startPokingInformer(m_client, std::move(resource), std::move(o), this, [this] { schedule(); });
    };
    kube::Informer::Options own;
    own.ns = m_o.ns;
    own.fieldSelector = QStringLiteral("metadata.name=") + m_o.name;
    kube::Informer::Options aboutPeer;
    aboutPeer.ns = m_o.ns;
    aboutPeer.labelSelector = QStringLiteral("%1=%2").arg(QLatin1String(kRemoteClusterIdLabel), m_o.remoteClusterId);
    m_gateway = watch(gatewayResource(), own);
    m_publicKeys = watch(apis::networking::v1beta1::publicKeyResource(), aboutPeer);
    m_configurations = watch(apis::networking::v1beta1::configurationResource(), aboutPeer);
    // IPs live in any namespace (Liqo makes them beside what they stand for).
    m_ips = watch(apis::ipam::v1alpha1::ipResource(), {});
}

void GatewayAgent::stop()
{
    m_timer.stop();
    for (auto *informer : {m_gateway.get(), m_publicKeys.get(), m_configurations.get(), m_ips.get()})
        if (informer)
            informer->stop();
    if (m_health)
        m_health->stop();
}

void GatewayAgent::schedule(qint64 delayMs)
{
    if (m_timer.isActive() && m_timer.remainingTime() <= delayMs)
        return;
    m_timer.start(int(delayMs));
}

bool GatewayAgent::informersSynced() const
{
    for (const kube::Informer *informer : {m_gateway.get(), m_publicKeys.get(), m_configurations.get(), m_ips.get()})
        if (!informer || !informer->hasSynced())
            return false;
    return true;
}

void GatewayAgent::runScheduled()
{
    auto r = kube::guarded(QStringLiteral("gateway %1/%2").arg(m_o.ns, m_o.name), [this] { return reconcile(); });
    if (r) {
        m_backoff.reset();
    } else {
        const qint64 delay = m_backoff.next();
        observe::log("warning", kComponent, r.error().toString(), {{"gateway", m_o.ns + QLatin1Char('/') + m_o.name}, {"retryMs", QString::number(delay)}});
        schedule(delay);
    }
    m_ready = r.ok() && informersSynced();
    emit reconciled(r.ok());
}

Result<void> GatewayAgent::reconcile()
{
    ++m_passes;
    // Until all are listed an absent object means "not known yet", not "gone".
    if (!informersSynced())
        return {};
    const std::optional<json> gateway = m_gateway->store().get(m_o.ns + QLatin1Char('/') + m_o.name);
    if (!gateway)
        return tearDown(nullptr);
    const json meta = gateway->value("metadata", json::object());
    if (meta.contains("deletionTimestamp"))
        return tearDown(&*gateway);
    if (auto r = kube::addFinalizer(*m_client, gatewayResource(), *gateway, kGatewayTunnelFinalizer); !r)
        return r;
    if (auto r = annotateNetns(meta); !r)
        return r;

    const json spec = gateway->value("spec", json::object());
    QString secretName = QString::fromStdString(spec.value("secretRef", json::object()).value("name", ""));
    if (secretName.isEmpty())
        secretName = m_o.keysSecret.isEmpty() ? gatewayKeysSecretName(m_o.name) : m_o.keysSecret;
    if (m_privateKey.isEmpty()) {
        auto key = ensureKeys(*gateway, secretName);
        if (!key)
            return key.error();
        m_privateKey = *key;
    }
    if (auto r = m_reporter.ensure(*gateway); !r)
        return r;

    GatewayInputs in;
    in.mode = m_o.mode;
    in.localClusterId = m_o.localClusterId;
    in.remoteClusterId = m_o.remoteClusterId;
    in.privateKey = m_privateKey;
    in.configuration = firstIn(*m_configurations).value_or(json());
    in.publicKey = firstIn(*m_publicKeys).value_or(json());
    in.ips = m_ips->store().list();
    const json endpoint = spec.value("endpoint", json::object());
    in.listenPort = endpoint.value("port", 0) > 0 ? endpoint.value("port", 0) : m_o.listenPort;
    const json addresses = endpoint.value("addresses", json::array());
    in.endpoint = addresses.is_array() && !addresses.empty() && addresses[0].is_string()
                      ? QStringLiteral("%1:%2").arg(QString::fromStdString(addresses[0].get<std::string>())).arg(in.listenPort)
                      : m_o.endpoint;
    auto tunnel = planGatewayTunnel(in);
    if (!tunnel)
        return tunnel.error();
    if (!tunnel->waitingFor.isEmpty()) {
        if (tunnel->waitingFor != m_waitingFor)
            observe::log("info", kComponent, QStringLiteral("waiting: ") + tunnel->waitingFor, {{"gateway", m_o.ns + QLatin1Char('/') + m_o.name}});
        m_waitingFor = tunnel->waitingFor;
        if (auto r = m_reporter.report(QStringLiteral("Connecting")); !r)
            return r;
        return reportStatus(*gateway, secretName, nullptr);
    }
    m_waitingFor.clear();

    TunnelEnd end({tunnel->plan, tunnel->wireguard, m_o.mtu, m_o.wireguardGo, HostCommands(m_o.netns)});
    const QByteArray fingerprint = fingerprintOf(*tunnel, m_o.mtu);
    if (fingerprint != m_appliedFingerprint || !end.deviceExists()) {
        if (auto r = end.up(); !r)
            return r;
        m_appliedFingerprint = fingerprint;
        exportTraffic(tunnel->plan.interfaceName);
        observe::log("info", kComponent, QStringLiteral("tunnel up"),
                     {{"interface", tunnel->plan.interfaceName}, {"peer", m_o.remoteClusterId}, {"address", tunnel->plan.tunnelAddress}});
    }
    if (auto r = ensureHealth(*tunnel); !r)
        return r;
    return reportStatus(*gateway, secretName, &*tunnel);
}

Result<void> GatewayAgent::annotateNetns(const json &meta)
{
    const json annotations = meta.value("annotations", json::object());
    const std::string want = m_o.netns.toStdString();
    if (m_o.netns.isEmpty() || (annotations.is_object() && annotations.value(kGatewayNetnsAnnotation, "") == want))
        return {};
    const json patch = {{"metadata", {{"annotations", {{kGatewayNetnsAnnotation, want}}}}}};
    kube::PatchOptions po;
    po.fieldManager = m_o.fieldManager;
    auto r = m_client->patch(gatewayResource(), m_o.ns, m_o.name, kube::PatchType::Merge, QByteArray::fromStdString(patch.dump()), po);
    return r ? Result<void>() : Result<void>(r.error());
}

Result<void> GatewayAgent::tearDown(const json *gateway)
{
    if (m_health) {
        m_health->stop();
        m_health.reset();
        m_healthPeer.clear();
    }
    TunnelEnd end({basePlan(), {}, m_o.mtu, m_o.wireguardGo, HostCommands(m_o.netns)});
    if (!m_appliedFingerprint.isEmpty() || end.deviceExists() || gateway) {
        if (auto r = end.down(); !r)
            return r;
        m_appliedFingerprint.clear();
        observe::log("info", kComponent, QStringLiteral("tunnel down"), {{"interface", basePlan().interfaceName}, {"peer", m_o.remoteClusterId}});
    }
    return gateway ? kube::removeFinalizer(*m_client, gatewayResource(), *gateway, kGatewayTunnelFinalizer) : Result<void>();
}

Result<QByteArray> GatewayAgent::ensureKeys(const json &gateway, const QString &secretName)
{
    auto existing = m_client->get(kube::resources::secrets(), m_o.ns, secretName);
    if (existing) {
        const QByteArray key = QByteArray::fromBase64(QByteArray::fromStdString((*existing).value("data", json::object()).value("privateKey", "")));
        if (key.size() != 32)
            return Error::of(Error::Kind::Config, QStringLiteral("Secret %1/%2 holds no 32-byte WireGuard privateKey").arg(m_o.ns, secretName),
                             QStringLiteral("delete it: the gateway makes a new key pair (and spillctl network connect exchanges it again)"));
        return key;
    }
    if (!existing.error().isNotFound())
        return existing.error();
    auto pair = generateWireGuardKey();
    if (!pair)
        return pair.error();
    const json meta = gateway.value("metadata", json::object());
    const json secret = {
        {"apiVersion", "v1"}, {"kind", "Secret"}, {"type", "Opaque"},
        {"metadata", {{"name", secretName.toStdString()}, {"namespace", m_o.ns.toStdString()},
                      {"labels", {{kGatewayNameLabel, m_o.name.toStdString()}, {kRemoteClusterIdLabel, m_o.remoteClusterId.toStdString()},
                                  {kGatewayResourceLabel, "true"}}},
                      {"ownerReferences", json::array({{{"apiVersion", "networking.liqo.io/v1beta1"},
                                                        {"kind", m_o.mode == GatewayMode::Server ? "GatewayServer" : "GatewayClient"},
                                                        {"name", meta.value("name", "")}, {"uid", meta.value("uid", "")}}})}}},
        {"data", {{"privateKey", pair->privateKey.toBase64().toStdString()}, {"publicKey", pair->publicKey.toBase64().toStdString()}}}};
    auto created = m_client->create(kube::resources::secrets(), m_o.ns, secret);
    if (!created)
        return created.error();   // AlreadyExists (a race with an earlier process): read it next pass
    return pair->privateKey;
}

Result<void> GatewayAgent::reportStatus(const json &gateway, const QString &secretName, const GatewayTunnel *tunnel)
{
    const json status = gateway.value("status", json::object());
    json want = {{"secretRef", {{"name", secretName.toStdString()}, {"namespace", m_o.ns.toStdString()}}}};
    if (tunnel)
        want["internalEndpoint"] = {{"ip", tunnel->plan.tunnelAddress.section(QLatin1Char('/'), 0, 0).toStdString()},
                                    {"node", QHostInfo::localHostName().toStdString()}};
    bool same = true;
    for (const auto &[key, value] : want.items())
        same &= status.contains(key) && status[key] == value;
    if (same)
        return {};
    kube::PatchOptions po;
    po.subresource = QStringLiteral("status");
    auto r = m_client->patch(gatewayResource(), m_o.ns, m_o.name, kube::PatchType::Merge, QByteArray::fromStdString(json{{"status", want}}.dump()), po);
    return r || r.error().isNotFound() ? Result<void>() : Result<void>(r.error());
}

Result<void> GatewayAgent::ensureHealth(const GatewayTunnel &tunnel)
{
    if (m_health && m_healthPeer == tunnel.peerTunnelAddress)
        return {};
    if (m_health)
        m_health->stop();
    TunnelHealth::Options ho;
    ho.clusterId = m_o.localClusterId;
    ho.netns = m_o.netns;
    ho.localAddress = QHostAddress(tunnel.plan.tunnelAddress.section(QLatin1Char('/'), 0, 0));
    ho.peerAddress = QHostAddress(tunnel.peerTunnelAddress);
    ho.intervalMs = m_o.healthIntervalMs;
    ho.clock = m_o.clock;
    m_health = std::make_unique<TunnelHealth>(ho);
    connect(m_health.get(), &TunnelHealth::stateChanged, this, &GatewayAgent::onHealth);
    connect(m_health.get(), &TunnelHealth::latencyMeasured, this, [this](qint64 us) {
        if (auto r = m_reporter.report(TunnelHealth::stateName(m_health->state()), us); !r)
            observe::log("warning", kComponent, r.error().toString());
    });
    if (auto r = m_health->start(); !r) {
        m_health.reset();
        return r;
    }
    m_healthPeer = tunnel.peerTunnelAddress;
    return {};
}

void GatewayAgent::exportTraffic(const QString &interfaceName)
{
    if (!m_o.metrics)
        return;
    // Read from the device at scrape time, so the figures are the device's own.
    const std::string labels = ConnectionReporter::metricLabels(m_o.remoteClusterId);
    for (const auto &[name, help, rx] : {std::tuple{"spillway_gateway_rx_bytes_total", "Bytes received from the peer through the tunnel.", true},
                                         std::tuple{"spillway_gateway_tx_bytes_total", "Bytes sent to the peer through the tunnel.", false}}) {
        m_o.metrics->describe(name, help, "counter");
        m_o.metrics->setCallback(name, [socket = uapiSocketPath(interfaceName), rx = rx]() -> double {
            auto peers = WireGuardUapi(socket, 1000).get();
            double total = 0;
            if (peers)
                for (const WireGuardPeerStatus &p : *peers)
                    total += double(rx ? p.rxBytes : p.txBytes);
            return total;
        }, labels);
    }
}

void GatewayAgent::onHealth(TunnelHealth::State state)
{
    observe::log("info", kComponent, QStringLiteral("tunnel ") + TunnelHealth::stateName(state), {{"peer", m_o.remoteClusterId}});
    if (auto r = m_reporter.report(TunnelHealth::stateName(state)); !r) {
        observe::log("warning", kComponent, r.error().toString());
        schedule(m_backoff.next());   // the Connection may be gone: the next pass makes it again
    }
}

} // namespace spillway::network
