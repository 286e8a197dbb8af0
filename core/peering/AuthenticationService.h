#pragma once

#include "kube/KubeClient.h"
#include "peering/AuthenticationGuard.h"
#include "peering/Nonce.h"
#include "peering/PeerTokens.h"
#include "webhook/HttpsServer.h"

#include <atomic>

namespace spillway::peering {

// The provider's authentication endpoint for out-of-band peering, served by the controller
// manager over HTTPS. Two calls, both JSON over POST and both needing the invitation's token:
//   /v1/peering/challenge {token, clusterID, version} → {clusterID, version, nonce}
//     checks the release, binds the token to the consumer, makes the tenant namespace,
//     ForeignCluster and a nonce with at least half its lifetime left;
//   /v1/peering/tenant {token, clusterID, publicKey, csr, signature} → 202 while the
//     certificate is being issued, 200 {clusterID, authParams} once it is (the token is then
//     spent), 403 with the reason when refused.
// The signature is verified here, against the current nonce, before any Tenant is written; the
// Tenant controller verifies it again and issues the certificate, exactly as in-band. Requests
// are untrusted input: malformed ones get 400. Every failed verification is counted by the
// AuthenticationGuard per consumer and per source address, and once either is over its budget
// the endpoint answers 429 with Retry-After until the backoff has passed.
class AuthenticationService
{
public:
    struct Options {
        QString ns = QStringLiteral("liqo");
        QString fieldManager = QStringLiteral("spillway-authentication");
        PeerTokens::Options tokens;
        NonceOptions nonce;
    };
    AuthenticationService(kube::KubeClient &client, AuthenticationGuard &guard, Options options);

    void serveOn(webhook::HttpsServer &server);
    webhook::HttpResponse challenge(const webhook::HttpRequest &request);
    webhook::HttpResponse tenant(const webhook::HttpRequest &request);

    quint64 refused() const { return m_refused; }
    quint64 malformed() const { return m_malformed; }

private:
    // The answer to a failed request; a refusal with a cause is counted against guardKeys.
    webhook::HttpResponse failure(const Error &e, const QStringList &guardKeys, const QString &cause);
    std::optional<webhook::HttpResponse> throttled(const QStringList &guardKeys);
    // Whether consumerId's Tenant here holds a certificate for publicPem (its peering stands).
    Result<bool> peeringStands(const QString &consumerId, const QByteArray &publicPem, nlohmann::json *authParams = nullptr);

    kube::KubeClient &m_client;
    AuthenticationGuard &m_guard;
    Options m_options;
    PeerTokens m_tokens;
    std::atomic<quint64> m_refused{0}, m_malformed{0};
};

} // namespace spillway::peering
