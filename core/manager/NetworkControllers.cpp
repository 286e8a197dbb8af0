#include "manager/NetworkControllers.h"

#include "apis/ipam/v1alpha1/Network.h"
#include "apis/networking/v1beta1/Configuration.h"
#include "ipam/Labels.h"

namespace spillway::manager {

using nlohmann::json;

NetworkControllers::NetworkControllers(kube::KubeClient *client, Options options)
    : m_networks(std::make_unique<ipam::NetworkReconciler>(*client)),
      m_configurations(std::make_unique<ipam::ConfigurationReconciler>(*client, options.liqoNamespace))
{
    // One worker: the IPAM decides one Network at a time anyway (it holds a lock).
    m_networkLoop = std::make_unique<ReconcileLoop>(QStringLiteral("ipam-network"), client,
                                                    [this](const QString &key) { return m_networks->reconcile(key); }, 1);
    m_networkLoop->watch(apis::ipam::v1alpha1::networkResource());

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
}

NetworkControllers::~NetworkControllers()
{
    stop();
}

void NetworkControllers::setErrorSink(kube::Controller::ErrorSink sink)
{
    m_networkLoop->setErrorSink(sink);
    m_configurationLoop->setErrorSink(sink);
}

void NetworkControllers::start()
{
    m_networkLoop->start();
    m_configurationLoop->start();
}

void NetworkControllers::stop()
{
    m_configurationLoop->stop();
    m_networkLoop->stop();
}

} // namespace spillway::manager
