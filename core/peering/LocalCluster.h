#pragma once

#include "common/Error.h"
#include "common/Version.h"
#include "kube/KubeClient.h"
#include "tls/Pki.h"

namespace spillway::peering {

// One side of a peering as it describes itself: its Liqo cluster ID and installed release.
struct LocalCluster {
    QString clusterId;
    Version version;
    QString ns;             // where Spillway is installed
    QString apiServer;      // as this client reaches it
};

// Reads the cluster ID ConfigMap (by Liqo's label) and the install record; a cluster without
// Spillway gets an error that says how to install it.
Result<LocalCluster> readLocalCluster(kube::KubeClient &client, const QString &ns);

// The cluster's Ed25519 key pair in Secret authentication-keys, made on first use.
Result<tls::KeyPair> ensureClusterKeys(kube::KubeClient &client, const QString &ns);

// liqo-tenant-<remote-id>, labelled as Liqo labels it, and app.kubernetes.io/part-of=spillway
// when Spillway makes it (not when liqoctl did).
Result<void> ensureTenantNamespace(kube::KubeClient &client, const QString &remoteClusterId, const QString &fieldManager);

// The ForeignCluster for a peer (named by its cluster ID, as Liqo names it).
Result<void> ensureForeignCluster(kube::KubeClient &client, const QString &remoteClusterId, const QString &fieldManager);

// Peering across different major.minor releases is refused; the message names both.
Result<void> checkCompatible(const LocalCluster &consumer, const LocalCluster &provider);

} // namespace spillway::peering
