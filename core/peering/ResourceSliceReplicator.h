#pragma once

#include "common/Error.h"
#include "kube/KubeClient.h"

#include <QHash>
#include <functional>
#include <memory>
#include <mutex>

namespace spillway::peering {

// Consumer side: each local ResourceSlice labelled liqo.io/replication=true is kept, through the
// control-plane Identity for its provider, as a copy (liqo.io/replicated=true) in our tenant
// namespace on the provider; the provider's status (its grant and conditions) is copied back. A
// finalizer makes deleting the local slice delete the remote one first.
class ResourceSliceReplicator
{
public:
    // Makes a client for a provider; KubeClients live on the thread with the event loop, so the
    // controller manager builds them there.
    using ClientFactory = std::function<std::shared_ptr<kube::KubeClient>(const kube::RestConfig &)>;
    struct Options {
        ClientFactory makeClient;
        std::function<void(const QString &key, qint64 ms)> requeueAfter = [](const QString &, qint64) {};
        qint64 pollPendingMs = 500, pollGrantedMs = 10000;
        QString fieldManager = QStringLiteral("spillway-replication");
    };
    static constexpr const char *kFinalizer = "spillway.dev/resourceslice-replication";

    ResourceSliceReplicator(kube::KubeClient &client, Options options);
    Result<void> reconcile(const QString &key);

private:
    struct Remote {
        std::shared_ptr<kube::KubeClient> client;
        QString ns;
    };
    Result<Remote> remoteFor(const QString &localNs, const QString &providerId);

    kube::KubeClient &m_client;
    Options m_options;
    std::mutex m_mutex;
    QHash<QString, QPair<QString, std::shared_ptr<kube::KubeClient>>> m_clients;   // secret key → (resourceVersion, client)
};

} // namespace spillway::peering
