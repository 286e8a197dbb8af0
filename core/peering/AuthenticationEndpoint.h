#pragma once

#include "common/Error.h"
#include "kube/KubeClient.h"

namespace spillway::peering {

// Where consumers reach a provider's authentication endpoint for out-of-band peering, and how
// they know it is the right one: the serving key pair lives in Secret spillway-authentication-tls
// (made once, so invitations outlive restarts), and ConfigMap spillway-authentication publishes
// the advertised URL and the certificate's SHA-256 fingerprint for `spillctl generate peer-command`.
struct AuthenticationEndpoint {
    QString url;
    QString fingerprint;           // sha256:<hex of the DER certificate>
    QByteArray certPem, keyPem;    // only on the serving side
};

inline constexpr const char *kAuthenticationConfigMap = "spillway-authentication";
inline constexpr const char *kAuthenticationTlsSecret = "spillway-authentication-tls";

QString certificateFingerprint(const QByteArray &certPem);

// Controller manager: the serving certificate for `host` (reissued when the host changes), then,
// once listening, the published ConfigMap.
Result<AuthenticationEndpoint> prepareAuthenticationEndpoint(kube::KubeClient &client, const QString &ns, const QString &host,
                                                             const QString &fieldManager);
Result<void> publishAuthenticationEndpoint(kube::KubeClient &client, const QString &ns, const AuthenticationEndpoint &endpoint,
                                           const QString &fieldManager);
// spillctl: what the controller manager published.
Result<AuthenticationEndpoint> readAuthenticationEndpoint(kube::KubeClient &client, const QString &ns);

} // namespace spillway::peering
