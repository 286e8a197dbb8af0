#pragma once

#include "common/Error.h"
#include "kube/KubeClient.h"
#include "peering/AuthenticationGuard.h"

#include <QHash>
#include <mutex>

namespace spillway::peering {

// Provider side of authentication, one Tenant at a time (key "namespace/name"): the Tenant's
// signature over this cluster's current, unused nonce must verify with the public key it carries
// (TenantProof), and its CSR must be for that key and ask for exactly CN=<consumer>, O=liqo.io.
// Then the CSR is submitted to this cluster's own certificates.k8s.io API, approved, and the
// issued certificate, this apiserver's CA and address go into the Tenant's status; the nonce is
// spent (replaced), so the same signature never verifies again. A RoleBinding gives that identity
// Spillway's remote control-plane role in the tenant namespace and nowhere else. A refused
// Tenant gets the reason in an annotation (the consumer's spillctl shows it); its failure is
// counted once per generation, and a consumer with too many is not verified again until its
// backoff has passed (AuthenticationGuard). Certificates are re-issued when a third of their life
// is left, without a new nonce: the key was proven when the certificate still valid was issued.
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
        qint64 nonceLifetimeSeconds = 600;
        AuthenticationGuard *guard = nullptr;        // shared with the out-of-band endpoint; none: not limited
        QString fieldManager = QStringLiteral("spillway-controller-manager");
    };

    TenantReconciler(kube::KubeClient &client, Options options);
    Result<void> reconcile(const QString &key);

private:
    Result<void> refuse(const QString &ns, const QString &name, qint64 generation, const QString &why);
    Result<QByteArray> issueCertificate(const QString &consumerId, const QByteArray &csrPem);
    Result<void> forget(const QString &ns, const QString &consumerId);
    Result<void> drain(const QString &ns, const QString &consumerId);
    bool fresh(const QByteArray &certPem) const;
    qint64 renewBefore() const;
    Result<void> bindRole(const QString &ns, const QString &consumerId);
    // Verifies a Tenant that has no valid certificate for its key: a refusal (counted once per
    // generation), or nothing when the proof holds; nonceValue gets the nonce it was verified against.
    Result<bool> verify(const QString &key, const nlohmann::json &tenant, QByteArray &nonceValue);

    kube::KubeClient &m_client;
    Options m_options;
    std::mutex m_countedMutex;
    QHash<QString, qint64> m_countedGeneration;   // key -> the generation whose failure was counted
};

} // namespace spillway::peering
