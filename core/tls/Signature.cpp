#include "tls/Signature.h"

#include <openssl/bio.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>

#include <ctime>
#include <memory>

namespace spillway::tls {

namespace {

template <typename T, void (*F)(T *)>
struct Deleter {
    void operator()(T *p) const { F(p); }
};
using Bio = std::unique_ptr<BIO, Deleter<BIO, BIO_free_all>>;
using Pkey = std::unique_ptr<EVP_PKEY, Deleter<EVP_PKEY, EVP_PKEY_free>>;
using MdCtx = std::unique_ptr<EVP_MD_CTX, Deleter<EVP_MD_CTX, EVP_MD_CTX_free>>;
using Req = std::unique_ptr<X509_REQ, Deleter<X509_REQ, X509_REQ_free>>;
using Cert = std::unique_ptr<X509, Deleter<X509, X509_free>>;

Bio readBio(const QByteArray &pem) { return Bio(BIO_new_mem_buf(pem.constData(), int(pem.size()))); }

// Ed25519 and Ed448 hash internally and take no digest.
const EVP_MD *digestFor(EVP_PKEY *key)
{
    const int id = EVP_PKEY_get_base_id(key);
    return id == EVP_PKEY_ED25519 || id == EVP_PKEY_ED448 ? nullptr : EVP_sha256();
}

QString nameEntry(X509_NAME *name, int nid, QStringList *all = nullptr)
{
    QString first;
    for (int i = X509_NAME_get_index_by_NID(name, nid, -1); i >= 0; i = X509_NAME_get_index_by_NID(name, nid, i)) {
        unsigned char *utf8 = nullptr;
        const int len = ASN1_STRING_to_UTF8(&utf8, X509_NAME_ENTRY_get_data(X509_NAME_get_entry(name, i)));
        if (len < 0)
            continue;
        const QString value = QString::fromUtf8(reinterpret_cast<const char *>(utf8), len);
        OPENSSL_free(utf8);
        if (first.isEmpty())
            first = value;
        if (all)
            *all << value;
    }
    return first;
}

} // namespace

Result<QByteArray> signMessage(const QByteArray &privatePem, const QByteArray &message)
{
    Bio bio = readBio(privatePem);
    Pkey key(PEM_read_bio_PrivateKey(bio.get(), nullptr, nullptr, nullptr));
    if (!key)
        return Error::of(Error::Kind::Config, QStringLiteral("not a readable private key"));
    MdCtx ctx(EVP_MD_CTX_new());
    size_t len = 0;
    if (EVP_DigestSignInit(ctx.get(), nullptr, digestFor(key.get()), nullptr, key.get()) != 1
        || EVP_DigestSign(ctx.get(), nullptr, &len, reinterpret_cast<const unsigned char *>(message.constData()), size_t(message.size())) != 1)
        return Error::of(Error::Kind::Internal, QStringLiteral("signing failed"));
    QByteArray signature(qsizetype(len), Qt::Uninitialized);
    if (EVP_DigestSign(ctx.get(), reinterpret_cast<unsigned char *>(signature.data()), &len,
                       reinterpret_cast<const unsigned char *>(message.constData()), size_t(message.size())) != 1)
        return Error::of(Error::Kind::Internal, QStringLiteral("signing failed"));
    signature.resize(qsizetype(len));
    return signature;
}

bool verifyMessage(const QByteArray &publicPem, const QByteArray &message, const QByteArray &signature)
{
    Bio bio = readBio(publicPem);
    Pkey key(PEM_read_bio_PUBKEY(bio.get(), nullptr, nullptr, nullptr));
    if (!key || signature.isEmpty())
        return false;
    MdCtx ctx(EVP_MD_CTX_new());
    return EVP_DigestVerifyInit(ctx.get(), nullptr, digestFor(key.get()), nullptr, key.get()) == 1
           && EVP_DigestVerify(ctx.get(), reinterpret_cast<const unsigned char *>(signature.constData()), size_t(signature.size()),
                               reinterpret_cast<const unsigned char *>(message.constData()), size_t(message.size())) == 1;
}

Result<CsrSubject> csrSubject(const QByteArray &csrPem)
{
    Bio bio = readBio(csrPem);
    Req req(PEM_read_bio_X509_REQ(bio.get(), nullptr, nullptr, nullptr));
    if (!req)
        return Error::of(Error::Kind::Decode, QStringLiteral("not a PEM certificate signing request"));
    Pkey key(X509_REQ_get_pubkey(req.get()));
    if (!key || X509_REQ_verify(req.get(), key.get()) != 1)
        return Error::of(Error::Kind::Decode, QStringLiteral("the certificate signing request's own signature does not verify"));
    CsrSubject out;
    X509_NAME *name = X509_REQ_get_subject_name(req.get());
    out.commonName = nameEntry(name, NID_commonName);
    nameEntry(name, NID_organizationName, &out.organizations);
    Bio mem(BIO_new(BIO_s_mem()));
    PEM_write_bio_PUBKEY(mem.get(), key.get());
    char *data = nullptr;
    const long len = BIO_get_mem_data(mem.get(), &data);
    out.publicPem = QByteArray(data, int(len));
    return out;
}

QByteArray certificatePublicKey(const QByteArray &certPem)
{
    Bio bio = readBio(certPem);
    Cert cert(PEM_read_bio_X509(bio.get(), nullptr, nullptr, nullptr));
    if (!cert)
        return {};
    Pkey key(X509_get_pubkey(cert.get()));
    if (!key)
        return {};
    Bio mem(BIO_new(BIO_s_mem()));
    PEM_write_bio_PUBKEY(mem.get(), key.get());
    char *data = nullptr;
    const long len = BIO_get_mem_data(mem.get(), &data);
    return QByteArray(data, int(len));
}

qint64 certificateExpiry(const QByteArray &certPem)
{
    Bio bio = readBio(certPem);
    Cert cert(PEM_read_bio_X509(bio.get(), nullptr, nullptr, nullptr));
    if (!cert)
        return 0;
    struct tm t = {};
    if (ASN1_TIME_to_tm(X509_get0_notAfter(cert.get()), &t) != 1)
        return 0;
    return qint64(timegm(&t));
}

} // namespace spillway::tls
