#pragma once

#include "common/Error.h"
#include "kube/KubeClient.h"
#include "kube/Store.h"
#include "offloading/ShadowPodValidator.h"
#include "webhook/AdmissionServer.h"

#include <memory>

namespace spillway::manager {

// The controller manager's admission webhooks: a serving certificate from a CA made at start
// (nothing to distribute by hand), the server, and the Validating- and MutatingWebhookConfiguration
// that point the apiserver at it with that CA as caBundle. The CA and certificate are kept in a
// Secret, so every replica serves the same: the apiserver may call any of them behind the Service.
class WebhookRegistration
{
public:
    struct Options {
        QHostAddress listenAddress = QHostAddress::LocalHost;
        quint16 port = 9443;
        QString urlHost = QStringLiteral("127.0.0.1");   // how the apiserver reaches us (URL form)
        QString serviceNamespace, serviceName;            // set: reached through this Service instead
        QString failurePolicy = QStringLiteral("Fail");
        QString fieldManager = QStringLiteral("spillway-controller-manager");
        QString secretNamespace;                          // where spillway-webhook-tls keeps CA and certificate
    };

    // What the handlers judge by, from the controller manager's caches. A handler answers 503
    // (so the apiserver applies failurePolicy) until its cache has listed.
    struct Caches {
        std::function<QStringList(const QString &)> slicesNamed;   // replicated ResourceSlices of a name
        std::function<bool()> slicesListed;
        std::function<nlohmann::json(const QString &)> offloadingIn;   // a namespace's NamespaceOffloading, or null
        std::function<bool()> offloadingsListed;
        // ShadowPod admission (grants, cordons, origin); without namespaceCluster, no ShadowPod webhook
        offloading::ShadowPodValidator::Lookups shadowPods;
        std::function<bool()> shadowPodsListed;
    };

    explicit WebhookRegistration(Options options);
    ~WebhookRegistration();

    // certificate (shared through CLIENT's cluster) + server; the ResourceSlice uniqueness rule
    // and the pod webhook's placement read CACHES
    Result<quint16> start(kube::KubeClient &client, Caches caches = {});
    Result<void> registerWith(kube::KubeClient &client); // (re)apply the configuration
    webhook::AdmissionServer *server() const { return m_server.get(); }
    const QByteArray &caPem() const { return m_caPem; }

private:
    Options m_options;
    QByteArray m_caPem;
    std::unique_ptr<webhook::AdmissionServer> m_server;
};

// The ShadowPod webhook's view, from the controller manager's caches (which must outlive it):
// every ResourceSlice (indexed "consumer" by spec.consumerClusterID for received ones), namespaces,
// Tenants (indexed "consumer" by spec.clusterID) and the ShadowPods' usage.
offloading::ShadowPodValidator::Lookups shadowPodLookups(const kube::Store &slices, const kube::Store &namespaces,
                                                        const kube::Store &tenants, offloading::ShadowPodUsage &usage);

} // namespace spillway::manager
