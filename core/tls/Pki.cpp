#include "tls/Pki.h"

#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

#include <QDateTime>
#include <QRandomGenerator>
#include <QSslCertificate>

#include <memory>

namespace spillway::tls {

namespace {

template <typename T, void (*F)(T *)>
struct Deleter {
    void operator()(T *p) const { F(p); }
};
using Bio = std::unique_ptr<BIO, Deleter<BIO, BIO_free_all>>;
using Pkey = std::unique_ptr<EVP_PKEY, Deleter<EVP_PKEY, EVP_PKEY_free>>;
using X509Ptr = std::unique_ptr<X509, Deleter<X509, X509_free>>;
using ReqPtr = std::unique_ptr<X509_REQ, Deleter<X509_REQ, X509_REQ_free>>;
using NamePtr = std::unique_ptr<X509_NAME, Deleter<X509_NAME, X509_NAME_free>>;
using ExtStack = std::unique_ptr<STACK_OF(X509_EXTENSION), Deleter<STACK_OF(X509_EXTENSION), [](STACK_OF(X509_EXTENSION) *s) {
                                                                      sk_X509_EXTENSION_pop_free(s, X509_EXTENSION_free);
                                                                  }>>;

Error opensslError(const QString &what)
{
    QString detail;
    unsigned long code;
    while ((code = ERR_get_error()) != 0) {
        char buf[256];
        ERR_error_string_n(code, buf, sizeof buf);
        detail = QString::fromLatin1(buf); // the last error is the most specific
    }
    Error e;
    e.kind = Error::Kind::Tls;
    e.message = detail.isEmpty() ? what : QStringLiteral("%1: %2").arg(what, detail);
    return e;
}

QByteArray bioBytes(BIO *bio)
{
    char *data = nullptr;
    const long len = BIO_get_mem_data(bio, &data);
    return QByteArray(data, int(len));
}

Pkey readPrivateKey(const QByteArray &pem)
{
    Bio bio(BIO_new_mem_buf(pem.constData(), int(pem.size())));
    return Pkey(PEM_read_bio_PrivateKey(bio.get(), nullptr, nullptr, nullptr));
}

Pkey readPublicKey(const QByteArray &pem)
{
    Bio bio(BIO_new_mem_buf(pem.constData(), int(pem.size())));
    return Pkey(PEM_read_bio_PUBKEY(bio.get(), nullptr, nullptr, nullptr));
}

X509Ptr readCertificate(const QByteArray &pem)
{
    Bio bio(BIO_new_mem_buf(pem.constData(), int(pem.size())));
    return X509Ptr(PEM_read_bio_X509(bio.get(), nullptr, nullptr, nullptr));
}

NamePtr subjectName(const CertificateSpec &spec)
{
    NamePtr name(X509_NAME_new());
    for (const QString &o : spec.organizations)
        X509_NAME_add_entry_by_txt(name.get(), "O", MBSTRING_UTF8, reinterpret_cast<const unsigned char *>(o.toUtf8().constData()), -1, -1, 0);
    if (!spec.commonName.isEmpty())
        X509_NAME_add_entry_by_txt(name.get(), "CN", MBSTRING_UTF8,
                                   reinterpret_cast<const unsigned char *>(spec.commonName.toUtf8().constData()), -1, -1, 0);
    return name;
}

// Extension strings in OpenSSL's config syntax, e.g. "critical,CA:TRUE".
std::vector<std::pair<int, QByteArray>> extensionsFor(const CertificateSpec &spec)
{
    std::vector<std::pair<int, QByteArray>> ext;
    if (spec.isCa) {
        ext.emplace_back(NID_basic_constraints, "critical,CA:TRUE");
        ext.emplace_back(NID_key_usage, "critical,keyCertSign,cRLSign,digitalSignature");
    } else {
        ext.emplace_back(NID_basic_constraints, "critical,CA:FALSE");
        ext.emplace_back(NID_key_usage, "critical,digitalSignature,keyEncipherment");
    }
    QByteArrayList eku;
    if (spec.serverAuth) eku << "serverAuth";
    if (spec.clientAuth) eku << "clientAuth";
    if (!eku.isEmpty())
        ext.emplace_back(NID_ext_key_usage, eku.join(','));
    QByteArrayList san;
    for (const QString &d : spec.dnsNames) san << "DNS:" + d.toUtf8();
    for (const QString &ip : spec.ipAddresses) san << "IP:" + ip.toUtf8();
    if (!san.isEmpty())
        ext.emplace_back(NID_subject_alt_name, san.join(','));
    return ext;
}

// Ed25519 signs the message itself; every other key type signs a SHA-256 digest.
const EVP_MD *digestFor(EVP_PKEY *key)
{
    return EVP_PKEY_get_id(key) == EVP_PKEY_ED25519 ? nullptr : EVP_sha256();
}

Result<QByteArray> buildCertificate(X509 *issuerCert, EVP_PKEY *issuerKey, EVP_PKEY *subjectKey, const CertificateSpec &spec)
{
    X509Ptr cert(X509_new());
    X509_set_version(cert.get(), X509_VERSION_3);
    unsigned char serial[16];
    RAND_bytes(serial, sizeof serial);
    serial[0] &= 0x7f; // positive
    std::unique_ptr<BIGNUM, Deleter<BIGNUM, BN_free>> bn(BN_bin2bn(serial, sizeof serial, nullptr));
    BN_to_ASN1_INTEGER(bn.get(), X509_get_serialNumber(cert.get()));
    X509_gmtime_adj(X509_getm_notBefore(cert.get()), -300); // tolerate small clock skew
    X509_gmtime_adj(X509_getm_notAfter(cert.get()), long(spec.validityDays) * 24 * 3600);
    NamePtr subject = subjectName(spec);
    X509_set_subject_name(cert.get(), subject.get());
    X509_set_issuer_name(cert.get(), issuerCert ? X509_get_subject_name(issuerCert) : subject.get());
    X509_set_pubkey(cert.get(), subjectKey);
    X509V3_CTX ctx;
    X509V3_set_ctx_nodb(&ctx);
    X509V3_set_ctx(&ctx, issuerCert ? issuerCert : cert.get(), cert.get(), nullptr, nullptr, 0);
    auto exts = extensionsFor(spec);
    exts.emplace_back(NID_subject_key_identifier, "hash");
    if (issuerCert || spec.isCa)
        exts.emplace_back(NID_authority_key_identifier, "keyid:always");
    for (const auto &[nid, value] : exts) {
        X509_EXTENSION *ext = X509V3_EXT_conf_nid(nullptr, &ctx, nid, value.constData());
        if (!ext)
            return opensslError(QStringLiteral("invalid certificate extension %1").arg(QString::fromLatin1(value)));
        X509_add_ext(cert.get(), ext, -1);
        X509_EXTENSION_free(ext);
    }
    if (X509_sign(cert.get(), issuerKey, digestFor(issuerKey)) <= 0)
        return opensslError(QStringLiteral("signing the certificate failed"));
    Bio out(BIO_new(BIO_s_mem()));
    PEM_write_bio_X509(out.get(), cert.get());
    return bioBytes(out.get());
}

} // namespace

Result<KeyPair> generateKey(KeyType type)
{
    Pkey key;
    switch (type) {
    case KeyType::EcP256:
        key.reset(EVP_EC_gen("P-256"));
        break;
    case KeyType::Ed25519:
        key.reset(EVP_PKEY_Q_keygen(nullptr, nullptr, "ED25519"));
        break;
    case KeyType::Rsa2048:
        key.reset(EVP_RSA_gen(2048));
        break;
    }
    if (!key)
        return opensslError(QStringLiteral("generating a key failed"));
    Bio priv(BIO_new(BIO_s_mem())), pub(BIO_new(BIO_s_mem()));
    PEM_write_bio_PrivateKey(priv.get(), key.get(), nullptr, nullptr, 0, nullptr, nullptr);
    PEM_write_bio_PUBKEY(pub.get(), key.get());
    return KeyPair{bioBytes(priv.get()), bioBytes(pub.get())};
}

Result<QByteArray> publicKeyOf(const QByteArray &privatePem)
{
    Pkey key = readPrivateKey(privatePem);
    if (!key)
        return opensslError(QStringLiteral("not a PEM private key"));
    Bio pub(BIO_new(BIO_s_mem()));
    PEM_write_bio_PUBKEY(pub.get(), key.get());
    return bioBytes(pub.get());
}

Result<QByteArray> selfSignedCertificate(const QByteArray &privatePem, const CertificateSpec &spec)
{
    Pkey key = readPrivateKey(privatePem);
    if (!key)
        return opensslError(QStringLiteral("not a PEM private key"));
    return buildCertificate(nullptr, key.get(), key.get(), spec);
}

QByteArray randomBytes(int n)
{
    QByteArray out(n, Qt::Uninitialized);
    if (n > 0 && RAND_bytes(reinterpret_cast<unsigned char *>(out.data()), n) != 1)
        for (int i = 0; i < n; ++i)   // the kernel's generator (getrandom), as Qt reads it
            out[i] = char(QRandomGenerator::system()->bounded(256));
    return out;
}

Result<QByteArray> signCertificate(const QByteArray &caCertPem, const QByteArray &caKeyPem, const QByteArray &subjectPublicPem,
                                   const CertificateSpec &spec)
{
    X509Ptr ca = readCertificate(caCertPem);
    if (!ca)
        return opensslError(QStringLiteral("the CA certificate is not PEM"));
    Pkey caKey = readPrivateKey(caKeyPem);
    if (!caKey)
        return opensslError(QStringLiteral("the CA key is not a PEM private key"));
    if (X509_check_private_key(ca.get(), caKey.get()) != 1)
        return opensslError(QStringLiteral("the CA key does not match the CA certificate"));
    Pkey subject = readPublicKey(subjectPublicPem);
    if (!subject)
        return opensslError(QStringLiteral("the subject's public key is not PEM"));
    return buildCertificate(ca.get(), caKey.get(), subject.get(), spec);
}

Result<QByteArray> certificateSigningRequest(const QByteArray &privatePem, const CertificateSpec &spec)
{
    Pkey key = readPrivateKey(privatePem);
    if (!key)
        return opensslError(QStringLiteral("not a PEM private key"));
    ReqPtr req(X509_REQ_new());
    X509_REQ_set_version(req.get(), X509_REQ_VERSION_1);
    NamePtr subject = subjectName(spec);
    X509_REQ_set_subject_name(req.get(), subject.get());
    X509_REQ_set_pubkey(req.get(), key.get());
    const auto extList = extensionsFor(spec);
    if (!spec.dnsNames.isEmpty() || !spec.ipAddresses.isEmpty() || spec.serverAuth || spec.clientAuth) {
        ExtStack exts(sk_X509_EXTENSION_new_null());
        for (const auto &[nid, value] : extList) {
            if (nid == NID_basic_constraints || nid == NID_key_usage)
                continue; // the signer decides these
            X509_EXTENSION *ext = X509V3_EXT_conf_nid(nullptr, nullptr, nid, value.constData());
            if (!ext)
                return opensslError(QStringLiteral("invalid request extension %1").arg(QString::fromLatin1(value)));
            sk_X509_EXTENSION_push(exts.get(), ext);
        }
        X509_REQ_add_extensions(req.get(), exts.get());
    }
    if (X509_REQ_sign(req.get(), key.get(), digestFor(key.get())) <= 0)
        return opensslError(QStringLiteral("signing the request failed"));
    Bio out(BIO_new(BIO_s_mem()));
    PEM_write_bio_X509_REQ(out.get(), req.get());
    return bioBytes(out.get());
}

bool certificateServes(const QByteArray &certPem, const QStringList &names, int minDaysLeft)
{
    const auto certs = QSslCertificate::fromData(certPem);
    if (certs.isEmpty() || certs.first().expiryDate() < QDateTime::currentDateTimeUtc().addDays(minDaysLeft))
        return false;
    const auto alternatives = certs.first().subjectAlternativeNames();
    const QStringList known = alternatives.values(QSsl::DnsEntry) + alternatives.values(QSsl::IpAddressEntry);
    for (const QString &name : names)
        if (!known.contains(name))
            return false;
    return true;
}

} // namespace spillway::tls
