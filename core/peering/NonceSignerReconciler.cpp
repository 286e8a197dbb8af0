#include "peering/NonceSignerReconciler.h"

#include "peering/LocalCluster.h"
#include "peering/Nonce.h"
#include "peering/PeeringNames.h"
#include "tls/Signature.h"

namespace spillway::peering {

using nlohmann::json;

NonceSignerReconciler::NonceSignerReconciler(kube::KubeClient &client, Options options) : m_client(client), m_options(std::move(options)) {}

Result<void> NonceSignerReconciler::reconcile(const QString &key)
{
    const QString ns = key.section(QLatin1Char('/'), 0, 0), name = key.section(QLatin1Char('/'), 1);
    auto secret = m_client.get(kube::resources::secrets(), ns, name);
    if (!secret)
        return secret.error().isNotFound() ? Result<void>() : Result<void>(secret.error());
    const json labels = (*secret)["metadata"].value("labels", json::object());
    const QString providerId = QString::fromStdString(labels.value(kRemoteClusterIdLabel, ""));
    if (providerId.isEmpty() || ns != tenantNamespace(providerId) || !labels.contains(kSignedNonceLabel))
        return {};
    // Well-formed as a provider issues it; the issue time is the provider's to check.
    if (!nonceFormProblem(*secret).isEmpty())
        return {};
    auto keys = ensureClusterKeys(m_client, m_options.liqoNamespace);
    if (!keys)
        return keys.error();
    auto signature = tls::signMessage(keys->privatePem, nonceValue(*secret));
    if (!signature)
        return signature.error();
    const json data = (*secret).value("data", json::object());
    if (QByteArray::fromBase64(QByteArray::fromStdString(data.value(kSignedNonceKey, ""))) == *signature)
        return {};
    json updated = *secret;
    updated["data"][kSignedNonceKey] = signature->toBase64().toStdString();
    if (auto r = m_client.update(kube::resources::secrets(), ns, updated); !r)
        return r.error().isNotFound() ? Result<void>() : Result<void>(r.error());
    return {};
}

} // namespace spillway::peering
