#include "peering/AuthenticationEndpoint.h"

#include "kube/SharedSecret.h"
#include "tls/Pki.h"

#include <QCryptographicHash>
#include <QHostAddress>
#include <QSslCertificate>

namespace spillway::peering {

using nlohmann::json;

QString certificateFingerprint(const QByteArray &certPem)
{
    const auto certs = QSslCertificate::fromData(certPem);
    if (certs.isEmpty())
        return {};
    return QStringLiteral("sha256:") + QString::fromLatin1(certs.first().digest(QCryptographicHash::Sha256).toHex());
}

Result<AuthenticationEndpoint> prepareAuthenticationEndpoint(kube::KubeClient &client, const QString &ns, const QString &host, const QString &fieldManager)
{
    // One certificate for all replicas: consumers pin the fingerprint that is published.
    kube::SharedSecret shared;
    shared.ns = ns;
    shared.name = QString::fromLatin1(kAuthenticationTlsSecret);
    shared.type = QStringLiteral("kubernetes.io/tls");
    shared.fieldManager = fieldManager;
    shared.usable = [&host](const kube::SecretData &d) {
        return tls::certificateServes(d.value(QStringLiteral("tls.crt")), {host}, 30) && !d.value(QStringLiteral("tls.key")).isEmpty();
    };
    shared.make = [&host]() -> Result<kube::SecretData> {
        auto key = tls::generateKey(tls::KeyType::EcP256);
        if (!key)
            return key.error();
        tls::CertificateSpec spec;
        spec.commonName = QStringLiteral("spillway-authentication");
        spec.serverAuth = true;
        spec.validityDays = 3650;
        if (QHostAddress(host).isNull())
            spec.dnsNames << host;
        else
            spec.ipAddresses << host;
        auto cert = tls::selfSignedCertificate(key->privatePem, spec);
        if (!cert)
            return cert.error();
        return kube::SecretData{{QStringLiteral("tls.crt"), *cert}, {QStringLiteral("tls.key"), key->privatePem}};
    };
    auto data = kube::ensureSharedSecret(client, shared);
    if (!data)
        return data.error();
    AuthenticationEndpoint out;
    out.certPem = data->value(QStringLiteral("tls.crt"));
    out.keyPem = data->value(QStringLiteral("tls.key"));
    out.fingerprint = certificateFingerprint(out.certPem);
    return out;
}

Result<void> publishAuthenticationEndpoint(kube::KubeClient &client, const QString &ns, const AuthenticationEndpoint &out, const QString &fieldManager)
{
    const json cm = {{"apiVersion", "v1"}, {"kind", "ConfigMap"},
                     {"metadata", {{"name", kAuthenticationConfigMap}, {"namespace", ns.toStdString()},
                                   {"labels", {{"app.kubernetes.io/part-of", "spillway"}}}}},
                     {"data", {{"url", out.url.toStdString()}, {"fingerprint", out.fingerprint.toStdString()}}}};
    if (auto r = client.apply(kube::resources::configMaps(), ns, cm, fieldManager, true); !r)
        return r.error();
    return {};
}

Result<AuthenticationEndpoint> readAuthenticationEndpoint(kube::KubeClient &client, const QString &ns)
{
    auto cm = client.get(kube::resources::configMaps(), ns, QString::fromLatin1(kAuthenticationConfigMap));
    if (!cm) {
        Error e = cm.error();
        if (e.isNotFound()) {
            e.kind = Error::Kind::Config;
            e.message = QStringLiteral("cluster %1 publishes no authentication endpoint (ConfigMap %2/%3)").arg(client.clusterLabel(), ns,
                                                                                                             QString::fromLatin1(kAuthenticationConfigMap));
            e.hint = QStringLiteral("its controller manager must be running ('spillctl info'); reinstall with 'spillctl install' if it is an older release");
        }
        return e;
    }
    const json data = (*cm).value("data", json::object());
    return AuthenticationEndpoint{QString::fromStdString(data.value("url", "")), QString::fromStdString(data.value("fingerprint", "")), {}, {}};
}

} // namespace spillway::peering
