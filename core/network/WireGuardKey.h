#pragma once

#include "common/Error.h"

#include <QByteArray>

namespace spillway::network {

// A WireGuard (Curve25519) key pair, made with OpenSSL's X25519. Keys travel as base64 (the wg
// tools, Liqo's PublicKey.spec.publicKey) and as hex (wireguard-go's UAPI).
struct WireGuardKeyPair {
    QByteArray privateKey;   // 32 raw bytes
    QByteArray publicKey;    // 32 raw bytes
};

Result<WireGuardKeyPair> generateWireGuardKey();
// The public half of a raw 32-byte private key.
Result<QByteArray> wireGuardPublicKey(const QByteArray &privateKey);
// A base64 key as `wg` prints it → 32 raw bytes; anything else is an error naming the problem.
Result<QByteArray> decodeWireGuardKey(const QByteArray &base64);

} // namespace spillway::network
