#pragma once

#include "common/Error.h"
#include "ipam/AddressAllocator.h"
#include "kube/KubeClient.h"

#include <mutex>

namespace spillway::ipam {

// Liqo's IP controller: an ipam.liqo.io IP asks for an address standing for spec.ip (a real
// address of this cluster that peers must reach, e.g. a node or the API server) in a Network —
// spec.networkRef, by default this cluster's external-cidr. It gets the lowest free address of
// that Network's granted CIDR in status.ip and the CIDR in status.cidr, once; both never change
// after. An IP being deleted lets go of its address (finalizer). What is held is rebuilt from
// every IP's status before the first decision, so a restarted controller hands out nothing twice.
class IPReconciler
{
public:
    static constexpr const char *kFinalizer = "ip.ipam.liqo.io/finalizer";

    IPReconciler(kube::KubeClient &client, QString liqoNamespace = QStringLiteral("liqo"));
    Result<void> reconcile(const QString &key);

private:
    Result<void> rebuild();
    Result<void> release(const QString &key, const nlohmann::json &ip);

    kube::KubeClient &m_client;
    QString m_liqoNamespace;
    std::mutex m_mutex;   // one decision at a time, whatever the number of workers
    AddressAllocator m_allocator;
    bool m_rebuilt = false;
};

} // namespace spillway::ipam
