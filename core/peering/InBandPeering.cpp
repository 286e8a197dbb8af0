#include "peering/InBandPeering.h"

#include "apis/authentication/v1beta1/Identity.h"
#include "apis/authentication/v1beta1/ResourceSlice.h"
#include "apis/authentication/v1beta1/Tenant.h"
#include "apis/core/v1beta1/ForeignCluster.h"
#include "peering/PeeringNames.h"
#include "tls/Signature.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QRandomGenerator>
#include <QThread>

namespace spillway::peering {

using nlohmann::json;

namespace {

std::string s(const QString &v) { return v.toStdString(); }

json foreignCluster(const QString &remoteId)
{
    return {{"apiVersion", "core.liqo.io/v1beta1"}, {"kind", "ForeignCluster"},
            {"metadata", {{"name", s(remoteId)}, {"labels", {{kRemoteClusterIdLabel, s(remoteId)}}}}},
            {"spec", {{"clusterID", s(remoteId)}}}};
}

} // namespace

InBandPeering::InBandPeering(kube::KubeClient &consumer, kube::KubeClient &provider, Options options, Hooks hooks)
    : m_consumer(consumer), m_provider(provider), m_options(std::move(options)), m_hooks(std::move(hooks))
{
}

Result<json> InBandPeering::waitFor(const QString &what, const std::function<Result<std::optional<json>>()> &ready)
{
    for (;;) {
        auto r = ready();
        if (!r)
            return r.error();
        if (*r)
            return **r;
        if (m_hooks.cancelled->load())
            return Error::of(Error::Kind::Cancelled, QStringLiteral("peering cancelled while waiting for %1; run spillctl peer again to resume, "
                                                                    "or spillctl unpeer to undo").arg(what));
        if (QDateTime::currentMSecsSinceEpoch() > m_deadline)
            return Error::of(Error::Kind::Timeout, QStringLiteral("timed out waiting for %1").arg(what),
                             QStringLiteral("check both controller managers with 'spillctl info' (and their logs), or raise --timeout"));
        QThread::msleep(100);
    }
}

Result<void> InBandPeering::authenticate(const LocalCluster &consumer, const LocalCluster &provider)
{
    namespace auth = apis::authentication::v1beta1;
    const QString providerTenantNs = tenantNamespace(consumer.clusterId);
    const QString consumerTenantNs = tenantNamespace(provider.clusterId);

    // The provider's challenge: a nonce only the consumer's cluster key can sign.
    auto nonceSecret = m_provider.get(kube::resources::secrets(), providerTenantNs, QString::fromLatin1(kNonceSecret));
    QByteArray nonce;
    if (nonceSecret) {
        nonce = QByteArray::fromBase64(QByteArray::fromStdString((*nonceSecret)["data"].value(kNonceKey, "")));
    } else if (nonceSecret.error().isNotFound()) {
        nonce.resize(64);
        QRandomGenerator::system()->generate(reinterpret_cast<quint32 *>(nonce.data()), reinterpret_cast<quint32 *>(nonce.data() + nonce.size()));
        const json secret = {{"apiVersion", "v1"}, {"kind", "Secret"},
                             {"metadata", {{"name", kNonceSecret}, {"namespace", s(providerTenantNs)},
                                           {"labels", {{kRemoteClusterIdLabel, s(consumer.clusterId)}, {"liqo.io/nonce", "true"}}}}},
                             {"data", {{kNonceKey, nonce.toBase64().toStdString()}}}};
        if (auto r = m_provider.create(kube::resources::secrets(), providerTenantNs, secret); !r)
            return r.error();
    } else {
        return nonceSecret.error();
    }

    auto keys = ensureClusterKeys(m_consumer, m_options.consumerNamespace);
    if (!keys)
        return keys.error();
    auto signature = tls::signMessage(keys->privatePem, nonce);
    if (!signature)
        return signature.error();
    tls::CertificateSpec subject;
    subject.commonName = consumer.clusterId;
    subject.organizations = {QString::fromLatin1(kControlPlaneGroup)};
    subject.clientAuth = true;
    auto csr = tls::certificateSigningRequest(keys->privatePem, subject);
    if (!csr)
        return csr.error();
    const json tenant = {{"apiVersion", "authentication.liqo.io/v1beta1"}, {"kind", "Tenant"},
                         {"metadata", {{"name", s(consumer.clusterId)}, {"namespace", s(providerTenantNs)},
                                       {"labels", {{kRemoteClusterIdLabel, s(consumer.clusterId)}}}}},
                         {"spec", {{"clusterID", s(consumer.clusterId)}, {"authzPolicy", "KeysExchange"},
                                   {"publicKey", keys->publicPem.toBase64().toStdString()}, {"csr", csr->toBase64().toStdString()},
                                   {"signature", signature->toBase64().toStdString()}, {"tenantCondition", "Active"}}}};
    if (auto r = m_provider.apply(auth::tenantResource(), providerTenantNs, tenant, m_options.fieldManager, true); !r)
        return r.error();

    auto issued = waitFor(QStringLiteral("the provider to verify the consumer and issue its certificate"), [&]() -> Result<std::optional<json>> {
        auto t = m_provider.get(auth::tenantResource(), providerTenantNs, consumer.clusterId);
        if (!t)
            return t.error();
        const std::string refused = (*t)["metadata"].value("annotations", json::object()).value(kAuthErrorAnnotation, "");
        if (!refused.empty())
            return Error::of(Error::Kind::Auth, QStringLiteral("the provider refused the peering: %1").arg(QString::fromStdString(refused)));
        const json authParams = (*t).value("status", json::object()).value("authParams", json::object());
        const QByteArray cert = QByteArray::fromBase64(QByteArray::fromStdString(authParams.value("signedCRT", "")));
        // A certificate for an earlier key of ours (before a reinstall) is not the answer.
        if (cert.isEmpty() || tls::certificatePublicKey(cert).trimmed() != keys->publicPem.trimmed())
            return std::optional<json>();
        return std::optional<json>(authParams);
    });
    if (!issued)
        return issued.error();

    const QString identityName = controlPlaneIdentityName(provider.clusterId);
    const json identity = {{"apiVersion", "authentication.liqo.io/v1beta1"}, {"kind", "Identity"},
                           {"metadata", {{"name", s(identityName)}, {"namespace", s(consumerTenantNs)},
                                         {"labels", {{kRemoteClusterIdLabel, s(provider.clusterId)}, {kIdentityTypeLabel, "ControlPlane"}}}}},
                           {"spec", {{"clusterID", s(provider.clusterId)}, {"type", "ControlPlane"}, {"authParams", *issued},
                                     {"namespace", s(providerTenantNs)}}}};
    if (auto r = m_consumer.apply(auth::identityResource(), consumerTenantNs, identity, m_options.fieldManager, true); !r)
        return r.error();
    auto secret = waitFor(QStringLiteral("the consumer's controller manager to store the provider credentials"), [&]() -> Result<std::optional<json>> {
        auto i = m_consumer.get(auth::identityResource(), consumerTenantNs, identityName);
        if (!i)
            return i.error();
        if ((*i).value("status", json::object()).value("kubeconfigSecretRef", json::object()).value("name", "").empty())
            return std::optional<json>();
        return std::optional<json>(*i);
    });
    if (!secret)
        return secret.error();
    return {};
}

Result<json> InBandPeering::requestResources(const LocalCluster &consumer, const LocalCluster &provider)
{
    const kube::ResourceRef slices = apis::authentication::v1beta1::resourceSliceResource();
    const QString ns = tenantNamespace(provider.clusterId);
    json slice = {{"apiVersion", "authentication.liqo.io/v1beta1"}, {"kind", "ResourceSlice"},
                  {"metadata", {{"name", s(provider.clusterId)}, {"namespace", s(ns)},
                                {"labels", {{"liqo.io/replication", "true"}, {"liqo.io/remoteID", s(provider.clusterId)},
                                            {kRemoteClusterIdLabel, s(provider.clusterId)}}},
                                {"annotations", {{"liqo.io/create-virtual-node", m_options.createVirtualNode ? "true" : "false"}}}}},
                  {"spec", {{"class", s(m_options.resourceSliceClass)}, {"consumerClusterID", s(consumer.clusterId)},
                            {"providerClusterID", s(provider.clusterId)}}}};
    if (!m_options.requestedResources.empty())
        slice["spec"]["resources"] = m_options.requestedResources;
    if (auto r = m_consumer.apply(slices, ns, slice, m_options.fieldManager, true); !r)
        return r.error();
    return waitFor(QStringLiteral("the provider to grant the ResourceSlice"), [&]() -> Result<std::optional<json>> {
        auto current = m_consumer.get(slices, ns, provider.clusterId);
        if (!current)
            return current.error();
        const json status = (*current).value("status", json::object());
        for (const auto &c : status.value("conditions", json::array())) {
            if (c.value("type", "") != "Resources")
                continue;
            if (c.value("status", "") == "Denied")
                return Error::of(Error::Kind::Config, QStringLiteral("the provider denied the resources: %1").arg(QString::fromStdString(c.value("message", ""))),
                                 QStringLiteral("check the provider's policy for class %1 (ConfigMap spillway-resource-policies)").arg(m_options.resourceSliceClass));
            if (c.value("status", "") == "Accepted")
                return std::optional<json>(status.value("resources", json::object()));
        }
        return std::optional<json>();
    });
}

Result<InBandPeering::Result_> InBandPeering::run()
{
    QElapsedTimer clock;
    clock.start();
    m_deadline = QDateTime::currentMSecsSinceEpoch() + m_options.timeoutMs;
    Result_ out;
    qint64 last = 0;
    auto phase = [&](const QString &name) {
        const qint64 now = clock.elapsed();
        out.phases.append({name, now - last});
        m_hooks.phaseDone(name, now - last);
        last = now;
    };

    auto consumer = readLocalCluster(m_consumer, m_options.consumerNamespace);
    if (!consumer)
        return consumer.error();
    auto provider = readLocalCluster(m_provider, m_options.providerNamespace);
    if (!provider)
        return provider.error();
    if (auto ok = checkCompatible(*consumer, *provider); !ok)
        return ok.error();
    out.consumer = *consumer;
    out.provider = *provider;
    phase(QStringLiteral("checked both installations (%1 %2 → %3 %4)")
              .arg(consumer->clusterId, consumer->version.toString(), provider->clusterId, provider->version.toString()));

    if (auto r = ensureTenantNamespace(m_consumer, provider->clusterId, m_options.fieldManager); !r)
        return r.error();
    if (auto r = ensureTenantNamespace(m_provider, consumer->clusterId, m_options.fieldManager); !r)
        return r.error();
    const kube::ResourceRef fcs = apis::core::v1beta1::foreignClusterResource();
    if (auto r = m_consumer.apply(fcs, {}, foreignCluster(provider->clusterId), m_options.fieldManager, true); !r)
        return r.error();
    if (auto r = m_provider.apply(fcs, {}, foreignCluster(consumer->clusterId), m_options.fieldManager, true); !r)
        return r.error();
    phase(QStringLiteral("tenant namespaces and ForeignClusters on both sides"));

    if (auto r = authenticate(*consumer, *provider); !r)
        return r.error();
    phase(QStringLiteral("authenticated: the consumer holds a certificate issued by the provider"));

    auto established = waitFor(QStringLiteral("the consumer's ForeignCluster to show the provider"), [&]() -> Result<std::optional<json>> {
        auto fc = m_consumer.get(fcs, {}, provider->clusterId);
        if (!fc)
            return fc.error();
        const json status = (*fc).value("status", json::object());
        const std::string role = status.value("role", "");
        if (role != "Provider" && role != "ConsumerAndProvider")
            return std::optional<json>();
        for (const auto &c : status["modules"]["authentication"].value("conditions", json::array()))
            if (c.value("type", "") == "AuthIdentityControlPlaneStatus" && c.value("status", "") == "Established")
                return std::optional<json>(*fc);
        return std::optional<json>();
    });
    if (!established)
        return established.error();
    phase(QStringLiteral("ForeignCluster %1 is a Provider with authentication established").arg(provider->clusterId));

    if (m_options.createResourceSlice) {
        auto granted = requestResources(*consumer, *provider);
        if (!granted)
            return granted.error();
        out.granted = *granted;
        QStringList parts;
        for (auto it = granted->begin(); it != granted->end(); ++it)
            parts << QString::fromStdString(it.key() + "=" + (it->is_string() ? it->get<std::string>() : it->dump()));
        phase(QStringLiteral("resources granted: %1").arg(parts.join(QStringLiteral(", "))));
    }
    return out;
}

} // namespace spillway::peering
