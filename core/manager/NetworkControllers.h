#pragma once

#include "ipam/ConfigurationReconciler.h"
#include "ipam/IPReconciler.h"
#include "ipam/NetworkReconciler.h"
#include "network/GatewayRuntime.h"
#include "manager/ReconcileLoop.h"

#include <memory>

namespace spillway::manager {

// The controller manager's network loops: the IPAM (Networks get their CIDRs, IPs their
// addresses), the peers' Configurations (their CIDRs asked of the IPAM, the outcome in status), and the gateways that
// GatewayServers and GatewayClients ask for.
class NetworkControllers
{
public:
    struct Options {
        QString liqoNamespace = QStringLiteral("liqo");
        int workers = 2;
        network::GatewayRuntime::Options gateways;
    };
    NetworkControllers(kube::KubeClient *client, Options options);
    ~NetworkControllers();
    void setErrorSink(kube::Controller::ErrorSink sink);
    void start();
    void stop();

private:
    std::unique_ptr<ipam::NetworkReconciler> m_networks;
    std::unique_ptr<ipam::ConfigurationReconciler> m_configurations;
    std::unique_ptr<ipam::IPReconciler> m_ips;
    std::unique_ptr<network::GatewayRuntime> m_servers, m_clients;
    std::unique_ptr<ReconcileLoop> m_networkLoop, m_ipLoop, m_configurationLoop, m_serverLoop, m_clientLoop;
};

} // namespace spillway::manager
