#include "network/ConnectionReporter.h"

#include "apis/networking/v1beta1/Connection.h"

namespace spillway::network {

using nlohmann::json;

namespace {
const std::vector<double> kLatencyBounds{0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1};
}

ConnectionReporter::ConnectionReporter(kube::KubeClient *client, Options options) : m_client(client), m_o(std::move(options))
{
    if (!m_o.metrics)
        return;
    m_o.metrics->describe("spillway_gateway_connected", "1 while pings cross the tunnel to the peer, else 0.", "gauge");
    m_o.metrics->describe("spillway_gateway_latency_seconds", "Round-trip time of the health pings through the tunnel.", "histogram");
    m_o.metrics->set("spillway_gateway_connected", 0, metricLabels(m_o.remoteClusterId));
}

std::string ConnectionReporter::metricLabels(const QString &remoteClusterId)
{
    return "remote_cluster_id=\"" + remoteClusterId.toStdString() + "\"";
}

QString ConnectionReporter::formatLatency(qint64 latencyUs)
{
    return QString::number(double(latencyUs) / 1000.0, 'f', 3) + QStringLiteral("ms");
}

Result<void> ConnectionReporter::ensure(const json &gateway)
{
    if (m_exists)
        return {};
    const auto connections = apis::networking::v1beta1::connectionResource();
    const json meta = gateway.value("metadata", json::object());
    const std::string kind = m_o.mode == GatewayMode::Server ? "GatewayServer" : "GatewayClient";
    const json connection = {
        {"apiVersion", "networking.liqo.io/v1beta1"}, {"kind", "Connection"},
        {"metadata", {{"name", m_o.gatewayName.toStdString()}, {"namespace", m_o.ns.toStdString()},
                      {"labels", {{kRemoteClusterIdLabel, m_o.remoteClusterId.toStdString()}, {kGatewayResourceLabel, "true"}}},
                      {"ownerReferences", json::array({{{"apiVersion", "networking.liqo.io/v1beta1"}, {"kind", kind}, {"name", meta.value("name", "")},
                                                        {"uid", meta.value("uid", "")}, {"controller", true}}})}}},
        {"spec", {{"type", m_o.mode == GatewayMode::Server ? "Server" : "Client"},
                  {"gatewayRef", {{"apiVersion", "networking.liqo.io/v1beta1"}, {"kind", kind}, {"name", meta.value("name", "")},
                                  {"namespace", meta.value("namespace", "")}, {"uid", meta.value("uid", "")}}}}}};
    auto created = m_client->create(connections, m_o.ns, connection);
    if (!created && !created.error().isAlreadyExists())
        return created.error();
    if (!created) {
        // Left by an earlier process of this gateway: carry on from what it says.
        auto existing = m_client->get(connections, m_o.ns, m_o.gatewayName);
        if (!existing)
            return existing.error();
        m_written = QString::fromStdString((*existing).value("status", json::object()).value("value", ""));
    }
    m_exists = true;
    return {};
}

Result<void> ConnectionReporter::report(const QString &value, qint64 latencyUs)
{
    if (m_o.metrics) {
        const std::string labels = metricLabels(m_o.remoteClusterId);
        m_o.metrics->set("spillway_gateway_connected", value == QLatin1String("Connected") ? 1 : 0, labels);
        if (latencyUs >= 0)
            m_o.metrics->observe("spillway_gateway_latency_seconds", double(latencyUs) / 1e6, kLatencyBounds, labels);
    }
    if (!m_exists)
        return {};
    const bool changed = value != m_written;
    const bool latencyDue = latencyUs >= 0 && (m_writtenAtMs < 0 || m_o.clock() - m_writtenAtMs >= m_o.latencyReportMs);
    if (!changed && !latencyDue)
        return {};
    return writeStatus(value, latencyUs);
}

Result<void> ConnectionReporter::writeStatus(const QString &value, qint64 latencyUs)
{
    json status = {{"value", value.toStdString()}};
    if (latencyUs >= 0)
        status["latency"] = {{"value", formatLatency(latencyUs).toStdString()},
                             {"timestamp", m_o.now().toString(Qt::ISODate).toStdString()}};
    kube::PatchOptions po;
    po.subresource = QStringLiteral("status");
    auto r = m_client->patch(apis::networking::v1beta1::connectionResource(), m_o.ns, m_o.gatewayName, kube::PatchType::Merge,
                             QByteArray::fromStdString(json{{"status", status}}.dump()), po);
    if (!r) {
        if (r.error().isNotFound())
            m_exists = false;   // deleted under us: made again at the next reconcile
        return r.error();
    }
    m_written = value;
    if (latencyUs >= 0)
        m_writtenAtMs = m_o.clock();
    return {};
}

} // namespace spillway::network
