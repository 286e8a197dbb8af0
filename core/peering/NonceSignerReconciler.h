#pragma once

#include "common/Error.h"
#include "kube/KubeClient.h"

#include <functional>

namespace spillway::peering {

inline constexpr const char *kSignedNonceLabel = "liqo.io/signed-nonce";
inline constexpr const char *kSignedNonceSecret = "liqo-signed-nonce";
inline constexpr const char *kSignedNonceKey = "signedNonce";
inline constexpr const char *kSignedAtAnnotation = "spillway.dev/signed-at";   // seconds since the epoch
// A digest of the provider's certificate this cluster held when it signed ("none" without one).
inline constexpr const char *kSignedBeforeCertificateAnnotation = "spillway.dev/signed-before-certificate";

// Consumer side, for Liqo's tools: liqoctl peer copies the provider's nonce into Secret
// liqo-signed-nonce (labelled liqo.io/signed-nonce) of this cluster's tenant namespace for that
// provider and waits for data.signedNonce: this cluster's signature over it, made with the cluster
// key in Secret authentication-keys, which never leaves the cluster. Only a well-formed nonce (the
// base64 text of at least 32 bytes, as providers issue them) in the right namespace is signed.
//
// A signed nonce is retired (the Secret deleted) once it has done its work — the control-plane
// Identity for that provider holds a certificate other than the one it held at signing — or a
// minute after signing: liqoctl reads data.signedNonce within a second (it polls every second),
// and a re-peering that keeps its certificate changes nothing the signer could see. liqoctl
// refuses a liqo-signed-nonce that holds another nonce, so without this a later `liqoctl peer`
// would fail.
class NonceSignerReconciler
{
public:
    struct Options {
        QString liqoNamespace = QStringLiteral("liqo");
        qint64 nonceLifetimeSeconds = 600;     // never kept past it: the provider refuses the nonce then
        qint64 retireSignedAfterSeconds = 60;
        std::function<qint64()> now;   // seconds since the epoch; the system clock when empty
        std::function<void(const QString &key, qint64 ms)> requeueAfter = [](const QString &, qint64) {};
    };
    NonceSignerReconciler(kube::KubeClient &client, Options options);
    Result<void> reconcile(const QString &key);   // "namespace/name"

private:
    Result<QString> certificateMark(const QString &ns, const QString &providerId);
    qint64 retireAfterSeconds() const;

    kube::KubeClient &m_client;
    Options m_options;
};

} // namespace spillway::peering
