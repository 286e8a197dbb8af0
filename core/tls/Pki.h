#pragma once

#include "common/Error.h"

#include <QByteArray>
#include <QStringList>

namespace spillway::tls {

// Keys and certificates made with OpenSSL: the webhook server's CA and serving certificate,
// peering identities' CSRs, cluster key pairs. Everything is PEM in memory; callers decide
// where (and with which permissions) it is written.
struct KeyPair {
    QByteArray privatePem;   // PKCS#8
    QByteArray publicPem;    // SubjectPublicKeyInfo
};

enum class KeyType { EcP256, Ed25519, Rsa2048 };

struct CertificateSpec {
    QString commonName;
    QStringList organizations;
    QStringList dnsNames;
    QStringList ipAddresses;
    int validityDays = 365;
    bool isCa = false;
    bool serverAuth = false;
    bool clientAuth = false;
};

Result<KeyPair> generateKey(KeyType type);
// The public half of a private key.
Result<QByteArray> publicKeyOf(const QByteArray &privatePem);
Result<QByteArray> selfSignedCertificate(const QByteArray &privatePem, const CertificateSpec &spec);
// n bytes from OpenSSL's cryptographically secure generator (nonces, tokens, serials).
QByteArray randomBytes(int n);

// Signs `subjectPublicPem` with the CA; the serial is random.
Result<QByteArray> signCertificate(const QByteArray &caCertPem, const QByteArray &caKeyPem, const QByteArray &subjectPublicPem,
                                   const CertificateSpec &spec);
// Whether the certificate in CERT_PEM names every one of NAMES (DNS names or IP addresses) among
// its subject alternative names and stays valid at least MIN_DAYS_LEFT more days: a serving
// certificate that can be kept rather than issued again.
bool certificateServes(const QByteArray &certPem, const QStringList &names, int minDaysLeft);

// A PKCS#10 request (what certificates.k8s.io wants in spec.request).
Result<QByteArray> certificateSigningRequest(const QByteArray &privatePem, const CertificateSpec &spec);

} // namespace spillway::tls
