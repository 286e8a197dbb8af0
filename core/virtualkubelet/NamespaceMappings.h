#pragma once

#include "kube/Clock.h"
#include "kube/Informer.h"
#include "kube/KubeClient.h"

#include <QHash>
#include <QObject>
#include <QSet>

#include <atomic>
#include <memory>
#include <mutex>

namespace spillway::virtualkubelet {

// What one NamespaceMap says: the Accepted twins, and the namespaces whose mapping is on its way
// (asked for, or still listed, but not Accepted: being created, retried after an error, or
// being deleted).
struct NamespaceMapState {
    QHash<QString, QString> accepted;   // local -> remote
    QSet<QString> changing;
};
NamespaceMapState namespaceMapState(const nlohmann::json &map);
// When each changing namespace started changing: kept from `previous` while it stays changing,
// `now` for one that just started; a namespace no longer changing is dropped.
QHash<QString, qint64> changingSince(const QHash<QString, qint64> &previous, const QSet<QString> &changing, qint64 now);

// One namespace's mapping, read at once.
struct NamespaceMapping {
    QString remote;               // empty: not Accepted here
    qint64 changingForMs = -1;    // >= 0: listed but not Accepted, for this long
};

// Which local namespaces are offloaded to this virtual kubelet's provider, and their twins: the
// Accepted entries of our NamespaceMap for it. Lookups are safe from worker threads; changes are
// signalled on the client's thread.
class NamespaceMappings : public QObject
{
    Q_OBJECT
public:
    NamespaceMappings(kube::KubeClient *consumer, QString tenantNamespace, QString providerClusterId, QObject *parent = nullptr,
                      kube::MonotonicClock clock = kube::steadyClock());
    void start();
    void stop();
    QString remoteOf(const QString &local) const;   // empty: not offloaded here
    QString localOf(const QString &remote) const;
    QHash<QString, QString> all() const;
    // Its twin, or since when its mapping has been on its way rather than absent: "not
    // offloaded" is then not yet final (a pod that runs is not failed for it at once).
    NamespaceMapping lookup(const QString &local) const;
    // Whether the NamespaceMap has been read once: until then "not offloaded" means "not known yet".
    bool hasSynced() const { return m_synced.load(); }

signals:
    // remote is empty when the namespace stopped being offloaded here.
    void changed(const QString &local, const QString &remote);

private:
    void update(const nlohmann::json &map);

    kube::MonotonicClock m_clock;

    std::unique_ptr<kube::Informer> m_maps;
    std::atomic<bool> m_synced{false};
    mutable std::mutex m_mutex;
    QHash<QString, QString> m_localToRemote;
    QHash<QString, qint64> m_changingSince;   // local -> when it was first seen changing
};

} // namespace spillway::virtualkubelet
