#include "peering/NonceSignerReconciler.h"

#include "apis/authentication/v1beta1/Identity.h"
#include "peering/LocalCluster.h"
#include "peering/Nonce.h"
#include "peering/PeeringNames.h"
#include "tls/Signature.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <algorithm>

namespace spillway::peering {

using nlohmann::json;

NonceSignerReconciler::NonceSignerReconciler(kube::KubeClient &client, Options options) : m_client(client), m_options(std::move(options))
{
    if (!m_options.now)
        m_options.now = [] { return QDateTime::currentSecsSinceEpoch(); };
}

qint64 NonceSignerReconciler::retireAfterSeconds() const
{
    return std::min(m_options.nonceLifetimeSeconds, m_options.retireSignedAfterSeconds);
}

// Which certificate for the provider this cluster holds now: a short digest of the control-plane
// Identity's signed certificate, "none" without one.
Result<QString> NonceSignerReconciler::certificateMark(const QString &ns, const QString &providerId)
{
    auto identities = m_client.list(apis::authentication::v1beta1::identityResource(), ns);
    if (!identities)
        return identities.error().isNotFound() ? Result<QString>(QStringLiteral("none")) : Result<QString>(identities.error());
    for (const auto &i : (*identities)["items"]) {
        const json spec = i.value("spec", json::object());
        if (spec.value("clusterID", "") != providerId.toStdString() || spec.value("type", "ControlPlane") != "ControlPlane")
            continue;
        const std::string crt = spec.value("authParams", json::object()).value("signedCRT", "");
        if (!crt.empty())
            return QString::fromLatin1(QCryptographicHash::hash(QByteArray::fromStdString(crt), QCryptographicHash::Sha256).toHex().left(16));
    }
    return QStringLiteral("none");
}

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
    auto mark = certificateMark(ns, providerId);
    if (!mark)
        return mark.error();
    const qint64 now = m_options.now();
    const json data = (*secret).value("data", json::object());
    const json annotations = (*secret)["metadata"].value("annotations", json::object());
    const std::string signedAt = annotations.value(kSignedAtAnnotation, ""), before = annotations.value(kSignedBeforeCertificateAnnotation, "");
    if (QByteArray::fromBase64(QByteArray::fromStdString(data.value(kSignedNonceKey, ""))) == *signature && !signedAt.empty()) {
        const qint64 expires = QString::fromStdString(signedAt).toLongLong() + retireAfterSeconds();
        if (now < expires && mark->toStdString() == before) {
            m_options.requeueAfter(key, (expires - now) * 1000 + 500);
            return {};
        }
        // Used (a certificate came after it) or expired: a later liqoctl peer writes a new one. Only
        // the version looked at goes; one rewritten meanwhile is looked at again (its own event).
        kube::DeleteOptions exactly;
        exactly.preconditionResourceVersion = QString::fromStdString((*secret)["metadata"].value("resourceVersion", ""));
        if (auto r = m_client.remove(kube::resources::secrets(), ns, name, exactly); !r && !r.error().isNotFound() && !r.error().isConflict())
            return r.error();
        return {};
    }
    json updated = *secret;
    updated["data"][kSignedNonceKey] = signature->toBase64().toStdString();
    updated["metadata"]["annotations"][kSignedAtAnnotation] = std::to_string(now);
    updated["metadata"]["annotations"][kSignedBeforeCertificateAnnotation] = mark->toStdString();
    if (auto r = m_client.update(kube::resources::secrets(), ns, updated); !r)
        return r.error().isNotFound() ? Result<void>() : Result<void>(r.error());
    m_options.requeueAfter(key, retireAfterSeconds() * 1000 + 500);
    return {};
}

} // namespace spillway::peering
