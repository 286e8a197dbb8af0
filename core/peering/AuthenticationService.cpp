#include "peering/AuthenticationService.h"

#include "apis/authentication/v1beta1/Tenant.h"
#include "common/Names.h"
#include "peering/LocalCluster.h"
#include "peering/PeeringNames.h"
#include "peering/ProviderChannel.h"
#include "peering/TenantProof.h"
#include "peering/TenantReconciler.h"
#include "tls/Signature.h"

namespace spillway::peering {

using nlohmann::json;

namespace {

webhook::HttpResponse answer(int status, const json &body)
{
    return {status, QByteArray::fromStdString(body.dump())};
}

QString stringField(const json &j, const char *name)
{
    if (!j.is_object())
        return {};
    const auto it = j.find(name);
    return it != j.end() && it->is_string() && it->get_ref<const std::string &>().size() <= 4096 ? QString::fromStdString(it->get<std::string>()) : QString();
}

Error refusedWith(const QString &why)
{
    Error e = Error::of(Error::Kind::Auth, why, QStringLiteral("start the peering again; if it keeps failing, ask the provider for a new invitation"));
    e.httpStatus = 403;
    return e;
}

// Whether `tenant` holds a certificate for publicPem; its authParams go to *authParams when it does.
bool certifies(const json &tenant, const QByteArray &publicPem, json *authParams)
{
    const json params = tenant.value("status", json::object()).value("authParams", json::object());
    const QByteArray cert = QByteArray::fromBase64(QByteArray::fromStdString(params.value("signedCRT", "")));
    if (cert.isEmpty() || publicPem.isEmpty() || tls::certificatePublicKey(cert).trimmed() != publicPem.trimmed())
        return false;
    if (authParams)
        *authParams = params;
    return true;
}

} // namespace

AuthenticationService::AuthenticationService(kube::KubeClient &client, AuthenticationGuard &guard, Options options)
    : m_client(client), m_guard(guard), m_options(std::move(options)), m_tokens(client, [this] {
          PeerTokens::Options t = m_options.tokens;
          t.ns = m_options.ns;
          return t;
      }())
{
    m_options.nonce = withDefaults(m_options.nonce);
}

void AuthenticationService::serveOn(webhook::HttpsServer &server)
{
    // Blocking: each call talks to the apiserver.
    server.route(QStringLiteral("/v1/peering/challenge"), [this](const webhook::HttpRequest &r) { return challenge(r); }, true);
    server.route(QStringLiteral("/v1/peering/tenant"), [this](const webhook::HttpRequest &r) { return tenant(r); }, true);
}

std::optional<webhook::HttpResponse> AuthenticationService::throttled(const QStringList &guardKeys)
{
    const qint64 waitMs = m_guard.retryAfterMs(guardKeys);
    if (waitMs <= 0)
        return std::nullopt;
    const qint64 seconds = (waitMs + 999) / 1000;
    webhook::HttpResponse r = answer(429, {{"error", QStringLiteral("too many failed authentication attempts from this cluster or address; "
                                                                    "the provider answers again in %1 s").arg(seconds).toStdString()},
                                           {"hint", "wait, then run the same command again; check the invitation if it keeps failing"},
                                           {"retryAfterSeconds", seconds}});
    r.headers.append({QByteArrayLiteral("Retry-After"), QByteArray::number(seconds)});
    return r;
}

webhook::HttpResponse AuthenticationService::failure(const Error &e, const QStringList &guardKeys, const QString &cause)
{
    if (e.kind == Error::Kind::Decode) {
        ++m_malformed;
        m_guard.failed(guardKeys, QStringLiteral("malformed"));
        return answer(400, {{"error", e.message.toStdString()}});
    }
    if (e.kind == Error::Kind::Auth || e.httpStatus == 403) {
        ++m_refused;
        // An empty cause: a refusal already counted where it was made (the Tenant controller).
        if (!cause.isEmpty())
            m_guard.failed(guardKeys, cause);
        return answer(403, {{"error", e.message.toStdString()}, {"hint", e.hint.toStdString()}});
    }
    if (e.kind == Error::Kind::Config) {
        ++m_refused;
        return answer(409, {{"error", e.message.toStdString()}, {"hint", e.hint.toStdString()}});
    }
    // The apiserver behind us failed: the consumer may retry.
    return answer(503, {{"error", QStringLiteral("the provider could not complete the request: %1").arg(e.toString()).toStdString()}});
}

Result<bool> AuthenticationService::peeringStands(const QString &consumerId, const QByteArray &publicPem, json *authParams)
{
    auto current = m_client.get(apis::authentication::v1beta1::tenantResource(), tenantNamespace(consumerId), consumerId);
    if (!current)
        return current.error().isNotFound() ? Result<bool>(false) : Result<bool>(current.error());
    return certifies(*current, publicPem, authParams);
}

webhook::HttpResponse AuthenticationService::challenge(const webhook::HttpRequest &http)
{
    const json in = json::parse(http.body.constData(), http.body.constData() + http.body.size(), nullptr, false);
    const QString token = stringField(in, "token"), consumerId = stringField(in, "clusterID");
    QStringList keys{AuthenticationGuard::addressKey(http.peerAddress)};
    if (isValidClusterId(consumerId))
        keys << AuthenticationGuard::consumerKey(consumerId);
    if (auto busy = throttled(keys))
        return *busy;
    const auto version = Version::parse(stringField(in, "version"));
    if (!in.is_object() || token.isEmpty() || !isValidClusterId(consumerId) || !version)
        return failure(Error::of(Error::Kind::Decode, QStringLiteral("a challenge needs token, clusterID and version")), keys, {});
    auto self = readLocalCluster(m_client, m_options.ns);
    if (!self)
        return failure(self.error(), keys, {});
    if (const QString expected = stringField(in, "providerClusterID"); !expected.isEmpty() && expected != self->clusterId)
        return failure(Error::of(Error::Kind::Config, QStringLiteral("this endpoint belongs to cluster \"%1\", not \"%2\"").arg(self->clusterId, expected),
                                 QStringLiteral("check --cluster-id and --auth-url come from the same invitation")), keys, {});
    if (auto ok = checkCompatible(LocalCluster{consumerId, *version, {}, {}}, *self); !ok)
        return failure(ok.error(), keys, {});
    const QByteArray publicKey = QByteArray::fromBase64(stringField(in, "publicKey").toLatin1());
    auto stands = peeringStands(consumerId, publicKey);
    if (!stands)
        return failure(stands.error(), keys, {});
    if (auto r = m_tokens.bind(token, consumerId, publicKey, *stands); !r)
        return failure(r.error(), keys, QStringLiteral("token"));
    if (auto r = ensureTenantNamespace(m_client, consumerId, m_options.fieldManager); !r)
        return failure(r.error(), keys, {});
    if (auto r = ensureForeignCluster(m_client, consumerId, m_options.fieldManager); !r)
        return failure(r.error(), keys, {});
    auto nonce = ensureNonce(m_client, consumerId, m_options.nonce);
    if (!nonce)
        return failure(nonce.error(), keys, {});
    return answer(200, {{"clusterID", self->clusterId.toStdString()}, {"version", self->version.toString().toStdString()},
                        {"nonce", nonce->toBase64().toStdString()}});
}

webhook::HttpResponse AuthenticationService::tenant(const webhook::HttpRequest &http)
{
    const json in = json::parse(http.body.constData(), http.body.constData() + http.body.size(), nullptr, false);
    const QString token = stringField(in, "token");
    auto request = TenantRequest::fromJson(in);
    QStringList keys{AuthenticationGuard::addressKey(http.peerAddress)};
    if (request)
        keys << AuthenticationGuard::consumerKey(request->consumerId);
    if (auto busy = throttled(keys))
        return *busy;
    if (!request)
        return failure(request.error(), keys, {});
    if (token.isEmpty())
        return failure(Error::of(Error::Kind::Decode, QStringLiteral("the request needs the token")), keys, {});
    json issued;
    auto stands = peeringStands(request->consumerId, request->publicPem, &issued);
    if (!stands)
        return failure(stands.error(), keys, {});
    if (auto r = m_tokens.check(token, request->consumerId, request->publicPem, false, *stands); !r)
        return failure(r.error(), keys, QStringLiteral("token"));
    const QString ns = tenantNamespace(request->consumerId);
    if (!*stands) {
        // Verified here first, so that a bad signature writes nothing and is counted at once.
        auto nonce = m_client.get(kube::resources::secrets(), ns, QString::fromLatin1(kNonceSecret));
        if (!nonce && !nonce.error().isNotFound())
            return failure(nonce.error(), keys, {});
        const TenantProof proof{request->consumerId, request->publicPem, request->csrPem, request->signature};
        if (const ProofRefusal why = proofRefusal(proof, nonce ? *nonce : json(), m_options.nonce.now(), m_options.nonce.lifetimeSeconds); why.refused())
            return failure(refusedWith(QStringLiteral("the provider refused the peering: %1").arg(why.message)), keys, why.cause);
        const kube::ResourceRef tenants = apis::authentication::v1beta1::tenantResource();
        if (auto r = m_client.apply(tenants, ns, request->toTenant(), m_options.fieldManager, true); !r)
            return failure(r.error(), keys, {});
        auto current = m_client.get(tenants, ns, request->consumerId);
        if (!current)
            return failure(current.error(), keys, {});
        if (const QString why = tenantRefusal(*current); !why.isEmpty())
            return failure(refusedWith(QStringLiteral("the provider refused the peering: %1").arg(why)), keys, {});
        if (!certifies(*current, request->publicPem, &issued))
            return answer(202, {{"pending", "the provider is issuing the certificate"}});
    }
    if (auto r = m_tokens.check(token, request->consumerId, request->publicPem, true, true); !r)
        return failure(r.error(), keys, QStringLiteral("token"));
    m_guard.succeeded(keys);
    auto self = readLocalCluster(m_client, m_options.ns);
    if (!self)
        return failure(self.error(), keys, {});
    return answer(200, {{"clusterID", self->clusterId.toStdString()}, {"tenantNamespace", ns.toStdString()}, {"authParams", issued}});
}

} // namespace spillway::peering
