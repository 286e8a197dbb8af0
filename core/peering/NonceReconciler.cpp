#include "peering/NonceReconciler.h"

#include "peering/PeeringNames.h"

namespace spillway::peering {

using nlohmann::json;

NonceReconciler::NonceReconciler(kube::KubeClient &client, Options options) : m_client(client), m_options(std::move(options))
{
    m_options.nonce = withDefaults(m_options.nonce);
}

Result<void> NonceReconciler::reconcile(const QString &key)
{
    const QString ns = key.section(QLatin1Char('/'), 0, 0), name = key.section(QLatin1Char('/'), 1);
    auto secret = m_client.get(kube::resources::secrets(), ns, name);
    if (!secret)
        return secret.error().isNotFound() ? Result<void>() : Result<void>(secret.error());
    const json labels = (*secret)["metadata"].value("labels", json::object());
    const QString consumerId = QString::fromStdString(labels.value(kRemoteClusterIdLabel, ""));
    if (name != QLatin1String(kNonceSecret) || consumerId.isEmpty() || ns != tenantNamespace(consumerId) || !labels.contains(kNonceLabel))
        return {};
    const qint64 now = m_options.nonce.now();
    json current = *secret;
    if (!nonceProblem(current, now, m_options.nonce.lifetimeSeconds).isEmpty() || now >= nonceRefreshAt(current, m_options.nonce.lifetimeSeconds)) {
        // The read's resourceVersion makes this a compare-and-swap: a challenger that replaced it
        // meanwhile wins, and the conflict brings us back to look at theirs.
        current = withFreshNonce(current, consumerId, m_options.nonce);
        if (auto r = m_client.update(kube::resources::secrets(), ns, current); !r)
            return r.error().isNotFound() ? Result<void>() : Result<void>(r.error());
    }
    if (m_options.requeueAfter)
        m_options.requeueAfter(key, std::max<qint64>(1000, (nonceRefreshAt(current, m_options.nonce.lifetimeSeconds) - now) * 1000 + 500));
    return {};
}

} // namespace spillway::peering
