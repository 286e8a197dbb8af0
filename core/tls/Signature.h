#pragma once

#include "common/Error.h"

#include <QByteArray>
#include <QStringList>

namespace spillway::tls {

// Signs `message` with a private key (PEM, PKCS#8): Ed25519 signs the message itself, EC and RSA
// sign its SHA-256. Peering uses it for the nonce challenge: the consumer proves it holds the
// cluster key whose public half it hands the provider.
Result<QByteArray> signMessage(const QByteArray &privatePem, const QByteArray &message);
// False for a bad key, a bad signature, or a signature by another key; never throws.
bool verifyMessage(const QByteArray &publicPem, const QByteArray &message, const QByteArray &signature);

// The subject of a PEM certificate signing request and its public key (PEM), read before the
// provider signs it: the common name must be the requesting cluster's ID and the key the one it
// signed the nonce with, or a consumer could obtain a certificate in another cluster's name.
struct CsrSubject {
    QString commonName;
    QStringList organizations;
    QByteArray publicPem;
};
Result<CsrSubject> csrSubject(const QByteArray &csrPem);

// The public key (PEM) a PEM certificate certifies; empty when unreadable.
QByteArray certificatePublicKey(const QByteArray &certPem);

// The notAfter of a PEM certificate, as seconds since the epoch (0 when unreadable).
qint64 certificateExpiry(const QByteArray &certPem);

} // namespace spillway::tls
