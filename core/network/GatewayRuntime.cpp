#include "network/GatewayRuntime.h"

#include "apis/networking/v1beta1/GatewayClient.h"
#include "apis/networking/v1beta1/GatewayServer.h"
#include "installer/LocalRuntime.h"
#include "kube/ApplyObject.h"
#include "kube/Finalizers.h"
#include "network/GatewayDeployment.h"

#include <QDateTime>
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
    if (!m_o.netns.isEmpty() && m_o.netns != QLatin1String("host"))
        args << QStringLiteral("--netns=") + m_o.netns;
    return args;
}

Error GatewayRuntime::notRun(const json &gateway, Error why)
{
    const json meta = gateway["metadata"];
    const QString ns = QString::fromStdString(meta.value("namespace", ""));
    const std::string now = QDateTime::currentDateTimeUtc().toString(Qt::ISODate).toStdString();
    const json event = {{"apiVersion", "v1"}, {"kind", "Event"},
                        {"metadata", {{"name", meta.value("name", "") + ".gateway-not-run." + meta.value("uid", "")}, {"namespace", ns.toStdString()}}},
                        {"involvedObject", {{"apiVersion", "networking.liqo.io/v1beta1"}, {"kind", m_mode == GatewayMode::Server ? "GatewayServer" : "GatewayClient"},
                                            {"name", meta.value("name", "")}, {"namespace", ns.toStdString()}, {"uid", meta.value("uid", "")}}},
                        {"reason", kNotRunReason}, {"message", (why.message + QStringLiteral("; ") + why.hint).toStdString()}, {"type", "Warning"},
                        {"source", {{"component", "spillway-controller-manager"}}}, {"firstTimestamp", now}, {"lastTimestamp", now}, {"count", 1}};
    (void)m_client.create(kube::resources::events(), ns, event);   // said once; the error is also logged
    return why;
}

Result<void> GatewayRuntime::releaseClusterRoleBinding(const QString &ns)
{
    // The tenant namespace's gateway identity goes with its last gateway.
    for (const auto &ref : {apis::networking::v1beta1::gatewayServerResource(), apis::networking::v1beta1::gatewayClientResource()}) {
        auto left = m_client.list(ref, ns);
        if (!left && !left.error().isNotFound())
            return left.error();
        if (left)
            for (const json &g : (*left)["items"])
                if (!g["metadata"].contains("deletionTimestamp"))
                    return {};
    }
    auto crbs = m_client.resolve(QStringLiteral("rbac.authorization.k8s.io/v1"), QStringLiteral("ClusterRoleBinding"));
    if (!crbs)
        return crbs.error();
    auto r = m_client.remove(*crbs, {}, gatewayClusterRoleBindingName(ns));
    return r || r.error().isNotFound() ? Result<void>() : Result<void>(r.error());
}

Result<void> GatewayRuntime::stopProcess(const QString &ns, const QString &name)
{
    if (!m_o.localRuntime)
        return releaseClusterRoleBinding(ns);   // the Deployment and Service are owned by the gateway object
    if (m_o.stateDir.isEmpty())
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

Result<void> GatewayRuntime::reportEndpoint(const json &gateway, const QString &address, int port)
{
    const json want = {{"addresses", json::array({address.toStdString()})}, {"port", port}, {"protocol", "UDP"}};
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
    // Deleted: the gateway runs on until it has taken its tunnel down and let go of the object.
    if (meta.contains("deletionTimestamp") && !kube::hasFinalizer(*gateway, kGatewayTunnelFinalizer))
        return stopProcess(ns, name);
    if (meta.value("labels", json::object()).value(kRemoteClusterIdLabel, "").empty())
        return Error::of(Error::Kind::Config, QStringLiteral("%1 %2/%3 has no %4 label: its gateway would not know its peer")
                                                  .arg(m_mode == GatewayMode::Server ? QStringLiteral("GatewayServer") : QStringLiteral("GatewayClient"), ns, name,
                                                       QLatin1String(kRemoteClusterIdLabel)),
                         QStringLiteral("spillctl network connect sets it; label the object with the peer's cluster ID"));
    if (!m_o.localRuntime)
        return runInCluster(*gateway);
    if (m_o.netns.isEmpty())
        return notRun(*gateway, Error::of(Error::Kind::Config, QStringLiteral("this cluster's controller manager has no network namespace for gateways, so %1/%2 is not run")
                                                                   .arg(ns, name),
                                          QStringLiteral("install with --set networking.gatewayNetns=NAME (a namespace `ip netns add` made), or =host to let "
                                                         "gateways change this machine's own routes; or peer with --networking-disabled")));
    if (m_mode == GatewayMode::Server && !m_o.endpointAddress.isEmpty()) {
        const json endpoint = (*gateway)["spec"].value("endpoint", json::object());
        if (auto r = reportEndpoint(*gateway, m_o.endpointAddress, endpoint.value("port", 0) > 0 ? endpoint.value("port", 0) : kDefaultGatewayPort); !r)
            return r;
    }
    installer::LocalRuntime runtime(m_o.stateDir, QDir(m_o.binDir).filePath(QStringLiteral("spillctl")));
    auto started = runtime.ensureRunning({gatewayComponentName(m_mode, ns, name), QDir(m_o.binDir).filePath(QStringLiteral("spillway-gateway")),
                                          gatewayArguments(*gateway)});
    return started ? Result<void>() : Result<void>(started.error());
}

// Before it took Liqo's gw-<name>, Spillway named a gateway's Deployment and Service after the
// gateway itself. The one of `kind` so named, if this gateway owns it (an upgraded cluster's).
Result<std::optional<json>> GatewayRuntime::unprefixedWorkload(const kube::ResourceRef &kind, const json &gateway)
{
    const json meta = gateway["metadata"];
    const std::string uid = meta.value("uid", "");
    auto old = m_client.get(kind, QString::fromStdString(meta.value("namespace", "")), QString::fromStdString(meta.value("name", "")));
    if (!old)
        return old.error().isNotFound() ? Result<std::optional<json>>(std::nullopt) : Result<std::optional<json>>(old.error());
    for (const json &o : (*old)["metadata"].value("ownerReferences", json::array()))
        if (!uid.empty() && o.value("uid", "") == uid)
            return std::optional<json>(*old);
    return std::optional<json>();
}

Result<void> GatewayRuntime::runInCluster(const json &gateway)
{
    const json meta = gateway["metadata"], spec = gateway.value("spec", json::object());
    const bool server = m_mode == GatewayMode::Server;
    const json ref = spec.value(server ? "serverTemplateRef" : "clientTemplateRef", json::object());
    auto templates = m_client.resolve(QStringLiteral("networking.liqo.io/v1beta1"), server ? QStringLiteral("WgGatewayServerTemplate") : QStringLiteral("WgGatewayClientTemplate"));
    if (!templates)
        return templates.error();
    const QString templateNs = QString::fromStdString(ref.value("namespace", m_o.liqoNamespace.toStdString()));
    const QString templateName = QString::fromStdString(ref.value("name", server ? "wireguard-server" : "wireguard-client"));
    auto tmpl = m_client.get(*templates, templateNs, templateName);
    if (!tmpl)
        return tmpl.error();
    const json endpoint = spec.value("endpoint", json::object());
    GatewayTemplateValues v;
    v.name = QString::fromStdString(meta.value("name", ""));
    v.ns = QString::fromStdString(meta.value("namespace", ""));
    v.remoteClusterId = QString::fromStdString(meta.value("labels", json::object()).value(kRemoteClusterIdLabel, ""));
    v.secretName = QString::fromStdString(spec.value("secretRef", json::object()).value("name", gatewayKeysSecretName(v.name).toStdString()));
    v.mtu = spec.value("mtu", 0) > 0 ? spec.value("mtu", 0) : kDefaultGatewayMtu;
    v.port = endpoint.value("port", 0) > 0 ? endpoint.value("port", 0) : kDefaultGatewayPort;
    const json addresses = endpoint.value("addresses", json::array());
    v.endpointAddress = addresses.is_array() && !addresses.empty() && addresses[0].is_string() ? QString::fromStdString(addresses[0].get<std::string>()) : QString();
    auto rendered = renderGatewayTemplate((*tmpl).value("spec", json::object()).value("template", json::object()), v);
    if (!rendered)
        return rendered.error();
    auto workload = gatewayWorkload(m_mode, gateway, *rendered);
    if (!workload)
        return workload.error();
    const QString fieldManager = QStringLiteral("spillway-controller-manager");
    for (const json &obj : {workload->serviceAccount, workload->clusterRoleBinding, workload->deployment})
        if (auto applied = kube::applyObject(m_client, obj, fieldManager); !applied)
            return applied.error();
    // An upgraded cluster's old gateway Deployment goes once the new one is applied (the pods
    // share the keys; the new one takes over). Its old Service stays: the peer dials its node
    // port or address, which a Service of another name would not keep.
    auto oldDeployment = unprefixedWorkload(kube::resources::deployments(), gateway);
    if (!oldDeployment)
        return oldDeployment.error();
    if (*oldDeployment)
        if (auto r = m_client.remove(kube::resources::deployments(), v.ns, v.name); !r && !r.error().isNotFound())
            return r.error();
    if (!server)
        return {};
    auto oldService = unprefixedWorkload(kube::resources::services(), gateway);
    if (!oldService)
        return oldService.error();
    if (*oldService)
        workload->service["metadata"]["name"] = v.name.toStdString();
    auto service = kube::applyObject(m_client, workload->service, fieldManager);
    if (!service)
        return service.error();
    // Where clients dial: what the Service offers.
    const json svcSpec = (*service).value("spec", json::object());
    const json port = svcSpec.value("ports", json::array()).empty() ? json::object() : svcSpec["ports"][0];
    const std::string type = svcSpec.value("type", "ClusterIP");
    if (type == "LoadBalancer") {
        const json ingress = (*service).value("status", json::object()).value("loadBalancer", json::object()).value("ingress", json::array());
        if (ingress.empty() || !ingress[0].contains("ip"))
            return {};   // not assigned yet: the Service's update is not watched, the resync brings us back
        return reportEndpoint(gateway, QString::fromStdString(ingress[0].value("ip", "")), port.value("port", v.port));
    }
    if (type == "NodePort") {
        QString address = m_o.endpointAddress;
        if (address.isEmpty()) {
            auto nodes = m_client.list(kube::resources::nodes(), {}, kube::withLabels(QStringLiteral("liqo.io/type!=virtual-node")));
            if (!nodes)
                return nodes.error();
            for (const json &n : (*nodes)["items"])
                for (const json &a : n.value("status", json::object()).value("addresses", json::array()))
                    if (address.isEmpty() && a.value("type", "") == "InternalIP")
                        address = QString::fromStdString(a.value("address", ""));
        }
        if (address.isEmpty())
            return Error::of(Error::Kind::Config, QStringLiteral("no node address to offer gateway server %1/%2 at").arg(v.ns, v.name),
                             QStringLiteral("install with --set networking.gatewayEndpointAddress=IP"));
        return reportEndpoint(gateway, address, port.value("nodePort", 0));
    }
    return reportEndpoint(gateway, QString::fromStdString(svcSpec.value("clusterIP", "")), port.value("port", v.port));
}

} // namespace spillway::network
