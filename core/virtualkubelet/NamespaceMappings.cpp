#include "virtualkubelet/NamespaceMappings.h"

#include "apis/offloading/v1beta1/NamespaceMap.h"
#include "common/JsonText.h"
#include "consts/Labels.h"

namespace spillway::virtualkubelet {

using nlohmann::json;

NamespaceMapState namespaceMapState(const json &map)
{
    NamespaceMapState state;
    const json &current = memberOf(memberOf(map, "status"), "currentMapping");
    if (current.is_object())
        for (const auto &[local, entry] : current.items()) {
            const QString name = QString::fromStdString(local), remote = textOf(entry, "remoteNamespace");
            if (textOf(entry, "phase") == QLatin1String("Accepted") && !remote.isEmpty())
                state.accepted.insert(name, remote);
            else
                state.changing.insert(name);
        }
    const json &desired = memberOf(memberOf(map, "spec"), "desiredMapping");
    if (desired.is_object())
        for (const auto &[local, remote] : desired.items())
            if (remote.is_string() && !state.accepted.contains(QString::fromStdString(local)))
                state.changing.insert(QString::fromStdString(local));
    return state;
}

QHash<QString, qint64> changingSince(const QHash<QString, qint64> &previous, const QSet<QString> &changing, qint64 now)
{
    QHash<QString, qint64> since;
    for (const QString &local : changing)
        since.insert(local, previous.value(local, now));
    return since;
}

NamespaceMappings::NamespaceMappings(kube::KubeClient *consumer, QString tenantNamespace, QString providerClusterId, QObject *parent,
                                     kube::MonotonicClock clock)
    : QObject(parent), m_clock(std::move(clock))
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

NamespaceMapping NamespaceMappings::lookup(const QString &local) const
{
    std::lock_guard lock(m_mutex);
    const auto since = m_changingSince.constFind(local);
    return {m_localToRemote.value(local), since == m_changingSince.constEnd() ? -1 : m_clock() - *since};
}

QHash<QString, QString> NamespaceMappings::all() const
{
    std::lock_guard lock(m_mutex);
    return m_localToRemote;
}

void NamespaceMappings::update(const json &map)
{
    NamespaceMapState state = namespaceMapState(map);
    const QHash<QString, QString> &accepted = state.accepted;
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
        m_changingSince = changingSince(m_changingSince, state.changing, m_clock());
    }
    for (const auto &[local, remote] : changes)
        emit changed(local, remote);
}

} // namespace spillway::virtualkubelet
