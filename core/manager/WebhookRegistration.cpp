#include "manager/WebhookRegistration.h"

#include "apis/offloading/v1beta1/NamespaceOffloading.h"
#include "offloading/NamespaceOffloadingValidator.h"
#include "tls/Pki.h"

namespace spillway::manager {

using nlohmann::json;

WebhookRegistration::WebhookRegistration(Options options) : m_options(std::move(options)) {}
WebhookRegistration::~WebhookRegistration() = default;

Result<quint16> WebhookRegistration::start()
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
    if (QHostAddress(m_options.urlHost).isNull())
        serving.dnsNames << m_options.urlHost;
    else
        serving.ipAddresses << m_options.urlHost;
    auto cert = tls::signCertificate(*ca, caKey->privatePem, key->publicPem, serving);
    if (!cert)
        return cert.error();
    m_caPem = *ca;
    m_server = std::make_unique<webhook::AdmissionServer>(*cert, key->privatePem);
    m_server->handle(QStringLiteral("/validate/namespaceoffloading"), offloading::validateNamespaceOffloading);
    return m_server->listen(m_options.listenAddress, m_options.port);
}

Result<void> WebhookRegistration::registerWith(kube::KubeClient &client)
{
    const std::string url = QStringLiteral("https://%1:%2/validate/namespaceoffloading").arg(m_options.urlHost).arg(m_server->port()).toStdString();
    json config = {
        {"apiVersion", "admissionregistration.k8s.io/v1"}, {"kind", "ValidatingWebhookConfiguration"},
        {"metadata", {{"name", m_options.configName.toStdString()}, {"labels", {{"app.kubernetes.io/part-of", "spillway"}}}}},
        {"webhooks", json::array({{
            {"name", "namespaceoffloading.offloading.liqo.io"},
            {"admissionReviewVersions", json::array({"v1"})},
            {"sideEffects", "None"}, {"failurePolicy", "Fail"}, {"timeoutSeconds", 10},
            {"clientConfig", {{"url", url}, {"caBundle", m_caPem.toBase64().toStdString()}}},
            {"rules", json::array({{{"apiGroups", json::array({"offloading.liqo.io"})}, {"apiVersions", json::array({"v1beta1"})},
                                    {"operations", json::array({"CREATE", "UPDATE"})},
                                    {"resources", json::array({apis::offloading::v1beta1::namespaceOffloadingResource().resource.toStdString()})}}})}}})}};
    auto applied = client.apply(kube::resources::validatingWebhookConfigurations(), {}, config, m_options.fieldManager, /*force=*/true);
    if (!applied)
        return applied.error();
    return {};
}

} // namespace spillway::manager
