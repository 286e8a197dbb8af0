#include "network/WireGuardKey.h"

#include <openssl/evp.h>

#include <memory>

namespace spillway::network {

namespace {

struct PkeyFree {
    void operator()(EVP_PKEY *p) const { EVP_PKEY_free(p); }
};
using Pkey = std::unique_ptr<EVP_PKEY, PkeyFree>;

Error keyError(const QString &what)
{
    return Error::of(Error::Kind::Internal, QStringLiteral("WireGuard key: %1").arg(what));
}

} // namespace

Result<QByteArray> wireGuardPublicKey(const QByteArray &privateKey)
{
    if (privateKey.size() != 32)
        return keyError(QStringLiteral("a private key is 32 bytes, got %1").arg(privateKey.size()));
    Pkey key(EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, nullptr, reinterpret_cast<const unsigned char *>(privateKey.constData()), 32));
    if (!key)
        return keyError(QStringLiteral("OpenSSL refused the private key"));
    QByteArray out(32, '\0');
    size_t len = 32;
    if (EVP_PKEY_get_raw_public_key(key.get(), reinterpret_cast<unsigned char *>(out.data()), &len) != 1 || len != 32)
        return keyError(QStringLiteral("OpenSSL could not derive the public key"));
    return out;
}

Result<WireGuardKeyPair> generateWireGuardKey()
{
    Pkey key(EVP_PKEY_Q_keygen(nullptr, nullptr, "X25519"));
    if (!key)
        return keyError(QStringLiteral("OpenSSL could not generate an X25519 key"));
    WireGuardKeyPair out;
    out.privateKey = QByteArray(32, '\0');
    out.publicKey = QByteArray(32, '\0');
    size_t privLen = 32, pubLen = 32;
    if (EVP_PKEY_get_raw_private_key(key.get(), reinterpret_cast<unsigned char *>(out.privateKey.data()), &privLen) != 1 ||
        EVP_PKEY_get_raw_public_key(key.get(), reinterpret_cast<unsigned char *>(out.publicKey.data()), &pubLen) != 1 || privLen != 32 || pubLen != 32)
        return keyError(QStringLiteral("OpenSSL could not export the X25519 key"));
    return out;
}

Result<QByteArray> decodeWireGuardKey(const QByteArray &base64)
{
    const auto decoded = QByteArray::fromBase64Encoding(base64.trimmed(), QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded || decoded.decoded.size() != 32)
        return Error::of(Error::Kind::Decode, QStringLiteral("\"%1\" is not a WireGuard key (44 characters of base64, 32 bytes)").arg(QString::fromLatin1(base64.left(60))));
    return decoded.decoded;
}

} // namespace spillway::network
