// Signatures and CSR subjects, as the peering handshake uses them.
#include "tls/Pki.h"
#include "tls/Signature.h"

#include <QDateTime>
#include <QTest>

using namespace spillway::tls;

class TestSignature : public QObject
{
    Q_OBJECT
private slots:
    void signAndVerifyEveryKeyType_data()
    {
        QTest::addColumn<int>("type");
        QTest::newRow("ed25519") << int(KeyType::Ed25519);
        QTest::newRow("ec-p256") << int(KeyType::EcP256);
        QTest::newRow("rsa") << int(KeyType::Rsa2048);
    }
    void signAndVerifyEveryKeyType()
    {
        QFETCH(int, type);
        auto key = generateKey(KeyType(type));
        auto other = generateKey(KeyType(type));
        QVERIFY(key.ok() && other.ok());
        const QByteArray nonce = "a nonce the provider made";
        auto signature = signMessage(key->privatePem, nonce);
        QVERIFY(signature.ok());
        QVERIFY(verifyMessage(key->publicPem, nonce, *signature));
        QVERIFY(!verifyMessage(key->publicPem, nonce + "!", *signature));
        QVERIFY(!verifyMessage(other->publicPem, nonce, *signature));
        QByteArray flipped = *signature;
        flipped[0] = char(flipped[0] ^ 1);
        QVERIFY(!verifyMessage(key->publicPem, nonce, flipped));
        QVERIFY(!verifyMessage("not a key", nonce, *signature));
        QVERIFY(!verifyMessage(key->publicPem, nonce, {}));
        QVERIFY(!signMessage("not a key", nonce).ok());
    }

    void csrSubjectNamesTheClusterAndItsKey()
    {
        auto key = generateKey(KeyType::Ed25519);
        CertificateSpec spec;
        spec.commonName = QStringLiteral("rome");
        spec.organizations = {QStringLiteral("liqo.io")};
        spec.clientAuth = true;
        auto csr = certificateSigningRequest(key->privatePem, spec);
        QVERIFY(csr.ok());
        auto subject = csrSubject(*csr);
        QVERIFY(subject.ok());
        QCOMPARE(subject->commonName, QStringLiteral("rome"));
        QCOMPARE(subject->organizations, QStringList{QStringLiteral("liqo.io")});
        QCOMPARE(subject->publicPem.trimmed(), key->publicPem.trimmed());
        QVERIFY(!csrSubject("-----BEGIN CERTIFICATE REQUEST-----\nAAAA\n-----END CERTIFICATE REQUEST-----\n").ok());
    }

    void certificateExpiryIsRead()
    {
        auto key = generateKey(KeyType::EcP256);
        CertificateSpec spec;
        spec.commonName = QStringLiteral("x");
        spec.validityDays = 10;
        auto cert = selfSignedCertificate(key->privatePem, spec);
        QVERIFY(cert.ok());
        const qint64 expiry = certificateExpiry(*cert);
        const qint64 expected = QDateTime::currentSecsSinceEpoch() + 10 * 86400;
        QVERIFY2(qAbs(expiry - expected) < 3600, qPrintable(QString::number(expiry - expected)));
        QCOMPARE(certificateExpiry("garbage"), qint64(0));
        QCOMPARE(certificatePublicKey(*cert).trimmed(), key->publicPem.trimmed());
        QVERIFY(certificatePublicKey("garbage").isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestSignature)
#include "tst_signature.moc"
