#pragma once

#include "common/Error.h"
#include "kube/KubeClient.h"

namespace spillway::peering {

// Consumer side: an Identity whose authParams hold a certificate the provider issued becomes a
// kubeconfig Secret (the certificate, the provider's CA and address, and this cluster's private
// key, which never leaves the cluster), owned by the Identity and named in its status.
class IdentityReconciler
{
public:
    IdentityReconciler(kube::KubeClient &client, QString liqoNamespace, QString fieldManager = QStringLiteral("spillway-controller-manager"));
    Result<void> reconcile(const QString &key);

private:
    kube::KubeClient &m_client;
    QString m_liqoNamespace;
    QString m_fieldManager;
};

} // namespace spillway::peering
