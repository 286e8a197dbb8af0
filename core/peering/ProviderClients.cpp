#include "peering/ProviderClients.h"

#include "apis/authentication/v1beta1/Identity.h"
#include "kube/Kubeconfig.h"

#include <QCoreApplication>
#include <QThread>

namespace spillway::peering {

using nlohmann::json;

std::shared_ptr<kube::KubeClient> ProviderClients::onMainThread(const kube::RestConfig &config)
{
    QObject *app = QCoreApplication::instance();
    kube::KubeClient *made = nullptr;
    auto make = [&] {
        made = new kube::KubeClient(config);
        made->moveToThread(app->thread());
    };
    if (QThread::currentThread() == app->thread())
        make();
    else
        QMetaObject::invokeMethod(app, make, Qt::BlockingQueuedConnection);
    return std::shared_ptr<kube::KubeClient>(made, [](kube::KubeClient *c) { c->deleteLater(); });
}

ProviderClients::ProviderClients(kube::KubeClient &local, ClientFactory makeClient) : m_local(local), m_makeClient(std::move(makeClient)) {}

Result<ProviderClients::Remote> ProviderClients::forProvider(const QString &localNs, const QString &providerId)
{
    auto identities = m_local.list(apis::authentication::v1beta1::identityResource(), localNs);
    if (!identities)
        return identities.error();
    for (const auto &i : (*identities)["items"]) {
        if (i["spec"].value("clusterID", "") != providerId.toStdString() || i["spec"].value("type", "ControlPlane") != "ControlPlane")
            continue;
        const QString secretName = QString::fromStdString(i.value("status", json::object()).value("kubeconfigSecretRef", json::object()).value("name", ""));
        if (secretName.isEmpty())
            break;
        auto secret = m_local.get(kube::resources::secrets(), localNs, secretName);
        if (!secret)
            return secret.error();
        const QString rv = QString::fromStdString((*secret)["metadata"].value("resourceVersion", ""));
        const QString cacheKey = localNs + QLatin1Char('/') + secretName;
        std::lock_guard lock(m_mutex);
        auto cached = m_clients.find(cacheKey);
        if (cached == m_clients.end() || cached->first != rv) {
            const QByteArray yaml = QByteArray::fromBase64(QByteArray::fromStdString((*secret)["data"].value("kubeconfig", "")));
            auto kc = kube::Kubeconfig::fromYaml(yaml, {}, cacheKey);
            if (!kc)
                return kc.error();
            auto config = kc->restConfig();
            if (!config)
                return config.error();
            cached = m_clients.insert(cacheKey, {rv, m_makeClient(*config)});
        }
        return Remote{cached->second, QString::fromStdString(i["spec"].value("namespace", ""))};
    }
    return Error::of(Error::Kind::Timeout, QStringLiteral("no credentials for provider %1 in %2 yet").arg(providerId, localNs));
}

} // namespace spillway::peering
