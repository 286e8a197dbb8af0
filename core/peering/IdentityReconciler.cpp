#include "peering/IdentityReconciler.h"

#include "apis/authentication/v1beta1/Identity.h"
#include "apis/authentication/v1beta1/Tenant.h"
#include "common/Yaml.h"
#include "peering/LocalCluster.h"
#include "peering/PeeringNames.h"
#include "tls/Signature.h"

#include <QDateTime>

#include <algorithm>

namespace spillway::peering {

using nlohmann::json;

IdentityReconciler::IdentityReconciler(kube::KubeClient &client, Options options) : m_client(client), m_options(std::move(options))
{
    if (!m_options.now)
        m_options.now = [] { return QDateTime::currentSecsSinceEpoch(); };
}

QByteArray IdentityReconciler::renewedCertificate(const QString &ns, const QString &providerId, const QByteArray &ours, const QByteArray &publicPem)
{
    auto self = readLocalCluster(m_client, m_options.liqoNamespace);
    auto remote = m_options.providers->forProvider(ns, providerId);
    if (!self || !remote)
        return {};
    // Unreachable provider or no Tenant: nothing newer to take now; the next look may find it.
    auto tenant = remote->client->get(apis::authentication::v1beta1::tenantResource(), remote->ns, self->clusterId);
    if (!tenant)
        return {};
    const QByteArray theirs = QByteArray::fromBase64(QByteArray::fromStdString(
        (*tenant).value("status", json::object()).value("authParams", json::object()).value("signedCRT", "")));
    if (theirs.isEmpty() || theirs == ours || tls::certificatePublicKey(theirs).trimmed() != publicPem.trimmed()
        || tls::certificateExpiry(theirs) <= tls::certificateExpiry(ours))
        return {};
    return theirs;
}

Result<void> IdentityReconciler::reconcile(const QString &key)
{
    const QString ns = key.section(QLatin1Char('/'), 0, 0), name = key.section(QLatin1Char('/'), 1);
    const kube::ResourceRef identities = apis::authentication::v1beta1::identityResource();
    auto identity = m_client.get(identities, ns, name);
    if (!identity)
        return identity.error().isNotFound() ? Result<void>() : Result<void>(identity.error());
    const json spec = (*identity).value("spec", json::object());
    const json auth = spec.value("authParams", json::object());
    if (auth.value("signedCRT", "").empty())
        return {};
    auto keys = ensureClusterKeys(m_client, m_options.liqoNamespace);
    if (!keys)
        return keys.error();

    const std::string providerId = spec.value("clusterID", "");
    json cluster = {{"server", auth.value("apiServer", "")}};
    if (!auth.value("ca", "").empty())
        cluster["certificate-authority-data"] = auth["ca"];
    if (!auth.value("proxyURL", "").empty())
        cluster["proxy-url"] = auth["proxyURL"];
    const json kubeconfig = {{"apiVersion", "v1"}, {"kind", "Config"},
                             {"clusters", json::array({{{"name", providerId}, {"cluster", cluster}}})},
                             {"users", json::array({{{"name", "controlplane"}, {"user", {{"client-certificate-data", auth["signedCRT"]},
                                                                                         {"client-key-data", keys->privatePem.toBase64().toStdString()}}}}})},
                             {"contexts", json::array({{{"name", providerId}, {"context", {{"cluster", providerId}, {"user", "controlplane"},
                                                                                           {"namespace", spec.value("namespace", "default")}}}}})},
                             {"current-context", providerId}};
    const QString secretName = kubeconfigSecretName(name);
    const json meta = (*identity)["metadata"];
    const json secret = {{"apiVersion", "v1"}, {"kind", "Secret"},
                         {"metadata", {{"name", secretName.toStdString()}, {"namespace", ns.toStdString()},
                                       {"labels", {{kRemoteClusterIdLabel, providerId}, {kIdentityTypeLabel, spec.value("type", "ControlPlane")},
                                                   {"app.kubernetes.io/part-of", "spillway"}}},
                                       {"ownerReferences", json::array({{{"apiVersion", "authentication.liqo.io/v1beta1"}, {"kind", "Identity"},
                                                                         {"name", meta.value("name", "")}, {"uid", meta.value("uid", "")},
                                                                         {"controller", true}, {"blockOwnerDeletion", false}}})}}},
                         {"data", {{"kubeconfig", jsonToYaml(kubeconfig).toBase64().toStdString()}}}};
    if (auto r = m_client.apply(kube::resources::secrets(), ns, secret, m_options.fieldManager, true); !r)
        return r.error();
    if ((*identity).value("status", json::object()).value("kubeconfigSecretRef", json::object()).value("name", "") != secretName.toStdString()) {
        const json patch = {{"status", {{"kubeconfigSecretRef", {{"name", secretName.toStdString()}}}}}};
        kube::PatchOptions po;
        po.subresource = QStringLiteral("status");
        if (auto r = m_client.patch(identities, ns, name, kube::PatchType::Merge, QByteArray::fromStdString(patch.dump()), po); !r)
            return r.error();
    }

    if (m_options.providers) {
        const QByteArray ours = QByteArray::fromBase64(QByteArray::fromStdString(auth.value("signedCRT", "")));
        if (const QByteArray renewed = renewedCertificate(ns, QString::fromStdString(providerId), ours, keys->publicPem); !renewed.isEmpty()) {
            const json patch = {{"spec", {{"authParams", {{"signedCRT", renewed.toBase64().toStdString()}}}}}};
            if (auto r = m_client.patch(identities, ns, name, kube::PatchType::Merge, QByteArray::fromStdString(patch.dump())); !r)
                return r.error();
            return {};   // the change brings this Identity back with the new certificate
        }
        const qint64 remaining = tls::certificateExpiry(ours) - m_options.now();
        m_options.requeueAfter(key, std::clamp<qint64>(remaining * 1000 / 60, 5000, 3600000));
    }
    return {};
}

} // namespace spillway::peering
