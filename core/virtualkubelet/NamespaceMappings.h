#pragma once

#include "kube/Informer.h"
#include "kube/KubeClient.h"

#include <QHash>
#include <QObject>

#include <atomic>
#include <memory>
#include <mutex>

namespace spillway::virtualkubelet {

// Which local namespaces are offloaded to this virtual kubelet's provider, and their twins: the
// Accepted entries of our NamespaceMap for it. Lookups are safe from worker threads; changes are
// signalled on the client's thread.
class NamespaceMappings : public QObject
{
    Q_OBJECT
public:
    NamespaceMappings(kube::KubeClient *consumer, QString tenantNamespace, QString providerClusterId, QObject *parent = nullptr);
    void start();
    void stop();
    QString remoteOf(const QString &local) const;   // empty: not offloaded here
    QString localOf(const QString &remote) const;
    QHash<QString, QString> all() const;
    // Whether the NamespaceMap has been read once: until then "not offloaded" means "not known yet".
    bool hasSynced() const { return m_synced.load(); }

signals:
    // remote is empty when the namespace stopped being offloaded here.
    void changed(const QString &local, const QString &remote);

private:
    void update(const nlohmann::json &map);

    std::unique_ptr<kube::Informer> m_maps;
    std::atomic<bool> m_synced{false};
    mutable std::mutex m_mutex;
    QHash<QString, QString> m_localToRemote;
};

} // namespace spillway::virtualkubelet
