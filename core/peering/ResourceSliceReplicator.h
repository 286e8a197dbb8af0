#pragma once

#include "common/Error.h"
#include "kube/KubeClient.h"
#include "peering/ProviderClients.h"

#include <functional>
#include <memory>

namespace spillway::peering {

// Consumer side: each local ResourceSlice labelled liqo.io/replication=true is kept, through the
// control-plane Identity for its provider, as a copy (liqo.io/replicated=true) in our tenant
// namespace on the provider; the provider's status (its grant and conditions) is copied back. A
// finalizer makes deleting the local slice delete the remote one first.
class ResourceSliceReplicator
{
public:
    struct Options {
        std::function<void(const QString &key, qint64 ms)> requeueAfter = [](const QString &, qint64) {};
        qint64 pollPendingMs = 500, pollGrantedMs = 10000;
        QString fieldManager = QStringLiteral("spillway-replication");
    };
    static constexpr const char *kFinalizer = "spillway.dev/resourceslice-replication";

    ResourceSliceReplicator(kube::KubeClient &client, ProviderClients &providers, Options options);
    Result<void> reconcile(const QString &key);

private:
    kube::KubeClient &m_client;
    ProviderClients &m_providers;
    Options m_options;
};

} // namespace spillway::peering
