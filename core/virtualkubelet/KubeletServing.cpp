#include "virtualkubelet/KubeletServing.h"

#include "tls/Pki.h"

#include <QHostAddress>

namespace spillway::virtualkubelet {

Result<KubeletServing> prepareKubeletServing(kube::KubeClient &consumer, const QString &nodeName, const QString &address)
{
    auto cm = consumer.get(kube::resources::configMaps(), QStringLiteral("kube-system"), QStringLiteral("extension-apiserver-authentication"));
    if (!cm)
        return cm.error();
    const std::string caPem = (*cm).value("data", nlohmann::json::object()).value("client-ca-file", "");
    KubeletServing out;
    out.clientCa = QSslCertificate::fromData(QByteArray::fromStdString(caPem));
    if (out.clientCa.isEmpty())
        return Error::of(Error::Kind::Config,
                         QStringLiteral("kube-system/extension-apiserver-authentication has no client-ca-file: the apiserver runs without --client-ca-file"),
                         QStringLiteral("start the apiserver with --client-ca-file and --kubelet-client-certificate so it can call kubelets"));
    auto key = tls::generateKey(tls::KeyType::EcP256);
    if (!key)
        return key.error();
    tls::CertificateSpec spec;
    spec.commonName = nodeName;
    spec.dnsNames = {nodeName};
    if (!QHostAddress(address).isNull())
        spec.ipAddresses = {address};
    spec.serverAuth = true;
    auto cert = tls::selfSignedCertificate(key->privatePem, spec);
    if (!cert)
        return cert.error();
    out.certPem = *cert;
    out.keyPem = key->privatePem;
    return out;
}

} // namespace spillway::virtualkubelet
