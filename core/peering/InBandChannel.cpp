#include "peering/InBandChannel.h"

#include "apis/authentication/v1beta1/Tenant.h"
#include "peering/Nonce.h"
#include "peering/PeeringNames.h"
#include "peering/TenantReconciler.h"
#include "tls/Signature.h"

namespace spillway::peering {

using nlohmann::json;

InBandChannel::InBandChannel(kube::KubeClient &provider, QString providerNamespace, QString fieldManager)
    : m_provider(provider), m_ns(std::move(providerNamespace)), m_fieldManager(std::move(fieldManager))
{
}

Result<Challenge> InBandChannel::challenge(const LocalCluster &consumer, const QByteArray &)
{
    auto provider = readLocalCluster(m_provider, m_ns);
    if (!provider)
        return provider.error();
    if (auto ok = checkCompatible(consumer, *provider); !ok)
        return ok.error();
    if (auto r = ensureTenantNamespace(m_provider, consumer.clusterId, m_fieldManager); !r)
        return r.error();
    if (auto r = ensureForeignCluster(m_provider, consumer.clusterId, m_fieldManager); !r)
        return r.error();
    auto nonce = ensureNonce(m_provider, consumer.clusterId);
    if (!nonce)
        return nonce.error();
    return Challenge{*provider, *nonce};
}

Result<std::optional<json>> InBandChannel::submit(const TenantRequest &request)
{
    const kube::ResourceRef tenants = apis::authentication::v1beta1::tenantResource();
    const QString ns = tenantNamespace(request.consumerId);
    if (!m_submitted) {
        if (auto r = m_provider.apply(tenants, ns, request.toTenant(), m_fieldManager, true); !r)
            return r.error();
        m_submitted = true;
    }
    auto t = m_provider.get(tenants, ns, request.consumerId);
    if (!t)
        return t.error();
    if (const QString why = tenantRefusal(*t); !why.isEmpty())
        return Error::of(Error::Kind::Auth, QStringLiteral("the provider refused the peering: %1").arg(why));
    const json authParams = (*t).value("status", json::object()).value("authParams", json::object());
    const QByteArray cert = QByteArray::fromBase64(QByteArray::fromStdString(authParams.value("signedCRT", "")));
    // A certificate for an earlier key of ours (before a reinstall) is not the answer.
    if (cert.isEmpty() || tls::certificatePublicKey(cert).trimmed() != request.publicPem.trimmed())
        return std::optional<json>();
    return std::optional<json>(authParams);
}

} // namespace spillway::peering
