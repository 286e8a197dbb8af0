#pragma once

#include "common/Error.h"
#include "kube/KubeClient.h"

namespace spillway::peering {

inline constexpr const char *kSignedNonceLabel = "liqo.io/signed-nonce";
inline constexpr const char *kSignedNonceSecret = "liqo-signed-nonce";
inline constexpr const char *kSignedNonceKey = "signedNonce";

// Consumer side, for Liqo's tools: liqoctl peer copies the provider's nonce into Secret
// liqo-signed-nonce (labelled liqo.io/signed-nonce) of this cluster's tenant namespace for that
// provider and waits for data.signedNonce: this cluster's signature over it, made with the cluster
// key in Secret authentication-keys, which never leaves the cluster. Only a well-formed nonce (the
// base64 text of at least 32 bytes, as providers issue them) in the right namespace is signed.
class NonceSignerReconciler
{
public:
    struct Options {
        QString liqoNamespace = QStringLiteral("liqo");
    };
    NonceSignerReconciler(kube::KubeClient &client, Options options);
    Result<void> reconcile(const QString &key);   // "namespace/name"

private:
    kube::KubeClient &m_client;
    Options m_options;
};

} // namespace spillway::peering
