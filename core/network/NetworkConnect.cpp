#include "network/NetworkConnect.h"

#include "apis/networking/v1beta1/Configuration.h"
#include "apis/networking/v1beta1/Connection.h"
#include "apis/networking/v1beta1/GatewayClient.h"
#include "apis/networking/v1beta1/GatewayServer.h"
#include "apis/networking/v1beta1/PublicKey.h"
#include "installer/Manifests.h"
#include "kube/Resource.h"
#include "network/GatewayRuntime.h"
#include "network/NetworkInit.h"
#include "network/PollUntil.h"
#include "peering/PeeringNames.h"

#include <QDateTime>

namespace spillway::network {

using nlohmann::json;

namespace {

json templateRef(const char *kind, const char *name, const QString &liqoNamespace)
{
    return {{"apiVersion", "networking.liqo.io/v1beta1"}, {"kind", kind}, {"name", name}, {"namespace", liqoNamespace.toStdString()}};
}

json labelsFor(const QString &peerId)
{
    return {{kRemoteClusterIdLabel, peerId.toStdString()}, {kGatewayResourceLabel, "true"}};
}

// The base64 public key a gateway keeps in its keys Secret (named in its status).
Result<std::string> publicKeyOf(kube::KubeClient &client, const json &gateway)
{
    const json ref = gateway.value("status", json::object()).value("secretRef", json::object());
    auto secret = client.get(kube::resources::secrets(), QString::fromStdString(gateway["metadata"].value("namespace", "")),
                             QString::fromStdString(ref.value("name", "")));
    if (!secret)
        return secret.error();
    const std::string key = (*secret).value("data", json::object()).value("publicKey", "");
    if (key.empty())
        return Error::of(Error::Kind::Config, QStringLiteral("Secret %1 has no publicKey").arg(QString::fromStdString(ref.value("name", ""))));
    return key;
}

// A controller manager that could not run a gateway says why in an Event on its object.
Result<void> checkNotRun(kube::KubeClient &client, const QString &clusterId, const QString &ns, const QString &name)
{
    kube::ListOptions o;
    o.fieldSelector = QStringLiteral("involvedObject.name=%1,reason=%2").arg(name, QLatin1String(GatewayRuntime::kNotRunReason));
    auto events = client.list(kube::resources::events(), ns, o);
    if (!events || (*events)["items"].empty())
        return {};
    return Error::of(Error::Kind::Config, QStringLiteral("cluster %1: %2").arg(clusterId, QString::fromStdString((*events)["items"][0].value("message", ""))));
}

} // namespace

NetworkConnect::NetworkConnect(End client, End server, Options options) : m_client(client), m_server(server), m_o(std::move(options)) {}

Result<void> NetworkConnect::readIds()
{
    if (!m_clientId.isEmpty())
        return {};   // unpeer asks connected(), disconnect() and reset() of one instance
    auto ids = NetworkInit::clusterIds(m_client, m_server);
    if (!ids)
        return ids.error();
    std::tie(m_clientId, m_serverId) = *ids;
    return {};
}

QString NetworkConnect::serverServiceType() const
{
    if (!m_o.serverServiceType.isEmpty())
        return m_o.serverServiceType;
    auto record = m_server.client->get(kube::resources::configMaps(), m_server.liqoNamespace, QString::fromLatin1(installer::names::kInstallRecord));
    if (record)
        if (auto parsed = installer::parseInstallRecord(*record); parsed && !parsed->gatewayServiceType.isEmpty())
            return parsed->gatewayServiceType;
    return QStringLiteral("NodePort");   // what installs before the distribution presets chose
}

Result<NetworkConnect::Outcome> NetworkConnect::connect()
{
    const qint64 deadline = QDateTime::currentMSecsSinceEpoch() + m_o.timeoutMs;
    const PollBudget budget{.deadlineMs = deadline, .pollMs = m_o.pollMs, .cancelled = m_o.cancelled, .undo = QStringLiteral("`spillctl network disconnect`"),
                            .timeoutHint = QStringLiteral("check that both controller managers run their gateways (spillctl info; the gateway's log in the "
                                                          "state folder) and raise --timeout")};
    if (auto r = readIds(); !r)
        return r.error();
    NetworkInit::Options io;
    io.timeoutMs = m_o.timeoutMs;
    io.pollMs = m_o.pollMs;
    io.cancelled = m_o.cancelled;
    io.progress = m_o.progress;
    io.fieldManager = m_o.fieldManager;
    if (auto init = NetworkInit({m_client.client, m_client.liqoNamespace}, {m_server.client, m_server.liqoNamespace}, io).run(); !init)
        return init.error();

    const QString serverNs = peering::tenantNamespace(m_clientId), clientNs = peering::tenantNamespace(m_serverId);
    const auto servers = apis::networking::v1beta1::gatewayServerResource(), clients = apis::networking::v1beta1::gatewayClientResource();
    const QString serviceType = serverServiceType();
    const json server = {{"apiVersion", "networking.liqo.io/v1beta1"}, {"kind", "GatewayServer"},
                         {"metadata", {{"name", m_clientId.toStdString()}, {"namespace", serverNs.toStdString()}, {"labels", labelsFor(m_clientId)}}},
                         {"spec", {{"mtu", m_o.mtu},
                                   {"endpoint", {{"port", m_o.port}, {"serviceType", serviceType.toStdString()}}},
                                   {"serverTemplateRef", templateRef("WgGatewayServerTemplate", "wireguard-server", m_server.liqoNamespace)}}}};
    if (auto r = m_server.client->apply(servers, serverNs, server, m_o.fieldManager, true); !r)
        return r.error();
    m_o.progress(QStringLiteral("%1: GatewayServer %2 applied").arg(m_serverId, m_clientId));

    json serverNow;
    if (auto r = pollUntil(QStringLiteral("cluster %1's gateway server to report its endpoint and key").arg(m_serverId), [&]() -> Result<bool> {
            auto s = m_server.client->get(servers, serverNs, m_clientId);
            if (!s)
                return s.error();
            if (auto notRun = checkNotRun(*m_server.client, m_serverId, serverNs, m_clientId); !notRun)
                return notRun.error();
            serverNow = *s;
            const json status = s->value("status", json::object());
            return !status.value("endpoint", json::object()).value("addresses", json::array()).empty()
                   && !status.value("secretRef", json::object()).value("name", "").empty();
        }, budget);
        !r)
        return r.error();
    const json endpoint = serverNow["status"]["endpoint"];
    Outcome out;
    out.clientCluster = m_clientId;
    out.serverCluster = m_serverId;
    out.endpoint = QStringLiteral("%1:%2").arg(QString::fromStdString(endpoint["addresses"][0].get<std::string>())).arg(endpoint.value("port", 0));

    const json client = {{"apiVersion", "networking.liqo.io/v1beta1"}, {"kind", "GatewayClient"},
                         {"metadata", {{"name", m_serverId.toStdString()}, {"namespace", clientNs.toStdString()}, {"labels", labelsFor(m_serverId)}}},
                         {"spec", {{"mtu", m_o.mtu},
                                   {"endpoint", endpoint},
                                   {"clientTemplateRef", templateRef("WgGatewayClientTemplate", "wireguard-client", m_client.liqoNamespace)}}}};
    if (auto r = m_client.client->apply(clients, clientNs, client, m_o.fieldManager, true); !r)
        return r.error();
    m_o.progress(QStringLiteral("%1: GatewayClient %2 applied, dialling %3").arg(m_clientId, m_serverId, out.endpoint));
    json clientNow;
    if (auto r = pollUntil(QStringLiteral("cluster %1's gateway client to report its key").arg(m_clientId), [&]() -> Result<bool> {
            auto c = m_client.client->get(clients, clientNs, m_serverId);
            if (!c)
                return c.error();
            if (auto notRun = checkNotRun(*m_client.client, m_clientId, clientNs, m_serverId); !notRun)
                return notRun.error();
            clientNow = *c;
            return !c->value("status", json::object()).value("secretRef", json::object()).value("name", "").empty();
        }, budget);
        !r)
        return r.error();

    // Each side's key goes to the other, as a PublicKey named after its cluster.
    auto serverKey = publicKeyOf(*m_server.client, serverNow);
    if (!serverKey)
        return serverKey.error();
    auto clientKey = publicKeyOf(*m_client.client, clientNow);
    if (!clientKey)
        return clientKey.error();
    const auto keys = apis::networking::v1beta1::publicKeyResource();
    for (const auto &[target, ns, owner, key] : {std::tuple{m_server.client, serverNs, m_clientId, *clientKey}, std::tuple{m_client.client, clientNs, m_serverId, *serverKey}}) {
        const json pk = {{"apiVersion", "networking.liqo.io/v1beta1"}, {"kind", "PublicKey"},
                         {"metadata", {{"name", owner.toStdString()}, {"namespace", ns.toStdString()}, {"labels", labelsFor(owner)}}},
                         {"spec", {{"publicKey", key}}}};
        if (auto r = target->apply(keys, ns, pk, m_o.fieldManager, true); !r)
            return r.error();
    }
    m_o.progress(QStringLiteral("public keys exchanged"));

    const auto connections = apis::networking::v1beta1::connectionResource();
    for (const auto &[end, id, ns, name, latency] : {std::tuple{m_client, m_clientId, clientNs, m_serverId, &out.clientLatency},
                                                     std::tuple{m_server, m_serverId, serverNs, m_clientId, &out.serverLatency}}) {
        // Named copies: a lambda may not capture structured bindings before clang 16.
        kube::KubeClient *client = end.client;
        const QString connNs = ns, connName = name;
        QString *latencyOut = latency;
        if (auto r = pollUntil(QStringLiteral("cluster %1's Connection %2 to be Connected").arg(id, name), [&]() -> Result<bool> {
                auto c = client->get(connections, connNs, connName);
                if (!c)
                    return c.error().isNotFound() ? Result<bool>(false) : Result<bool>(c.error());
                const json status = c->value("status", json::object());
                *latencyOut = QString::fromStdString(status.value("latency", json::object()).value("value", ""));
                return status.value("value", "") == "Connected";
            }, budget);
            !r)
            return r.error();
        m_o.progress(QStringLiteral("%1: Connection %2 is Connected").arg(id, name));
    }
    return out;
}

Result<void> NetworkConnect::disconnect()
{
    const qint64 deadline = QDateTime::currentMSecsSinceEpoch() + m_o.timeoutMs;
    const PollBudget budget{.deadlineMs = deadline, .pollMs = m_o.pollMs, .cancelled = m_o.cancelled, .undo = {},
                            .timeoutHint = QStringLiteral("a gateway holds its object until its tunnel is down: check that it runs (spillctl info)")};
    if (auto r = readIds(); !r)
        return r.error();
    // Either cluster may have dialled: whatever gateway either has for the other goes.
    const auto servers = apis::networking::v1beta1::gatewayServerResource(), clients = apis::networking::v1beta1::gatewayClientResource();
    const auto keys = apis::networking::v1beta1::publicKeyResource();
    for (const auto &[end, id, peer] : {std::tuple{m_client, m_clientId, m_serverId}, std::tuple{m_server, m_serverId, m_clientId}}) {
        const QString ns = peering::tenantNamespace(peer);
        for (const kube::ResourceRef &ref : {clients, servers, keys})
            if (auto r = end.client->remove(ref, ns, peer); !r && !r.error().isNotFound())
                return r.error();
        kube::KubeClient *client = end.client;
        if (auto r = pollUntil(QStringLiteral("cluster %1's gateway to take its tunnel down").arg(id), [&, ns = ns, peer = peer]() -> Result<bool> {
                for (const kube::ResourceRef &ref : {clients, servers}) {
                    auto g = client->get(ref, ns, peer);
                    if (g)
                        return false;
                    if (!g.error().isNotFound())
                        return g.error();
                }
                return true;
            }, budget);
            !r)
            return r.error();
        m_o.progress(QStringLiteral("%1: gateway and key removed, tunnel down").arg(id));
    }
    return {};
}

Result<QStringList> NetworkConnect::reset()
{
    if (auto r = readIds(); !r)
        return r.error();
    QStringList out;
    for (const auto &[end, self, other] : {std::tuple{m_client, m_clientId, m_serverId}, std::tuple{m_server, m_serverId, m_clientId}}) {
        auto r = end.client->remove(apis::networking::v1beta1::configurationResource(), peering::tenantNamespace(other), other);
        if (!r && !r.error().isNotFound())
            return r.error();
        out << QStringLiteral("%1: %2").arg(self, r ? QStringLiteral("removed Configuration %1").arg(other) : QStringLiteral("no Configuration for %1").arg(other));
    }
    return out;
}

Result<bool> NetworkConnect::connected()
{
    if (auto r = readIds(); !r)
        return r.error();
    for (const auto &[end, peer] : {std::pair{m_client, m_serverId}, std::pair{m_server, m_clientId}})
        for (const kube::ResourceRef &ref : {apis::networking::v1beta1::gatewayClientResource(), apis::networking::v1beta1::gatewayServerResource()}) {
            auto g = end.client->get(ref, peering::tenantNamespace(peer), peer);
            if (g)
                return true;
            if (!g.error().isNotFound())
                return g.error();
        }
    return false;
}

} // namespace spillway::network
