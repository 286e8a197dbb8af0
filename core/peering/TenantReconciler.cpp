#include "peering/TenantReconciler.h"

#include "apis/authentication/v1beta1/Identity.h"
#include "apis/authentication/v1beta1/ResourceSlice.h"
#include "apis/authentication/v1beta1/Tenant.h"
#include "apis/core/v1beta1/ForeignCluster.h"
#include "apis/offloading/v1beta1/NamespaceMap.h"
#include "peering/Nonce.h"
#include "peering/PeeringNames.h"
#include "peering/TenantProof.h"
#include "tls/Signature.h"

#include <QDateTime>

namespace spillway::peering {

using nlohmann::json;

namespace {

QByteArray b64(const json &obj, const char *field)
{
    return QByteArray::fromBase64(QByteArray::fromStdString(obj.value(field, std::string())));
}

kube::ResourceRef csrs() { return kube::resources::certificateSigningRequests(); }
kube::ResourceRef tenants() { return apis::authentication::v1beta1::tenantResource(); }

Error pending(const QString &what)
{
    // Retried by the work queue's backoff, not reported as a failure.
    return Error::of(Error::Kind::Timeout, what);
}

} // namespace

TenantReconciler::TenantReconciler(kube::KubeClient &client, Options options) : m_client(client), m_options(std::move(options))
{
    if (!m_options.now)
        m_options.now = [] { return QDateTime::currentSecsSinceEpoch(); };
    if (m_options.apiServerUrl.isEmpty())
        m_options.apiServerUrl = client.config().server;
}

QString tenantRefusal(const json &tenant)
{
    const json meta = tenant.value("metadata", json::object());
    const json annotations = meta.value("annotations", json::object());
    const std::string why = annotations.value(kAuthErrorAnnotation, "");
    if (why.empty() || annotations.value(kAuthErrorGenerationAnnotation, "") != std::to_string(meta.value("generation", 0LL)))
        return {};
    return QString::fromStdString(why);
}

Result<void> TenantReconciler::refuse(const QString &ns, const QString &name, qint64 generation, const QString &why)
{
    const json patch = {{"metadata", {{"annotations", {{kAuthErrorAnnotation, why.toStdString()},
                                                        {kAuthErrorGenerationAnnotation, std::to_string(generation)}}}}}};
    auto r = m_client.patch(tenants(), ns, name, kube::PatchType::Merge, QByteArray::fromStdString(patch.dump()));
    if (!r && !r.error().isNotFound())
        return r.error();
    return {};
}

bool TenantReconciler::fresh(const QByteArray &certPem) const
{
    return tls::certificateExpiry(certPem) - m_options.now() > renewBefore();
}

qint64 TenantReconciler::renewBefore() const
{
    return m_options.renewBeforeSeconds > 0 ? m_options.renewBeforeSeconds : m_options.certificateLifetimeSeconds / 3;
}

Result<QByteArray> TenantReconciler::issueCertificate(const QString &consumerId, const QByteArray &csrPem)
{
    const QString name = tenantCsrName(consumerId);
    const std::string request = csrPem.toBase64().toStdString();
    auto existing = m_client.get(csrs(), {}, name);
    const QByteArray earlier = existing ? b64((*existing).value("status", json::object()), "certificate") : QByteArray();
    if (existing && ((*existing)["spec"].value("request", "") != request || (!earlier.isEmpty() && !fresh(earlier)))) {
        // A new key, or a certificate due for renewal: the old request is spent.
        if (auto r = m_client.remove(csrs(), {}, name); !r && !r.error().isNotFound())
            return r.error();
        existing = m_client.get(csrs(), {}, name);
    }
    if (!existing && !existing.error().isNotFound())
        return existing.error();
    if (!existing) {
        const json csr = {{"apiVersion", "certificates.k8s.io/v1"}, {"kind", "CertificateSigningRequest"},
                          {"metadata", {{"name", name.toStdString()}, {"labels", {{kRemoteClusterIdLabel, consumerId.toStdString()},
                                                                                 {"app.kubernetes.io/part-of", "spillway"}}}}},
                          {"spec", {{"request", request}, {"signerName", "kubernetes.io/kube-apiserver-client"},
                                    {"usages", json::array({"digital signature", "client auth"})},
                                    {"expirationSeconds", m_options.certificateLifetimeSeconds}}}};
        existing = m_client.create(csrs(), {}, csr);
        if (!existing)
            return existing.error();
    }
    json obj = *existing;
    bool approved = false;
    for (const auto &c : obj["status"].value("conditions", json::array()))
        approved |= c.value("type", "") == "Approved";
    if (!approved) {
        obj["status"]["conditions"] = json::array({{{"type", "Approved"}, {"status", "True"}, {"reason", "SpillwayTenantVerified"},
                                                    {"message", "the consumer proved it holds the key of this request"}}});
        kube::KubeRequest put;
        put.verb = "PUT";
        put.path = csrs().path({}, name, QStringLiteral("approval"));
        put.body = QByteArray::fromStdString(obj.dump());
        put.describe = csrs().describe({}, name) + QStringLiteral(" approval");
        auto r = m_client.call(put);
        if (!r)
            return r.error();
        if (r->status >= 300)
            return m_client.errorFromResponse(put, r->status, r->body);
        return pending(QStringLiteral("certificate for %1 approved, waiting for the signer").arg(consumerId));
    }
    const QByteArray cert = b64(obj["status"], "certificate");
    if (cert.isEmpty())
        return pending(QStringLiteral("waiting for the signer to issue the certificate for %1").arg(consumerId));
    return cert;
}

Result<void> TenantReconciler::bindRole(const QString &ns, const QString &consumerId)
{
    const json binding = {{"apiVersion", "rbac.authorization.k8s.io/v1"}, {"kind", "RoleBinding"},
                          {"metadata", {{"name", kRemoteControlPlaneRole}, {"namespace", ns.toStdString()},
                                        {"labels", {{kRemoteClusterIdLabel, consumerId.toStdString()}, {"app.kubernetes.io/part-of", "spillway"}}}}},
                          {"roleRef", {{"apiGroup", "rbac.authorization.k8s.io"}, {"kind", "ClusterRole"}, {"name", kRemoteControlPlaneRole}}},
                          {"subjects", json::array({{{"kind", "User"}, {"apiGroup", "rbac.authorization.k8s.io"}, {"name", consumerId.toStdString()}}})}};
    auto ref = m_client.resolve(QStringLiteral("rbac.authorization.k8s.io/v1"), QStringLiteral("RoleBinding"));
    if (!ref)
        return ref.error();
    auto r = m_client.apply(*ref, ns, binding, m_options.fieldManager, true);
    if (!r)
        return r.error();
    return {};
}

// The Tenant is gone (the consumer unpeered, in-band or out-of-band): its certificate request,
// nonce and role binding go too, and so do the ForeignCluster and tenant namespace unless this
// cluster also consumes from that peer (an Identity for it lives there) or liqoctl made the namespace.
Result<void> TenantReconciler::forget(const QString &ns, const QString &consumerId)
{
    if (ns != tenantNamespace(consumerId))
        return {};
    auto rbac = m_client.resolve(QStringLiteral("rbac.authorization.k8s.io/v1"), QStringLiteral("RoleBinding"));
    if (!rbac)
        return rbac.error();
    const QList<std::tuple<kube::ResourceRef, QString, QString>> owned = {
        {*rbac, ns, QString::fromLatin1(kRemoteControlPlaneRole)},
        {kube::resources::secrets(), ns, QString::fromLatin1(kNonceSecret)},
        {csrs(), {}, tenantCsrName(consumerId)},
    };
    for (const auto &[ref, inNs, objName] : owned)
        if (auto r = m_client.remove(ref, inNs, objName); !r && !r.error().isNotFound())
            return r.error();
    auto identities = m_client.list(apis::authentication::v1beta1::identityResource(), ns);
    if (!identities && !identities.error().isNotFound())
        return identities.error();
    if (identities && !(*identities)["items"].empty())
        return {};
    // Only a namespace Spillway made goes with the Tenant. One that liqoctl made stays with the
    // ForeignCluster, as Liqo keeps them: liqoctl unpeer still needs it after deleting the
    // Tenant (it resets the network there), and deletes it only when asked (--delete-namespaces).
    auto tenantNs = m_client.get(kube::resources::namespaces(), {}, ns);
    if (!tenantNs)
        return tenantNs.error().isNotFound() ? Result<void>() : Result<void>(tenantNs.error());
    if ((*tenantNs)["metadata"].value("labels", json::object()).value("app.kubernetes.io/part-of", "") != "spillway")
        return {};
    if (auto r = m_client.remove(apis::core::v1beta1::foreignClusterResource(), {}, consumerId); !r && !r.error().isNotFound())
        return r.error();
    if (auto r = m_client.remove(kube::resources::namespaces(), {}, ns); !r && !r.error().isNotFound())
        return r.error();
    return {};
}

// A drained Tenant (liqoctl drain tenant), as Liqo drains one: the consumer's role here goes
// first, so that it cannot replicate anything again, then what it replicated here: its
// ResourceSlices (their grants end) and NamespaceMaps (their twin namespaces, and the pods in
// them, go). The Tenant stays; made Active again, it is bound again and the consumer replicates
// anew.
Result<void> TenantReconciler::drain(const QString &ns, const QString &consumerId)
{
    auto rbac = m_client.resolve(QStringLiteral("rbac.authorization.k8s.io/v1"), QStringLiteral("RoleBinding"));
    if (!rbac)
        return rbac.error();
    if (auto r = m_client.remove(*rbac, ns, QString::fromLatin1(kRemoteControlPlaneRole)); !r && !r.error().isNotFound())
        return r.error();
    const kube::ListOptions replicated = kube::withLabels(QStringLiteral("liqo.io/replicated=true,liqo.io/originID=") + consumerId);
    for (const kube::ResourceRef &kind : {apis::authentication::v1beta1::resourceSliceResource(), apis::offloading::v1beta1::namespaceMapResource()}) {
        auto items = m_client.list(kind, ns, replicated);
        if (!items && items.error().isNotFound())
            continue;
        if (!items)
            return items.error();
        for (const auto &item : (*items)["items"]) {
            const json meta = item.value("metadata", json::object());
            if (meta.contains("deletionTimestamp"))
                continue;
            if (auto r = m_client.remove(kind, ns, QString::fromStdString(meta.value("name", ""))); !r && !r.error().isNotFound())
                return r.error();
        }
    }
    return {};
}

Result<bool> TenantReconciler::verify(const QString &key, const json &tenant, QByteArray &nonce)
{
    const QString ns = key.section(QLatin1Char('/'), 0, 0), name = key.section(QLatin1Char('/'), 1);
    const qint64 generation = tenant["metadata"].value("generation", 0LL);
    const json spec = tenant.value("spec", json::object());
    const TenantProof proof{QString::fromStdString(spec.value("clusterID", "")), b64(spec, "publicKey"), b64(spec, "csr"), b64(spec, "signature")};
    const QStringList guardKeys{AuthenticationGuard::consumerKey(proof.consumerId)};
    if (m_options.guard) {
        if (const qint64 wait = m_options.guard->retryAfterMs(guardKeys); wait > 0) {
            if (m_options.requeueAfter)
                m_options.requeueAfter(key, wait + 100);
            const QString when = QDateTime::fromSecsSinceEpoch(m_options.now() + (wait + 999) / 1000, Qt::UTC).toString(Qt::ISODate);
            if (auto r = refuse(ns, name, generation, QStringLiteral("too many failed verifications for cluster %1; this Tenant is looked at again at %2")
                                                          .arg(proof.consumerId, when)); !r)
                return r.error();
            return false;
        }
    }
    json nonceSecret;
    auto fetched = m_client.get(kube::resources::secrets(), ns, QString::fromLatin1(kNonceSecret));
    if (fetched)
        nonceSecret = *fetched;
    else if (!fetched.error().isNotFound())
        return fetched.error();
    ProofRefusal refusal;
    if (spec.value("authzPolicy", "KeysExchange") == "TolerateNoHandshake") {
        // Liqo's escape hatch for a consumer that cannot sign: the CSR is still checked.
        refusal = csrRefusal(proof);
    } else {
        refusal = proofRefusal(proof, nonceSecret, m_options.now(), m_options.nonceLifetimeSeconds);
    }
    if (!refusal.refused()) {
        nonce = nonceValue(nonceSecret);
        return true;
    }
    bool count = false;
    {
        std::lock_guard lock(m_countedMutex);
        auto it = m_countedGeneration.find(key);
        count = it == m_countedGeneration.end() || *it != generation;
        m_countedGeneration[key] = generation;
    }
    // A resync looks at a refused Tenant again: only new evidence is a new failure.
    if (count && m_options.guard)
        m_options.guard->failed(guardKeys, refusal.cause);
    if (auto r = refuse(ns, name, generation, refusal.message); !r)
        return r.error();
    return false;
}

Result<void> TenantReconciler::reconcile(const QString &key)
{
    const QString ns = key.section(QLatin1Char('/'), 0, 0), name = key.section(QLatin1Char('/'), 1);
    auto tenant = m_client.get(tenants(), ns, name);
    if (!tenant) {
        if (!tenant.error().isNotFound())
            return tenant.error();
        std::lock_guard lock(m_countedMutex);
        m_countedGeneration.remove(key);
        return forget(ns, name);
    }
    const qint64 generation = (*tenant)["metadata"].value("generation", 0LL);
    const json spec = (*tenant).value("spec", json::object());
    const json status = (*tenant).value("status", json::object());
    const QString consumerId = QString::fromStdString(spec.value("clusterID", ""));
    if (ns != tenantNamespace(consumerId))
        return refuse(ns, name, generation, QStringLiteral("a Tenant for cluster %1 must live in namespace %2").arg(consumerId, tenantNamespace(consumerId)));

    if (spec.value("tenantCondition", "Active") == "Drained") {
        // Looked at again later: a copy the consumer wrote just before losing its role goes too.
        if (m_options.requeueAfter)
            m_options.requeueAfter(key, 30000);
        return drain(ns, consumerId);
    }

    const QByteArray issued = b64(status.value("authParams", json::object()), "signedCRT");
    const QByteArray publicKey = b64(spec, "publicKey");
    // The certificate issued last, if it is for the key the Tenant now carries (a reinstalled
    // consumer comes back with a new key, and that key must be proven with a fresh nonce).
    const bool sameKey = !issued.isEmpty() && tls::certificatePublicKey(issued).trimmed() == publicKey.trimmed();
    if (!sameKey || !fresh(issued)) {
        const TenantProof proof{consumerId, publicKey, b64(spec, "csr"), b64(spec, "signature")};
        QByteArray nonce;
        if (sameKey && tls::certificateExpiry(issued) > m_options.now()) {
            // Renewal: the key was proven when this still valid certificate was issued.
            if (const ProofRefusal why = csrRefusal(proof); why.refused())
                return refuse(ns, name, generation, why.message);
        } else {
            auto verified = verify(key, *tenant, nonce);
            if (!verified)
                return verified.error();
            if (!*verified)
                return {};
        }
        auto cert = issueCertificate(consumerId, proof.csrPem);
        if (!cert)
            return cert.error();
        json authParams = {{"signedCRT", cert->toBase64().toStdString()}, {"apiServer", m_options.apiServerUrl.toStdString()}};
        if (!m_client.config().caPem.isEmpty())
            authParams["ca"] = m_client.config().caPem.toBase64().toStdString();
        const json patch = {{"status", {{"tenantNamespace", ns.toStdString()}, {"authParams", authParams}}}};
        kube::PatchOptions po;
        po.subresource = QStringLiteral("status");
        if (auto r = m_client.patch(tenants(), ns, name, kube::PatchType::Merge, QByteArray::fromStdString(patch.dump()), po); !r)
            return r.error();
        if (!nonce.isEmpty()) {
            NonceOptions no;
            no.now = m_options.now;
            no.lifetimeSeconds = m_options.nonceLifetimeSeconds;
            if (auto r = spendNonce(m_client, consumerId, nonce, no); !r)
                return r.error();
            if (m_options.guard)
                m_options.guard->succeeded({AuthenticationGuard::consumerKey(consumerId)});
        }
    }
    if (auto r = bindRole(ns, consumerId); !r)
        return r;
    if (m_options.requeueAfter) {
        auto latest = m_client.get(tenants(), ns, name);
        const QByteArray cert = latest ? b64((*latest).value("status", json::object()).value("authParams", json::object()), "signedCRT") : QByteArray();
        if (!cert.isEmpty())
            m_options.requeueAfter(key, std::max<qint64>(1000, (tls::certificateExpiry(cert) - renewBefore() - m_options.now()) * 1000 + 1000));
    }
    if ((*tenant)["metadata"].value("annotations", json::object()).contains(kAuthErrorAnnotation)) {
        const json clear = {{"metadata", {{"annotations", {{kAuthErrorAnnotation, nullptr}, {kAuthErrorGenerationAnnotation, nullptr}}}}}};
        (void)m_client.patch(tenants(), ns, name, kube::PatchType::Merge, QByteArray::fromStdString(clear.dump()));
    }
    return {};
}

} // namespace spillway::peering
