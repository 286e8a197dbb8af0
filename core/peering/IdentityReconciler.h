#pragma once

#include "common/Error.h"
#include "kube/KubeClient.h"
#include "peering/ProviderClients.h"

#include <functional>

namespace spillway::peering {

// Consumer side: an Identity whose authParams hold a certificate the provider issued becomes a
// kubeconfig Secret (the certificate, the provider's CA and address, and this cluster's private
// key, which never leaves the cluster), owned by the Identity and named in its status. It then
// keeps looking at our Tenant on the provider (every 1/60 of the certificate's remaining life, 5 s
// to 1 h): when the provider has renewed the certificate, the Identity and the Secret take the new one.
class IdentityReconciler
{
public:
    struct Options {
        QString liqoNamespace = QStringLiteral("liqo");
        QString fieldManager = QStringLiteral("spillway-controller-manager");
        ProviderClients *providers = nullptr;     // none: no renewal check
        std::function<void(const QString &key, qint64 ms)> requeueAfter = [](const QString &, qint64) {};
        std::function<qint64()> now;              // seconds since the epoch
    };
    IdentityReconciler(kube::KubeClient &client, Options options);
    Result<void> reconcile(const QString &key);

private:
    // The provider's newer certificate for our key, if it has one.
    QByteArray renewedCertificate(const QString &ns, const QString &providerId, const QByteArray &ours, const QByteArray &publicPem);

    kube::KubeClient &m_client;
    Options m_options;
};

} // namespace spillway::peering
