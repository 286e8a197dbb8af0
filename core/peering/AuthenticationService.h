#pragma once

#include "kube/KubeClient.h"
#include "peering/PeerTokens.h"
#include "webhook/HttpsServer.h"

#include <atomic>

namespace spillway::peering {

// The provider's authentication endpoint for out-of-band peering, served by the controller
// manager over HTTPS. Two calls, both JSON over POST and both needing the invitation's token:
//   /v1/peering/challenge {token, clusterID, version} → {clusterID, version, nonce}
//     checks the release, binds the token to the consumer, makes the tenant namespace,
//     ForeignCluster and nonce;
//   /v1/peering/tenant {token, clusterID, publicKey, csr, signature} → 202 while the
//     certificate is being issued, 200 {clusterID, authParams} once it is (the token is then
//     spent), 403 with the reason when the Tenant is refused.
// The Tenant itself is verified and answered by TenantReconciler, exactly as in-band. Requests
// are untrusted input: malformed ones get 400 and are counted, refusals are counted.
class AuthenticationService
{
public:
    struct Options {
        QString ns = QStringLiteral("liqo");
        QString fieldManager = QStringLiteral("spillway-authentication");
        PeerTokens::Options tokens;
    };
    AuthenticationService(kube::KubeClient &client, Options options);

    void serveOn(webhook::HttpsServer &server);
    webhook::HttpResponse challenge(const QByteArray &body);
    webhook::HttpResponse tenant(const QByteArray &body);

    quint64 refused() const { return m_refused; }
    quint64 malformed() const { return m_malformed; }

private:
    webhook::HttpResponse failure(const Error &e);

    kube::KubeClient &m_client;
    Options m_options;
    PeerTokens m_tokens;
    std::atomic<quint64> m_refused{0}, m_malformed{0};
};

} // namespace spillway::peering
