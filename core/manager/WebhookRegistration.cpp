#include "manager/WebhookRegistration.h"

#include "manager/WebhookConfiguration.h"
#include "offloading/ResourceSliceValidator.h"
#include "offloading/NamespaceOffloadingValidator.h"
#include "offloading/PodPlacementMutator.h"
#include "common/JsonText.h"
#include "consts/Labels.h"
#include "kube/SharedSecret.h"
#include "tls/Pki.h"


namespace spillway::manager {

using nlohmann::json;

WebhookRegistration::WebhookRegistration(Options options) : m_options(std::move(options)) {}
WebhookRegistration::~WebhookRegistration() = default;

namespace {

inline constexpr const char *kWebhookTlsSecret = "spillway-webhook-tls";

// A CA and a serving certificate it signed for NAMES.
Result<kube::SecretData> makeServingPair(const QStringList &dnsNames, const QStringList &ips)
{
    auto caKey = tls::generateKey(tls::KeyType::EcP256);
    if (!caKey)
        return caKey.error();
    tls::CertificateSpec caSpec;
    caSpec.commonName = QStringLiteral("spillway-webhook-ca");
    caSpec.isCa = true;
    caSpec.validityDays = 3650;
    auto ca = tls::selfSignedCertificate(caKey->privatePem, caSpec);
    if (!ca)
        return ca.error();
    auto key = tls::generateKey(tls::KeyType::EcP256);
    if (!key)
        return key.error();
    tls::CertificateSpec serving;
    serving.commonName = QStringLiteral("spillway-webhook");
    serving.serverAuth = true;
    serving.dnsNames = dnsNames;
    serving.ipAddresses = ips;
    auto cert = tls::signCertificate(*ca, caKey->privatePem, key->publicPem, serving);
    if (!cert)
        return cert.error();
    return kube::SecretData{{QStringLiteral("ca.crt"), *ca}, {QStringLiteral("tls.crt"), *cert}, {QStringLiteral("tls.key"), key->privatePem}};
}

} // namespace

Result<quint16> WebhookRegistration::start(kube::KubeClient &client, Caches caches)
{
    QStringList dnsNames, ips;
    if (!m_options.serviceName.isEmpty())
        dnsNames << QStringLiteral("%1.%2.svc").arg(m_options.serviceName, m_options.serviceNamespace)
                 << QStringLiteral("%1.%2.svc.cluster.local").arg(m_options.serviceName, m_options.serviceNamespace);
    else if (QHostAddress(m_options.urlHost).isNull())
        dnsNames << m_options.urlHost;
    else
        ips << m_options.urlHost;
    kube::SharedSecret shared;
    shared.ns = m_options.secretNamespace;
    shared.name = QString::fromLatin1(kWebhookTlsSecret);
    shared.fieldManager = m_options.fieldManager;
    shared.usable = [&](const kube::SecretData &d) {
        return tls::certificateServes(d.value(QStringLiteral("tls.crt")), dnsNames + ips, 30) && !d.value(QStringLiteral("tls.key")).isEmpty()
               && tls::certificateServes(d.value(QStringLiteral("ca.crt")), {}, 0);
    };
    shared.make = [&] { return makeServingPair(dnsNames, ips); };
    const Result<kube::SecretData> pair = kube::ensureSharedSecret(client, shared);
    if (!pair)
        return pair.error();
    const QByteArray ca = pair->value(QStringLiteral("ca.crt")), cert = pair->value(QStringLiteral("tls.crt")), keyPem = pair->value(QStringLiteral("tls.key"));
    m_caPem = ca;
    m_server = std::make_unique<webhook::AdmissionServer>(cert, keyPem);
    m_server->handle(QStringLiteral("/validate/namespaceoffloading"), offloading::validateNamespaceOffloading);
    m_server->handle(QStringLiteral("/validate/resourceslice"), offloading::ResourceSliceValidator(std::move(caches.slicesNamed)),
                     std::move(caches.slicesListed));
    m_server->handle(QStringLiteral("/mutate/pod"), offloading::PodPlacementMutator(std::move(caches.offloadingIn)),
                     std::move(caches.offloadingsListed));
    if (caches.shadowPods.namespaceCluster)
        m_server->handle(QStringLiteral("/validate/shadowpod"), offloading::ShadowPodValidator(std::move(caches.shadowPods)),
                         std::move(caches.shadowPodsListed));
    return m_server->listen(m_options.listenAddress, m_options.port);
}

Result<void> WebhookRegistration::registerWith(kube::KubeClient &client)
{
    WebhookEndpoint endpoint;
    if (m_options.serviceName.isEmpty())
        endpoint.url = QStringLiteral("https://%1:%2").arg(m_options.urlHost).arg(m_server->port());
    endpoint.serviceNamespace = m_options.serviceNamespace;
    endpoint.serviceName = m_options.serviceName;
    endpoint.caPem = m_caPem;
    endpoint.failurePolicy = m_options.failurePolicy;
    auto applied = client.apply(kube::resources::validatingWebhookConfigurations(), {}, validatingWebhookConfiguration(endpoint),
                                m_options.fieldManager, /*force=*/true);
    if (!applied)
        return applied.error();
    auto mutating = client.apply(kube::resources::mutatingWebhookConfigurations(), {}, mutatingWebhookConfiguration(endpoint),
                                 m_options.fieldManager, /*force=*/true);
    if (!mutating)
        return mutating.error();
    return {};
}

offloading::ShadowPodValidator::Lookups shadowPodLookups(const kube::Store &slices, const kube::Store &namespaces,
                                                        const kube::Store &tenants, offloading::ShadowPodUsage &usage)
{
    offloading::ShadowPodValidator::Lookups l;
    l.namespaceCluster = [&namespaces](const QString &ns) -> std::optional<QString> {
        const auto found = namespaces.get(ns);
        if (!found)
            return std::nullopt;
        return textOf(memberOf(memberOf(*found, "metadata"), "labels"), consts::kRemoteClusterIdLabel);
    };
    l.tenantCondition = [&tenants](const QString &consumer) {
        QString condition;
        for (const QString &key : tenants.byIndex(QStringLiteral("consumer"), consumer))
            if (const auto t = tenants.get(key)) {
                const QString c = textOf(memberOf(*t, "spec"), "tenantCondition");
                if (condition.isEmpty() || c == QLatin1String("Drained") || (c == QLatin1String("Cordoned") && condition != QLatin1String("Drained")))
                    condition = c.isEmpty() ? QStringLiteral("Active") : c;
            }
        return condition;
    };
    l.grants = [&slices](const QString &consumer) {
        QList<offloading::ShadowPodValidator::Grant> out;
        for (const QString &key : slices.byIndex(QStringLiteral("consumer"), consumer)) {
            const auto s = slices.get(key);
            if (!s)
                continue;
            const json &meta = memberOf(*s, "metadata");
            if (!memberOf(meta, "deletionTimestamp").is_null())
                continue;
            const resources::ResourceList granted = resources::parseResourceList(memberOf(memberOf(*s, "status"), "resources"));
            if (granted.isEmpty())
                continue;
            const json &annotations = memberOf(meta, "annotations");
            out.push_back({key, granted, textOf(annotations, "liqo.io/cordon") == QLatin1String("true")
                                             || textOf(annotations, "liqo.io/cordon-tenant") == QLatin1String("true")});
        }
        return out;
    };
    l.usage = &usage;
    return l;
}

} // namespace spillway::manager
