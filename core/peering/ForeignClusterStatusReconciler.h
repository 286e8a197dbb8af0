#pragma once

#include "common/Error.h"
#include "kube/Clock.h"
#include "kube/KubeClient.h"

#include <functional>

namespace spillway::peering {

// A ForeignCluster's status from what exists locally about that peer: a Tenant for it means it
// consumes from us, a control-plane Identity for it means it provides to us (role Consumer,
// Provider or ConsumerAndProvider), and the authentication module's conditions say how far
// each got (Pending until the certificate / kubeconfig exists, Error with the refusal reason).
// Offloading is enabled while virtual nodes from this peer exist, Ready as their Nodes are;
// networking while the peer has a Configuration, gateway or Connection here (NetworkModuleStatus).
// A peer with an established Tenant (its certificate issued) or Identity (holding one) here but no
// ForeignCluster gets one, as Liqo's controller manager makes them: liqoctl peer never creates
// ForeignClusters, and liqoctl info and unpeer need them. A Tenant never issued a certificate (a
// forged one), or one being deleted (an unpeering in progress), never makes one.
class ForeignClusterStatusReconciler
{
public:
    ForeignClusterStatusReconciler(kube::KubeClient &client, std::function<QString()> nowIso = {});
    Result<void> reconcile(const QString &name);

private:
    Result<bool> authenticatedWith(const QString &peer);

    kube::KubeClient &m_client;
    std::function<QString()> m_now;
};

} // namespace spillway::peering
