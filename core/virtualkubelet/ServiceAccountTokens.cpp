#include "virtualkubelet/ServiceAccountTokens.h"

#include "observe/Log.h"
#include "kube/TokenRequest.h"
#include "offloading/OffloadingPolicy.h"
#include "virtualkubelet/PodTranslation.h"

namespace spillway::virtualkubelet {

using nlohmann::json;

ServiceAccountTokens::ServiceAccountTokens(kube::KubeClient *consumer, kube::KubeClient *provider, Options options, QObject *parent)
    : QObject(parent), m_consumer(consumer), m_provider(provider), m_options(std::move(options))
{
    m_pool.setMaxThreadCount(1);
    connect(&m_timer, &QTimer::timeout, this, [this] {
        if (m_pool.activeThreadCount() == 0)
            m_pool.start([this] { refreshDue(); });
    });
}

ServiceAccountTokens::~ServiceAccountTokens()
{
    m_timer.stop();
    m_pool.waitForDone();
}

void ServiceAccountTokens::start()
{
    m_timer.start(m_options.refreshCheckMs);
}

QString ServiceAccountTokens::secretName(const QString &serviceAccount)
{
    return QLatin1String(kTokenSecretPrefix) + serviceAccount;
}

bool ServiceAccountTokens::fresh(const Held &held) const
{
    const qint64 life = held.issued.secsTo(held.expires);
    return held.expires.isValid() && m_options.now().secsTo(held.expires) > life / 3;
}

Result<QString> ServiceAccountTokens::ensure(const QString &localNs, const QString &serviceAccount, const QString &remoteNs)
{
    std::lock_guard lock(m_mutex);
    Held &held = m_held[remoteNs + QLatin1Char('/') + serviceAccount];
    if (fresh(held))
        return secretName(serviceAccount);
    held.localNs = localNs;
    held.serviceAccount = serviceAccount;
    held.remoteNs = remoteNs;
    if (auto r = renew(held); !r)
        return r.error();
    return secretName(serviceAccount);
}

void ServiceAccountTokens::refreshDue()
{
    std::lock_guard lock(m_mutex);
    for (auto it = m_held.begin(); it != m_held.end();) {
        if (fresh(it->second)) {
            ++it;
            continue;
        }
        auto r = renew(it->second);
        if (!r && r.error().isNotFound()) {
            // The account or the twin namespace is gone: nothing left to keep.
            it = m_held.erase(it);
            continue;
        }
        if (!r)
            observe::log("warning", QStringLiteral("virtual-kubelet"), QStringLiteral("renewing a service-account token failed: ") + r.error().toString());
        ++it;
    }
}

Result<void> ServiceAccountTokens::renew(Held &held)
{
    auto token = kube::requestServiceAccountToken(*m_consumer, held.localNs, held.serviceAccount, m_options.lifetimeSeconds);
    if (!token)
        return token.error();
    ++m_requested;
    auto ca = m_consumer->get(kube::resources::configMaps(), held.localNs, QStringLiteral("kube-root-ca.crt"));
    if (!ca)
        return ca.error();
    const QDateTime expires = token->expires.isValid() ? token->expires : m_options.now().addSecs(m_options.lifetimeSeconds);
    auto b64 = [](const std::string &s) { return QByteArray::fromStdString(s).toBase64().toStdString(); };
    const std::string name = secretName(held.serviceAccount).toStdString();
    json secret = {{"apiVersion", "v1"}, {"kind", "Secret"}, {"type", "Opaque"},
                   {"metadata", {{"name", name}, {"namespace", held.remoteNs.toStdString()},
                                 {"labels", {{offloading::kOriginLabel, m_options.originClusterId.toStdString()},
                                             {offloading::kDestinationLabel, m_options.destinationClusterId.toStdString()},
                                             {offloading::kManagedByLabel, kManagedByValue}}},
                                 {"annotations", {{"spillway.dev/service-account", (held.localNs + QLatin1Char('/') + held.serviceAccount).toStdString()},
                                                  {"spillway.dev/token-expires", expires.toString(Qt::ISODate).toStdString()}}}}},
                   {"data", {{"token", token->token.toBase64().toStdString()},
                             {"ca.crt", b64((*ca).value("data", json::object()).value("ca.crt", ""))},
                             {"namespace", b64(held.localNs.toStdString())}}}};
    auto created = m_provider->create(kube::resources::secrets(), held.remoteNs, secret);
    if (!created && created.error().isAlreadyExists()) {
        auto existing = m_provider->get(kube::resources::secrets(), held.remoteNs, QString::fromStdString(name));
        if (!existing)
            return existing.error();
        if ((*existing)["metadata"].value("labels", json::object()).value(offloading::kManagedByLabel, "") != kManagedByValue)
            return Error::of(Error::Kind::Api, QStringLiteral("secrets %1/%2 exists in the provider and is not Spillway's").arg(held.remoteNs, QString::fromStdString(name)),
                             QStringLiteral("remove or rename it, or annotate the pods liqo.io/api-server-support=remote"));
        secret["metadata"]["resourceVersion"] = (*existing)["metadata"].value("resourceVersion", "");
        auto updated = m_provider->update(kube::resources::secrets(), held.remoteNs, secret);
        if (!updated)
            return updated.error();
    } else if (!created) {
        return created.error();
    }
    held.issued = m_options.now();
    held.expires = expires;
    return {};
}

} // namespace spillway::virtualkubelet
