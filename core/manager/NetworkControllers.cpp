#include "manager/NetworkControllers.h"

#include "apis/ipam/v1alpha1/IP.h"
#include "apis/ipam/v1alpha1/Network.h"
#include "apis/networking/v1beta1/Configuration.h"
#include "apis/networking/v1beta1/GatewayClient.h"
#include "apis/networking/v1beta1/GatewayServer.h"
#include "ipam/Labels.h"
#include "network/GatewayDeployment.h"

namespace spillway::manager {

using nlohmann::json;

namespace {

// "ns/name" of the object's owner of KIND, or empty.
QString ownerKey(const json &object, const char *kind)
{
    const json meta = object.value("metadata", json::object());
    for (const json &owner : meta.value("ownerReferences", json::array()))
        if (owner.value("kind", "") == kind)
            return QString::fromStdString(meta.value("namespace", "") + "/" + owner.value("name", ""));
    return {};
}

} // namespace

NetworkControllers::NetworkControllers(kube::KubeClient *client, Options options)
    : m_networks(std::make_unique<ipam::NetworkReconciler>(*client)),
      m_configurations(std::make_unique<ipam::ConfigurationReconciler>(*client, options.liqoNamespace)),
      m_ips(std::make_unique<ipam::IPReconciler>(*client, options.liqoNamespace)),
      m_servers(std::make_unique<network::GatewayRuntime>(*client, network::GatewayMode::Server, options.gateways)),
      m_clients(std::make_unique<network::GatewayRuntime>(*client, network::GatewayMode::Client, options.gateways))
{
    // One worker: the IPAM decides one Network at a time anyway (it holds a lock).
    m_networkLoop = std::make_unique<ReconcileLoop>(QStringLiteral("ipam-network"), client,
                                                    [this](const QString &key) { return m_networks->reconcile(key); }, 1);
    m_networkLoop->watch(apis::ipam::v1alpha1::networkResource());
    m_ipLoop = std::make_unique<ReconcileLoop>(QStringLiteral("ipam-ip"), client, [this](const QString &key) { return m_ips->reconcile(key); }, 1);
    m_ipLoop->watch(apis::ipam::v1alpha1::ipResource());

    m_configurationLoop = std::make_unique<ReconcileLoop>(QStringLiteral("configuration"), client,
                                                          [this](const QString &key) { return m_configurations->reconcile(key); }, options.workers);
    m_configurationLoop->watch(apis::networking::v1beta1::configurationResource());
    // A peer Network's decision comes back to the Configuration that owns it.
    m_configurationLoop->watch(apis::ipam::v1alpha1::networkResource(), [](const json &n) {
        const json meta = n.value("metadata", json::object());
        if (!meta.value("labels", json::object()).contains(ipam::kCidrTypeLabel))
            return QString();
        for (const json &owner : meta.value("ownerReferences", json::array()))
            if (owner.value("kind", "") == "Configuration")
                return QString::fromStdString(meta.value("namespace", "") + "/" + owner.value("name", ""));
        return QString();
    });

    m_serverLoop = std::make_unique<ReconcileLoop>(QStringLiteral("gateway-server"), client,
                                                   [this](const QString &key) { return m_servers->reconcile(key); }, 1);
    m_serverLoop->watch(apis::networking::v1beta1::gatewayServerResource());
    m_clientLoop = std::make_unique<ReconcileLoop>(QStringLiteral("gateway-client"), client,
                                                   [this](const QString &key) { return m_clients->reconcile(key); }, 1);
    m_clientLoop->watch(apis::networking::v1beta1::gatewayClientResource());
    // The kubernetes runtime's gateway Deployments: a change or delete brings back their owner.
    if (!options.gateways.localRuntime) {
        kube::Informer::Options deployments;
        deployments.labelSelector = QStringLiteral("%1=%2").arg(QLatin1String(network::kGatewayComponentLabel), QLatin1String(network::kGatewayComponentValue));
        deployments.resyncMs = 60000;
        for (const auto &entry : {std::pair{m_serverLoop.get(), "GatewayServer"}, std::pair{m_clientLoop.get(), "GatewayClient"}}) {
            const char *kind = entry.second;   // clang 14 (the fuzz build) cannot capture a structured binding
            entry.first->watch(kube::resources::deployments(), [kind](const json &d) { return ownerKey(d, kind); }, deployments);
        }
    }
}

NetworkControllers::~NetworkControllers()
{
    stop();
}

void NetworkControllers::setErrorSink(kube::Controller::ErrorSink sink)
{
    for (auto *loop : {m_networkLoop.get(), m_ipLoop.get(), m_configurationLoop.get(), m_serverLoop.get(), m_clientLoop.get()})
        loop->setErrorSink(sink);
}

void NetworkControllers::start()
{
    for (auto *loop : {m_networkLoop.get(), m_ipLoop.get(), m_configurationLoop.get(), m_serverLoop.get(), m_clientLoop.get()})
        loop->start();
}

void NetworkControllers::stop()
{
    for (auto *loop : {m_clientLoop.get(), m_serverLoop.get(), m_configurationLoop.get(), m_ipLoop.get(), m_networkLoop.get()})
        loop->stop();
}

} // namespace spillway::manager
