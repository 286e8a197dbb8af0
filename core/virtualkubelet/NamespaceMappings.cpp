#include "virtualkubelet/NamespaceMappings.h"

#include "apis/offloading/v1beta1/NamespaceMap.h"
#include "consts/Labels.h"

namespace spillway::virtualkubelet {

using nlohmann::json;

NamespaceMappings::NamespaceMappings(kube::KubeClient *consumer, QString tenantNamespace, QString providerClusterId, QObject *parent) : QObject(parent)
{
    kube::Informer::Options mo;
    mo.ns = std::move(tenantNamespace);
    mo.labelSelector = QString::fromLatin1(consts::kRemoteClusterIdLabel) + QLatin1Char('=') + providerClusterId;
    m_maps = std::make_unique<kube::Informer>(consumer, apis::offloading::v1beta1::namespaceMapResource(), mo, this);
    m_maps->addHandlers({[this](const json &m) { update(m); }, [this](const json &, const json &m) { update(m); },
                         [this](const json &, bool) { update(json::object()); }});
    connect(m_maps.get(), &kube::Informer::synced, this, [this] { m_synced = true; });
}

void NamespaceMappings::start()
{
    m_maps->start();
}

void NamespaceMappings::stop()
{
    m_maps->stop();
}

QString NamespaceMappings::remoteOf(const QString &local) const
{
    std::lock_guard lock(m_mutex);
    return m_localToRemote.value(local);
}

QString NamespaceMappings::localOf(const QString &remote) const
{
    std::lock_guard lock(m_mutex);
    return m_localToRemote.key(remote);
}

QHash<QString, QString> NamespaceMappings::all() const
{
    std::lock_guard lock(m_mutex);
    return m_localToRemote;
}

void NamespaceMappings::update(const json &map)
{
    QHash<QString, QString> accepted;
    const json mapping = map.value("status", json::object()).value("currentMapping", json::object());
    for (const auto &[local, entry] : mapping.items())
        if (entry.value("phase", "") == "Accepted")
            accepted.insert(QString::fromStdString(local), QString::fromStdString(entry.value("remoteNamespace", "")));
    QList<QPair<QString, QString>> changes;
    {
        std::lock_guard lock(m_mutex);
        for (auto it = accepted.cbegin(); it != accepted.cend(); ++it)
            if (m_localToRemote.value(it.key()) != it.value())
                changes.append({it.key(), it.value()});
        for (auto it = m_localToRemote.cbegin(); it != m_localToRemote.cend(); ++it)
            if (!accepted.contains(it.key()))
                changes.append({it.key(), QString()});
        m_localToRemote = accepted;
    }
    for (const auto &[local, remote] : changes)
        emit changed(local, remote);
}

} // namespace spillway::virtualkubelet
