#pragma once

#include "common/Error.h"
#include "kube/KubeClient.h"

namespace spillway::peering {

// Provider side of authentication, one Tenant at a time (key "namespace/name"): the Tenant's
// signature over this cluster's nonce must verify with the public key it carries, and its CSR
// must be for that key and name the consumer's cluster ID in organization liqo.io. Then the CSR is
// submitted to this cluster's own certificates.k8s.io API, approved, and the issued certificate,
// this apiserver's CA and address go into the Tenant's status; a RoleBinding gives that identity
// Spillway's remote control-plane role in the tenant namespace and nowhere else. A refused
// Tenant gets the reason in an annotation (the consumer's spillctl shows it) and is not retried
// until it changes. Certificates are re-issued when a third of their life is left.
// Why the provider refused this Tenant as it now stands; empty if it did not (or the refusal was
// about an earlier generation of it).
QString tenantRefusal(const nlohmann::json &tenant);

class TenantReconciler
{
public:
    struct Options {
        QString apiServerUrl;                        // how consumers reach this apiserver
        qint64 certificateLifetimeSeconds = 30LL * 24 * 3600;
        qint64 renewBeforeSeconds = 0;               // 0: when a third of the lifetime is left
        std::function<void(const QString &key, qint64 ms)> requeueAfter;   // to come back at renewal time
        std::function<qint64()> now;                 // seconds since the epoch
        QString fieldManager = QStringLiteral("spillway-controller-manager");
    };

    TenantReconciler(kube::KubeClient &client, Options options);
    Result<void> reconcile(const QString &key);

private:
    Result<void> refuse(const QString &ns, const QString &name, qint64 generation, const QString &why);
    Result<QByteArray> issueCertificate(const QString &consumerId, const QByteArray &csrPem);
    Result<void> forget(const QString &ns, const QString &consumerId);
    bool fresh(const QByteArray &certPem) const;
    qint64 renewBefore() const;
    Result<void> bindRole(const QString &ns, const QString &consumerId);

    kube::KubeClient &m_client;
    Options m_options;
};

} // namespace spillway::peering
