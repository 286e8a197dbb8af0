#include "tls/Pki.h"

#include <QSslCertificate>
#include <QSslConfiguration>
#include <QSslKey>
#include <QSslServer>
#include <QSslSocket>
#include <QTest>

#include <openssl/pem.h>
#include <openssl/x509.h>

using namespace spillway::tls;

namespace {

bool csrSignatureValid(const QByteArray &pem, QString *subject)
{
    BIO *bio = BIO_new_mem_buf(pem.constData(), int(pem.size()));
    X509_REQ *req = PEM_read_bio_X509_REQ(bio, nullptr, nullptr, nullptr);
    BIO_free(bio);
    if (!req)
        return false;
    EVP_PKEY *key = X509_REQ_get0_pubkey(req);
    const bool ok = key && X509_REQ_verify(req, key) == 1;
    char buf[256];
    X509_NAME_oneline(X509_REQ_get_subject_name(req), buf, sizeof buf);
    *subject = QString::fromLatin1(buf);
    X509_REQ_free(req);
    return ok;
}

} // namespace

class TestPki : public QObject
{
    Q_OBJECT
private slots:
    void caSignsAServingCertificateThatQtTrusts()
    {
        auto caKey = generateKey(KeyType::EcP256);
        QVERIFY(caKey.ok());
        CertificateSpec caSpec;
        caSpec.commonName = QStringLiteral("spillway-webhook-ca");
        caSpec.isCa = true;
        auto ca = selfSignedCertificate(caKey->privatePem, caSpec);
        QVERIFY2(ca.ok(), qPrintable(ca ? QString() : ca.error().toString()));
        auto serverKey = generateKey(KeyType::EcP256);
        CertificateSpec serving;
        serving.commonName = QStringLiteral("spillway-webhook");
        serving.dnsNames = {QStringLiteral("localhost"), QStringLiteral("spillway-webhook.liqo.svc")};
        serving.ipAddresses = {QStringLiteral("127.0.0.1")};
        serving.serverAuth = true;
        auto cert = signCertificate(*ca, caKey->privatePem, serverKey->publicPem, serving);
        QVERIFY2(cert.ok(), qPrintable(cert ? QString() : cert.error().toString()));

        const QSslCertificate qtCa(*ca), qtCert(*cert);
        QCOMPARE(qtCert.subjectInfo(QSslCertificate::CommonName).value(0), QStringLiteral("spillway-webhook"));
        QCOMPARE(qtCert.issuerInfo(QSslCertificate::CommonName).value(0), QStringLiteral("spillway-webhook-ca"));
        QVERIFY(qtCert.subjectAlternativeNames().values(QSsl::IpAddressEntry).contains(QStringLiteral("127.0.0.1")));
        QVERIFY(qtCert.issuerDisplayName() == qtCa.subjectDisplayName());

        // A real TLS handshake on loopback, the client trusting only our CA.
        QSslConfiguration serverTls = QSslConfiguration::defaultConfiguration();
        serverTls.setLocalCertificate(qtCert);
        serverTls.setPrivateKey(QSslKey(serverKey->privatePem, QSsl::Ec));
        QSslServer server;
        server.setSslConfiguration(serverTls);
        QVERIFY(server.listen(QHostAddress::LocalHost, 0));
        QSslSocket client;
        QSslConfiguration clientTls = QSslConfiguration::defaultConfiguration();
        clientTls.setCaCertificates({qtCa});
        client.setSslConfiguration(clientTls);
        QList<QSslError> errors;
        connect(&client, &QSslSocket::sslErrors, this, [&](const QList<QSslError> &e) { errors = e; });
        client.connectToHostEncrypted(QStringLiteral("127.0.0.1"), server.serverPort());
        QTRY_VERIFY_WITH_TIMEOUT(client.isEncrypted() || !errors.isEmpty(), 10000);
        QVERIFY2(errors.isEmpty(), qPrintable(errors.value(0).errorString()));
    }

    void ed25519AndRsaKeys()
    {
        for (KeyType t : {KeyType::Ed25519, KeyType::Rsa2048}) {
            auto key = generateKey(t);
            QVERIFY(key.ok());
            QVERIFY(key->privatePem.startsWith("-----BEGIN PRIVATE KEY-----"));
            auto pub = publicKeyOf(key->privatePem);
            QVERIFY(pub.ok());
            QCOMPARE(*pub, key->publicPem);
            CertificateSpec spec;
            spec.commonName = QStringLiteral("cluster-key");
            auto cert = selfSignedCertificate(key->privatePem, spec);
            QVERIFY(cert.ok());
            QCOMPARE(QSslCertificate(*cert).subjectInfo(QSslCertificate::CommonName).value(0), QStringLiteral("cluster-key"));
        }
    }

    void csrCarriesSubjectAndSignature()
    {
        auto key = generateKey(KeyType::EcP256);
        CertificateSpec spec;
        spec.commonName = QStringLiteral("consumer-cluster");
        spec.organizations = {QStringLiteral("liqo.io")};
        spec.clientAuth = true;
        auto csr = certificateSigningRequest(key->privatePem, spec);
        QVERIFY(csr.ok());
        QVERIFY(csr->startsWith("-----BEGIN CERTIFICATE REQUEST-----"));
        QString subject;
        QVERIFY(csrSignatureValid(*csr, &subject));
        QCOMPARE(subject, QStringLiteral("/O=liqo.io/CN=consumer-cluster"));
    }

    void badInputIsAnError()
    {
        QVERIFY(!publicKeyOf("not a key").ok());
        QVERIFY(!selfSignedCertificate("garbage", {}).ok());
        auto a = generateKey(KeyType::EcP256), b = generateKey(KeyType::EcP256);
        CertificateSpec caSpec;
        caSpec.isCa = true;
        caSpec.commonName = QStringLiteral("ca");
        auto ca = selfSignedCertificate(a->privatePem, caSpec);
        auto wrong = signCertificate(*ca, b->privatePem, b->publicPem, {});
        QVERIFY(!wrong.ok());
        QVERIFY2(wrong.error().message.contains(QStringLiteral("does not match")), qPrintable(wrong.error().message));
    }

    void aKeptCertificateMustNameEveryHostAndStayValid()
    {
        auto key = generateKey(KeyType::EcP256);
        QVERIFY(key.ok());
        CertificateSpec spec;
        spec.commonName = QStringLiteral("serving");
        spec.dnsNames = {QStringLiteral("hook.liqo.svc")};
        spec.ipAddresses = {QStringLiteral("127.0.0.1")};
        spec.validityDays = 10;
        auto cert = selfSignedCertificate(key->privatePem, spec);
        QVERIFY(cert.ok());
        QVERIFY(certificateServes(*cert, {QStringLiteral("hook.liqo.svc"), QStringLiteral("127.0.0.1")}, 5));
        QVERIFY(!certificateServes(*cert, {QStringLiteral("hook.liqo.svc"), QStringLiteral("other.liqo.svc")}, 5));
        QVERIFY(!certificateServes(*cert, {QStringLiteral("hook.liqo.svc")}, 30));   // renewed before its last month
        QVERIFY(!certificateServes("garbage", {}, 0));
    }
};

QTEST_MAIN(TestPki)
#include "tst_pki.moc"
