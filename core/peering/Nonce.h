#pragma once

#include "common/Error.h"
#include "kube/KubeClient.h"

#include <functional>

// The provider's authentication challenge: one nonce per consumer, in Secret liqo-nonce of the
// consumer's tenant namespace, with Liqo's label (liqo.io/nonce) and key (data.nonce, the base64
// text of 64 random bytes, which is what gets signed). A nonce proves freshness only if it is
// used once and not for long, so Spillway also records when it was issued and replaces it when it
// is empty, malformed, past its lifetime, or once a certificate has been issued against it.
namespace spillway::peering {

inline constexpr const char *kNonceLabel = "liqo.io/nonce";
inline constexpr const char *kNonceIssuedAtAnnotation = "spillway.dev/nonce-issued-at";   // seconds since the epoch
inline constexpr int kNonceRandomBytes = 64;
inline constexpr int kNonceMinimumBytes = 32;

struct NonceOptions {
    qint64 lifetimeSeconds = 600;                 // a Tenant signed over an older nonce is refused
    std::function<qint64()> now;                  // seconds since the epoch
    std::function<QByteArray(int)> randomBytes;   // cryptographically random
};
// Fills in the clock and the system's random generator where the caller left them empty.
NonceOptions withDefaults(NonceOptions options);

// The bytes a consumer signs: the Secret's data.nonce, decoded from the Secret's base64.
QByteArray nonceValue(const nlohmann::json &secret);

// Why the nonce in `secret` is not well-formed (empty, or not the base64 text of at least 32
// bytes); empty when it is. Pure and total.
QString nonceFormProblem(const nlohmann::json &secret);

// Why the nonce in `secret` cannot be signed or verified at `now`; empty when it can. A nonce is
// well-formed when it is the base64 text of at least 32 bytes, and current while younger than
// the lifetime. Pure and total: `secret` is untrusted (anyone allowed to write Secrets there).
QString nonceProblem(const nlohmann::json &secret, qint64 now, qint64 lifetimeSeconds);

// Until when the nonce in `secret` is handed to a challenger: half its lifetime, so that a
// challenger has at least that long to answer. 0 when unreadable.
qint64 nonceHandOutUntil(const nlohmann::json &secret, qint64 lifetimeSeconds);
// When the nonce controller replaces a nonce nobody used: at three quarters of its lifetime, a
// quarter after the last challenger got it (a handshake in flight is not cut short), and early
// enough that whoever reads the Secret then (liqoctl) still has a quarter. 0 when unreadable.
qint64 nonceRefreshAt(const nlohmann::json &secret, qint64 lifetimeSeconds);

// `secret` (or a new liqo-nonce for consumerId when null) holding a fresh nonce issued now.
nlohmann::json withFreshNonce(nlohmann::json secret, const QString &consumerId, const NonceOptions &options);

// Provider side: the nonce to challenge consumerId with. The current one until nonceHandOutUntil;
// otherwise a new one replaces it (a compare-and-swap write, so two
// challengers racing get the same nonce).
Result<QByteArray> ensureNonce(kube::KubeClient &client, const QString &consumerId, const NonceOptions &options = {});

// Provider side: the nonce `spent` has issued a certificate; if liqo-nonce still holds it, it is
// replaced so that no later Tenant can be verified against it.
Result<void> spendNonce(kube::KubeClient &client, const QString &consumerId, const QByteArray &spent, const NonceOptions &options = {});

} // namespace spillway::peering
