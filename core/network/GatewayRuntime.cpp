#include "network/GatewayRuntime.h"

#include "apis/networking/v1beta1/GatewayClient.h"
#include "apis/networking/v1beta1/GatewayServer.h"
#include "installer/LocalRuntime.h"

#include <QDir>

namespace spillway::network {

using nlohmann::json;

GatewayRuntime::GatewayRuntime(kube::KubeClient &client, GatewayMode mode, Options options) : m_client(client), m_mode(mode), m_o(std::move(options)) {}

QStringList GatewayRuntime::gatewayArguments(const json &gateway) const
{
    const json meta = gateway.value("metadata", json::object()), spec = gateway.value("spec", json::object());
    const json endpoint = spec.value("endpoint", json::object());
    QStringList args{QStringLiteral("--kubeconfig=") + QDir(m_o.stateDir).filePath(QStringLiteral("spillway-gateway/kubeconfig")),
                     QStringLiteral("--mode=") + gatewayModeName(m_mode),
                     QStringLiteral("--name=") + QString::fromStdString(meta.value("name", "")),
                     QStringLiteral("--namespace=") + QString::fromStdString(meta.value("namespace", "")),
                     QStringLiteral("--remote-cluster-id=") + QString::fromStdString(meta.value("labels", json::object()).value(kRemoteClusterIdLabel, "")),
                     QStringLiteral("--liqo-namespace=") + m_o.liqoNamespace,
                     QStringLiteral("--mtu=%1").arg(spec.value("mtu", 0) > 0 ? spec.value("mtu", 0) : kDefaultGatewayMtu)};
    if (m_mode == GatewayMode::Server)
        args << QStringLiteral("--listen-port=%1").arg(endpoint.value("port", 0) > 0 ? endpoint.value("port", 0) : kDefaultGatewayPort);
    if (const std::string secret = spec.value("secretRef", json::object()).value("name", ""); !secret.empty())
        args << QStringLiteral("--keys-secret=") + QString::fromStdString(secret);
    if (!m_o.netns.isEmpty())
        args << QStringLiteral("--netns=") + m_o.netns;
    return args;
}

Result<void> GatewayRuntime::stopProcess(const QString &ns, const QString &name)
{
    if (!m_o.localRuntime || m_o.stateDir.isEmpty())
        return {};
    installer::LocalRuntime runtime(m_o.stateDir, QDir(m_o.binDir).filePath(QStringLiteral("spillctl")));
    const QString component = gatewayComponentName(m_mode, ns, name);
    if (!QDir(runtime.dirOf(component)).exists())
        return {};
    if (auto r = runtime.stop(component); !r)
        return r.error();
    QDir(runtime.dirOf(component)).removeRecursively();
    return {};
}

Result<void> GatewayRuntime::reportEndpoint(const json &gateway)
{
    const json spec = gateway.value("spec", json::object());
    const int port = spec.value("endpoint", json::object()).value("port", 0) > 0 ? spec["endpoint"].value("port", 0) : kDefaultGatewayPort;
    const json want = {{"addresses", json::array({m_o.endpointAddress.toStdString()})}, {"port", port}, {"protocol", "UDP"}};
    if (gateway.value("status", json::object()).value("endpoint", json()) == want)
        return {};
    kube::PatchOptions po;
    po.subresource = QStringLiteral("status");
    auto r = m_client.patch(apis::networking::v1beta1::gatewayServerResource(), QString::fromStdString(gateway["metadata"].value("namespace", "")),
                            QString::fromStdString(gateway["metadata"].value("name", "")), kube::PatchType::Merge,
                            QByteArray::fromStdString(json{{"status", {{"endpoint", want}}}}.dump()), po);
    return r || r.error().isNotFound() ? Result<void>() : Result<void>(r.error());
}

Result<void> GatewayRuntime::reconcile(const QString &key)
{
    const QString ns = key.section(QLatin1Char('/'), 0, 0), name = key.section(QLatin1Char('/'), 1);
    const kube::ResourceRef resource = m_mode == GatewayMode::Server ? apis::networking::v1beta1::gatewayServerResource()
                                                                      : apis::networking::v1beta1::gatewayClientResource();
    auto gateway = m_client.get(resource, ns, name);
    if (!gateway)
        return gateway.error().isNotFound() ? stopProcess(ns, name) : Result<void>(gateway.error());
    const json meta = (*gateway)["metadata"];
    bool holdsTunnel = false;
    for (const auto &f : meta.value("finalizers", json::array()))
        holdsTunnel |= f == kGatewayTunnelFinalizer;
    // Deleted: the gateway runs on until it has taken its tunnel down and let go of the object.
    if (meta.contains("deletionTimestamp") && !holdsTunnel)
        return stopProcess(ns, name);
    if (meta.value("labels", json::object()).value(kRemoteClusterIdLabel, "").empty())
        return Error::of(Error::Kind::Config, QStringLiteral("%1 %2/%3 has no %4 label: its gateway would not know its peer")
                                                  .arg(m_mode == GatewayMode::Server ? QStringLiteral("GatewayServer") : QStringLiteral("GatewayClient"), ns, name,
                                                       QLatin1String(kRemoteClusterIdLabel)),
                         QStringLiteral("spillctl network connect sets it; label the object with the peer's cluster ID"));
    if (m_mode == GatewayMode::Server && !m_o.endpointAddress.isEmpty())
        if (auto r = reportEndpoint(*gateway); !r)
            return r;
    if (!m_o.localRuntime)
        return Error::of(Error::Kind::Config, QStringLiteral("gateways are run only by the local runtime so far; %1/%2 has no gateway").arg(ns, name),
                         QStringLiteral("install with --runtime local"));
    installer::LocalRuntime runtime(m_o.stateDir, QDir(m_o.binDir).filePath(QStringLiteral("spillctl")));
    auto started = runtime.ensureRunning({gatewayComponentName(m_mode, ns, name), QDir(m_o.binDir).filePath(QStringLiteral("spillway-gateway")),
                                          gatewayArguments(*gateway)});
    return started ? Result<void>() : Result<void>(started.error());
}

} // namespace spillway::network
