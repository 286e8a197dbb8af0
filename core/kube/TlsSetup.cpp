#include "kube/TlsSetup.h"

#include <QSslCertificate>

#include <openssl/evp.h>
#include <openssl/pem.h>
#include <QSslKey>
#include <QUrl>

namespace spillway::kube {

namespace {

Error tlsError(const QString &msg, const QString &hint = {})
{
    Error e;
    e.kind = Error::Kind::Tls;
    e.message = msg;
    e.hint = hint;
    return e;
}

} // namespace

Result<QSslConfiguration> buildTlsConfiguration(const RestConfig &config, const QByteArray &certPem, const QByteArray &keyPem)
{
    QSslConfiguration tls = QSslConfiguration::defaultConfiguration();
    tls.setProtocol(QSsl::TlsV1_2OrLater);
    tls.setAllowedNextProtocols({QByteArrayLiteral("h2"), QByteArrayLiteral("http/1.1")});
    if (config.insecureSkipTlsVerify) {
        tls.setPeerVerifyMode(QSslSocket::VerifyNone);
    } else if (!config.caPem.isEmpty()) {
        const auto cas = QSslCertificate::fromData(config.caPem, QSsl::Pem);
        if (cas.isEmpty())
            return tlsError(QStringLiteral("%1 holds no PEM certificate").arg(config.caSource.isEmpty() ? QStringLiteral("the CA") : config.caSource),
                            QStringLiteral("set certificate-authority(-data) to the cluster's CA certificate"));
        tls.setCaCertificates(cas);
        tls.setPeerVerifyMode(QSslSocket::VerifyPeer);
    }
    if (!certPem.isEmpty() || !keyPem.isEmpty()) {
        const auto chain = QSslCertificate::fromData(certPem, QSsl::Pem);
        if (chain.isEmpty())
            return tlsError(QStringLiteral("the client certificate of user \"%1\" is not a PEM certificate").arg(config.userName),
                            QStringLiteral("check client-certificate(-data) in the kubeconfig"));
        QSslKey key(keyPem, QSsl::Rsa, QSsl::Pem, QSsl::PrivateKey);
        if (key.isNull())
            key = QSslKey(keyPem, QSsl::Ec, QSsl::Pem, QSsl::PrivateKey);
        if (key.isNull()) {
            // Qt has no Ed25519 key type; hand the OpenSSL key over as an opaque handle
            // (Liqo-style cluster identities use Ed25519).
            BIO *bio = BIO_new_mem_buf(keyPem.constData(), int(keyPem.size()));
            EVP_PKEY *pkey = PEM_read_bio_PrivateKey(bio, nullptr, nullptr, nullptr);
            BIO_free(bio);
            if (pkey && EVP_PKEY_get_id(pkey) == EVP_PKEY_ED25519)
                key = QSslKey(Qt::HANDLE(pkey), QSsl::PrivateKey); // takes ownership
            else if (pkey)
                EVP_PKEY_free(pkey);
        }
        if (key.isNull())
            return tlsError(QStringLiteral("the client key of user \"%1\" is not an RSA, EC or Ed25519 private key in PEM form").arg(config.userName),
                            QStringLiteral("check client-key(-data) in the kubeconfig"));
        if (chain.first().expiryDate().isValid() && chain.first().expiryDate() < QDateTime::currentDateTimeUtc())
            return tlsError(QStringLiteral("the client certificate of user \"%1\" expired on %2")
                                .arg(config.userName, chain.first().expiryDate().toString(Qt::ISODate)),
                            QStringLiteral("get a new certificate (for example, re-run your cloud CLI's get-credentials)"));
        tls.setLocalCertificateChain(chain);
        tls.setPrivateKey(key);
    }
    return tls;
}

Result<QNetworkProxy> proxyFromUrl(const QString &text)
{
    const QUrl url(text);
    QNetworkProxy::ProxyType type;
    const QString scheme = url.scheme().toLower();
    if (scheme == QLatin1String("http") || scheme == QLatin1String("https"))
        type = QNetworkProxy::HttpProxy;
    else if (scheme == QLatin1String("socks5") || scheme == QLatin1String("socks5h"))
        type = QNetworkProxy::Socks5Proxy;
    else {
        Error e;
        e.kind = Error::Kind::Config;
        e.message = QStringLiteral("proxy-url \"%1\" has an unsupported scheme").arg(text);
        e.hint = QStringLiteral("use http://, https:// or socks5://");
        return e;
    }
    QNetworkProxy proxy(type, url.host(), quint16(url.port(type == QNetworkProxy::HttpProxy ? 8080 : 1080)),
                        url.userName(), url.password());
    return proxy;
}

} // namespace spillway::kube
