#include "manager/WebhookRegistration.h"

#include "manager/WebhookConfiguration.h"
#include "offloading/ResourceSliceValidator.h"
#include "offloading/NamespaceOffloadingValidator.h"
#include "offloading/PodPlacementMutator.h"
#include "tls/Pki.h"

namespace spillway::manager {

using nlohmann::json;

WebhookRegistration::WebhookRegistration(Options options) : m_options(std::move(options)) {}
WebhookRegistration::~WebhookRegistration() = default;

Result<quint16> WebhookRegistration::start(std::function<QStringList(const QString &)> slicesNamed,
                                           std::function<nlohmann::json(const QString &)> offloadingIn)
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
    if (!m_options.serviceName.isEmpty())
        serving.dnsNames << QStringLiteral("%1.%2.svc").arg(m_options.serviceName, m_options.serviceNamespace)
                         << QStringLiteral("%1.%2.svc.cluster.local").arg(m_options.serviceName, m_options.serviceNamespace);
    else if (QHostAddress(m_options.urlHost).isNull())
        serving.dnsNames << m_options.urlHost;
    else
        serving.ipAddresses << m_options.urlHost;
    auto cert = tls::signCertificate(*ca, caKey->privatePem, key->publicPem, serving);
    if (!cert)
        return cert.error();
    m_caPem = *ca;
    m_server = std::make_unique<webhook::AdmissionServer>(*cert, key->privatePem);
    m_server->handle(QStringLiteral("/validate/namespaceoffloading"), offloading::validateNamespaceOffloading);
    m_server->handle(QStringLiteral("/validate/resourceslice"), offloading::ResourceSliceValidator(std::move(slicesNamed)));
    m_server->handle(QStringLiteral("/mutate/pod"), offloading::PodPlacementMutator(std::move(offloadingIn)));
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

} // namespace spillway::manager
