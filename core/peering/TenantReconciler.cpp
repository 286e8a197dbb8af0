#include "peering/TenantReconciler.h"

#include "apis/authentication/v1beta1/Identity.h"
#include "apis/authentication/v1beta1/Tenant.h"
#include "apis/core/v1beta1/ForeignCluster.h"
#include "peering/PeeringNames.h"
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
// cluster also consumes from that peer (an Identity for it lives there).
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
    if (auto r = m_client.remove(apis::core::v1beta1::foreignClusterResource(), {}, consumerId); !r && !r.error().isNotFound())
        return r.error();
    if (auto r = m_client.remove(kube::resources::namespaces(), {}, ns); !r && !r.error().isNotFound())
        return r.error();
    return {};
}

Result<void> TenantReconciler::reconcile(const QString &key)
{
    const QString ns = key.section(QLatin1Char('/'), 0, 0), name = key.section(QLatin1Char('/'), 1);
    auto tenant = m_client.get(tenants(), ns, name);
    if (!tenant)
        return tenant.error().isNotFound() ? forget(ns, name) : Result<void>(tenant.error());
    const qint64 generation = (*tenant)["metadata"].value("generation", 0LL);
    const json spec = (*tenant).value("spec", json::object());
    const json status = (*tenant).value("status", json::object());
    const QString consumerId = QString::fromStdString(spec.value("clusterID", ""));
    if (ns != tenantNamespace(consumerId))
        return refuse(ns, name, generation, QStringLiteral("a Tenant for cluster %1 must live in namespace %2").arg(consumerId, tenantNamespace(consumerId)));

    const QByteArray issued = b64(status.value("authParams", json::object()), "signedCRT");
    const QByteArray publicKey = b64(spec, "publicKey");
    // Fresh = not in the last third of its life and still for the key the Tenant now carries (a
    // reinstalled consumer comes back with a new key and needs a new certificate).
    const bool current = !issued.isEmpty() && fresh(issued) && tls::certificatePublicKey(issued).trimmed() == publicKey.trimmed();
    const QByteArray csrPem = b64(spec, "csr");
    if (!current) {
        auto nonce = m_client.get(kube::resources::secrets(), ns, QString::fromLatin1(kNonceSecret));
        if (!nonce)
            return nonce.error().isNotFound()
                       ? refuse(ns, name, generation, QStringLiteral("no nonce was issued for cluster %1; start the peering again").arg(consumerId))
                       : Result<void>(nonce.error());
        const QByteArray nonceValue = b64((*nonce).value("data", json::object()), kNonceKey);
        if (spec.value("authzPolicy", "KeysExchange") != "TolerateNoHandshake"
            && !tls::verifyMessage(publicKey, nonceValue, b64(spec, "signature")))
            return refuse(ns, name, generation, QStringLiteral("the signature over this cluster's nonce does not verify with the Tenant's public key"));
        auto subject = tls::csrSubject(csrPem);
        if (!subject)
            return refuse(ns, name, generation, QStringLiteral("spec.csr: %1").arg(subject.error().message));
        if (subject->commonName != consumerId || !subject->organizations.contains(QLatin1String(kControlPlaneGroup)))
            return refuse(ns, name, generation, QStringLiteral("the CSR must be for CN=%1, O=%2 (got CN=%3, O=%4)")
                                        .arg(consumerId, QLatin1String(kControlPlaneGroup), subject->commonName, subject->organizations.join(QLatin1Char(','))));
        if (subject->publicPem.trimmed() != publicKey.trimmed())
            return refuse(ns, name, generation, QStringLiteral("the CSR is for a different key than the one that signed the nonce"));
        auto cert = issueCertificate(consumerId, csrPem);
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
