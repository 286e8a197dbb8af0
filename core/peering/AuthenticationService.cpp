#include "peering/AuthenticationService.h"

#include "apis/authentication/v1beta1/Tenant.h"
#include "common/Names.h"
#include "peering/LocalCluster.h"
#include "peering/PeeringNames.h"
#include "peering/ProviderChannel.h"
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
    const auto it = j.find(name);
    return it != j.end() && it->is_string() && it->get_ref<const std::string &>().size() <= 4096 ? QString::fromStdString(it->get<std::string>()) : QString();
}

} // namespace

AuthenticationService::AuthenticationService(kube::KubeClient &client, Options options)
    : m_client(client), m_options(std::move(options)), m_tokens(client, [this] {
          PeerTokens::Options t = m_options.tokens;
          t.ns = m_options.ns;
          return t;
      }())
{
}

void AuthenticationService::serveOn(webhook::HttpsServer &server)
{
    // Blocking: each call talks to the apiserver.
    server.route(QStringLiteral("/v1/peering/challenge"), [this](const webhook::HttpRequest &r) { return challenge(r.body); }, true);
    server.route(QStringLiteral("/v1/peering/tenant"), [this](const webhook::HttpRequest &r) { return tenant(r.body); }, true);
}

webhook::HttpResponse AuthenticationService::failure(const Error &e)
{
    if (e.kind == Error::Kind::Decode) {
        ++m_malformed;
        return answer(400, {{"error", e.message.toStdString()}});
    }
    if (e.kind == Error::Kind::Auth || e.httpStatus == 403) {
        ++m_refused;
        return answer(403, {{"error", e.message.toStdString()}, {"hint", e.hint.toStdString()}});
    }
    if (e.kind == Error::Kind::Config) {
        ++m_refused;
        return answer(409, {{"error", e.message.toStdString()}, {"hint", e.hint.toStdString()}});
    }
    // The apiserver behind us failed: the consumer may retry.
    return answer(503, {{"error", QStringLiteral("the provider could not complete the request: %1").arg(e.toString()).toStdString()}});
}

webhook::HttpResponse AuthenticationService::challenge(const QByteArray &body)
{
    const json in = json::parse(body.constData(), body.constData() + body.size(), nullptr, false);
    const QString token = stringField(in, "token"), consumerId = stringField(in, "clusterID");
    const auto version = Version::parse(stringField(in, "version"));
    if (!in.is_object() || token.isEmpty() || !isValidClusterId(consumerId) || !version)
        return failure(Error::of(Error::Kind::Decode, QStringLiteral("a challenge needs token, clusterID and version")));
    auto self = readLocalCluster(m_client, m_options.ns);
    if (!self)
        return failure(self.error());
    if (const QString expected = stringField(in, "providerClusterID"); !expected.isEmpty() && expected != self->clusterId)
        return failure(Error::of(Error::Kind::Config, QStringLiteral("this endpoint belongs to cluster \"%1\", not \"%2\"").arg(self->clusterId, expected),
                                 QStringLiteral("check --cluster-id and --auth-url come from the same invitation")));
    if (auto ok = checkCompatible(LocalCluster{consumerId, *version, {}, {}}, *self); !ok)
        return failure(ok.error());
    const QByteArray publicKey = QByteArray::fromBase64(stringField(in, "publicKey").toLatin1());
    if (auto r = m_tokens.bind(token, consumerId, publicKey); !r)
        return failure(r.error());
    if (auto r = ensureTenantNamespace(m_client, consumerId, m_options.fieldManager); !r)
        return failure(r.error());
    if (auto r = ensureForeignCluster(m_client, consumerId, m_options.fieldManager); !r)
        return failure(r.error());
    auto nonce = ensureNonce(m_client, consumerId);
    if (!nonce)
        return failure(nonce.error());
    return answer(200, {{"clusterID", self->clusterId.toStdString()}, {"version", self->version.toString().toStdString()},
                        {"nonce", nonce->toBase64().toStdString()}});
}

webhook::HttpResponse AuthenticationService::tenant(const QByteArray &body)
{
    const json in = json::parse(body.constData(), body.constData() + body.size(), nullptr, false);
    const QString token = stringField(in, "token");
    auto request = TenantRequest::fromJson(in);
    if (!request)
        return failure(request.error());
    if (token.isEmpty())
        return failure(Error::of(Error::Kind::Decode, QStringLiteral("the request needs the token")));
    if (auto r = m_tokens.check(token, request->consumerId, request->publicPem, false); !r)
        return failure(r.error());
    const kube::ResourceRef tenants = apis::authentication::v1beta1::tenantResource();
    const QString ns = tenantNamespace(request->consumerId);
    if (auto r = m_client.apply(tenants, ns, request->toTenant(), m_options.fieldManager, true); !r)
        return failure(r.error());
    auto current = m_client.get(tenants, ns, request->consumerId);
    if (!current)
        return failure(current.error());
    if (const QString why = tenantRefusal(*current); !why.isEmpty())
        return failure(Error::of(Error::Kind::Auth, QStringLiteral("the provider refused the peering: %1").arg(why)));
    const json authParams = (*current).value("status", json::object()).value("authParams", json::object());
    const QByteArray cert = QByteArray::fromBase64(QByteArray::fromStdString(authParams.value("signedCRT", "")));
    if (cert.isEmpty() || tls::certificatePublicKey(cert).trimmed() != request->publicPem.trimmed())
        return answer(202, {{"pending", "the provider is issuing the certificate"}});
    if (auto r = m_tokens.check(token, request->consumerId, request->publicPem, true); !r)
        return failure(r.error());
    auto self = readLocalCluster(m_client, m_options.ns);
    if (!self)
        return failure(self.error());
    return answer(200, {{"clusterID", self->clusterId.toStdString()}, {"tenantNamespace", ns.toStdString()}, {"authParams", authParams}});
}

} // namespace spillway::peering
