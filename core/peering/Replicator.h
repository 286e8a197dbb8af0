#pragma once

#include "common/Error.h"
#include "kube/KubeClient.h"
#include "peering/ProviderClients.h"

#include <functional>
#include <memory>

namespace spillway::peering {

// What a replicated kind needs: where it lives, which provider and origin an object names, which
// annotations travel with it, and when the provider's answer is final (then polled slowly).
struct ReplicatedKind {
    kube::ResourceRef resource;
    const char *finalizer;
    std::function<QString(const nlohmann::json &)> providerOf, originOf;   // originOf empty: this cluster
    QStringList annotations;
    std::function<bool(const nlohmann::json &remoteStatus)> settled;
    // The spec field naming the origin cluster, filled with this cluster's ID when a local object
    // lacks it (liqoctl's ResourceSlices leave consumerClusterID to the consumer, as Liqo does).
    const char *originField = nullptr;

    static ReplicatedKind resourceSlices();   // the provider grants; consumer spec, provider status
    static ReplicatedKind namespaceMaps();    // the provider makes the remote namespaces
};

// Consumer side, as Liqo's CRD replicator: each local object of the kind labelled
// liqo.io/replication=true is kept, through the control-plane Identity for its provider, as a copy
// (liqo.io/replicated=true, liqo.io/originID) in our tenant namespace on the provider; the
// consumer owns the spec, the provider the status, which is copied back. A finalizer makes
// deleting the local object delete the remote one first.
class Replicator
{
public:
    struct Options {
        std::function<void(const QString &key, qint64 ms)> requeueAfter = [](const QString &, qint64) {};
        qint64 pollPendingMs = 500, pollSettledMs = 10000;
        QString fieldManager = QStringLiteral("spillway-replication");
        QString liqoNamespace = QStringLiteral("liqo");   // where this cluster's ID is
    };

    Replicator(kube::KubeClient &client, ProviderClients &providers, ReplicatedKind kind, Options options);
    Result<void> reconcile(const QString &key);

private:
    kube::KubeClient &m_client;
    ProviderClients &m_providers;
    ReplicatedKind m_kind;
    Options m_options;
};

} // namespace spillway::peering
