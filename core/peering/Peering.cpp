#include "peering/Peering.h"

#include "apis/authentication/v1beta1/Identity.h"
#include "apis/authentication/v1beta1/ResourceSlice.h"
#include "apis/core/v1beta1/ForeignCluster.h"
#include "common/Yaml.h"
#include "peering/PeeringNames.h"
#include "tls/Signature.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QThread>

namespace spillway::peering {

using nlohmann::json;

namespace {

std::string s(const QString &v) { return v.toStdString(); }

} // namespace

Peering::Peering(kube::KubeClient &consumer, ProviderChannel &provider, Options options, Hooks hooks)
    : m_consumer(consumer), m_provider(provider), m_options(std::move(options)), m_hooks(std::move(hooks))
{
}

Result<json> Peering::waitFor(const QString &what, const std::function<Result<std::optional<json>>()> &ready, int pollMs)
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
        QThread::msleep(pollMs);
    }
}

Result<void> Peering::authenticate(const LocalCluster &consumer, const Challenge &challenge, const tls::KeyPair &keys)
{
    namespace auth = apis::authentication::v1beta1;
    const LocalCluster &provider = challenge.provider;
    const QString providerTenantNs = tenantNamespace(consumer.clusterId);
    const QString consumerTenantNs = tenantNamespace(provider.clusterId);

    auto signature = tls::signMessage(keys.privatePem, challenge.nonce);
    if (!signature)
        return signature.error();
    tls::CertificateSpec subject;
    subject.commonName = consumer.clusterId;
    subject.organizations = {QString::fromLatin1(kControlPlaneGroup)};
    subject.clientAuth = true;
    auto csr = tls::certificateSigningRequest(keys.privatePem, subject);
    if (!csr)
        return csr.error();
    const TenantRequest request{consumer.clusterId, keys.publicPem, *csr, *signature};
    auto issued = waitFor(QStringLiteral("the provider to verify the consumer and issue its certificate"), [&]() -> Result<std::optional<json>> {
        return m_provider.submit(request);
    }, m_provider.pollMs());
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
    // Wait for the kubeconfig Secret to hold *this* certificate: on a re-peering (a new cluster
    // key, a renewal) the Identity's status already names the Secret, still with the old one.
    const std::string issuedCrt = (*issued).value("signedCRT", "");
    const QString secretName = kubeconfigSecretName(identityName);
    auto secret = waitFor(QStringLiteral("the consumer's controller manager to store the provider credentials"), [&]() -> Result<std::optional<json>> {
        auto current = m_consumer.get(kube::resources::secrets(), consumerTenantNs, secretName);
        if (!current)
            return current.error().isNotFound() ? Result<std::optional<json>>(std::optional<json>()) : Result<std::optional<json>>(current.error());
        const QByteArray text = QByteArray::fromBase64(QByteArray::fromStdString((*current).value("data", json::object()).value("kubeconfig", "")));
        auto kubeconfig = yamlToJson(text);
        if (!kubeconfig || !kubeconfig->is_object())
            return std::optional<json>();
        for (const auto &user : kubeconfig->value("users", json::array()))
            if (user.value("user", json::object()).value("client-certificate-data", "") == issuedCrt)
                return std::optional<json>(*current);
        return std::optional<json>();
    });
    if (!secret)
        return secret.error();
    return {};
}

Result<json> Peering::requestResources(const LocalCluster &consumer, const LocalCluster &provider)
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

Result<Peering::Result_> Peering::run()
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
    auto keys = ensureClusterKeys(m_consumer, m_options.consumerNamespace);
    if (!keys)
        return keys.error();
    auto challenge = m_provider.challenge(*consumer, keys->publicPem);
    if (!challenge)
        return challenge.error();
    const LocalCluster *provider = &challenge->provider;
    if (auto ok = checkCompatible(*consumer, *provider); !ok)
        return ok.error();
    out.consumer = *consumer;
    out.provider = *provider;
    phase(QStringLiteral("checked both installations (%1 %2 → %3 %4); the provider issued its challenge")
              .arg(consumer->clusterId, consumer->version.toString(), provider->clusterId, provider->version.toString()));

    if (auto r = ensureTenantNamespace(m_consumer, provider->clusterId, m_options.fieldManager); !r)
        return r.error();
    if (auto r = ensureForeignCluster(m_consumer, provider->clusterId, m_options.fieldManager); !r)
        return r.error();
    const kube::ResourceRef fcs = apis::core::v1beta1::foreignClusterResource();
    if (!m_options.peerName.isEmpty() && m_options.peerName != provider->clusterId) {
        const json patch = {{"metadata", {{"annotations", {{kPeerNameAnnotation, s(m_options.peerName)}}}}}};
        if (auto r = m_consumer.patch(fcs, {}, provider->clusterId, kube::PatchType::Merge, QByteArray::fromStdString(patch.dump())); !r)
            return r.error();
    }
    phase(QStringLiteral("tenant namespaces and ForeignClusters on both sides"));

    if (auto r = authenticate(*consumer, *challenge, *keys); !r)
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
    m_hooks.authenticated();

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
