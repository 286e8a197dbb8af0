#pragma once

#include "common/Error.h"
#include "ipam/PrefixAllocator.h"
#include "kube/KubeClient.h"

#include <mutex>

namespace spillway::ipam {

// The IPAM, as Liqo's Network controller: every ipam.liqo.io Network gets status.cidr once — its
// own CIDR when nothing another Network holds overlaps it, else a free prefix of the same length
// from the pools. Networks labelled ipam.liqo.io/network-not-remapped are this cluster's facts
// (pod, service, reserved): held exactly, never moved. status.cidr, once written, is never
// changed; a Network being deleted lets go of its prefix (finalizer), the installer's own
// (liqo.io/preinstalled) carry none. What is held is rebuilt from every Network's status before
// the first decision, so a restarted controller hands out nothing twice.
class NetworkReconciler
{
public:
    static constexpr const char *kFinalizer = "network.ipam.liqo.io/finalizer";

    explicit NetworkReconciler(kube::KubeClient &client, PrefixAllocator allocator = PrefixAllocator());
    Result<void> reconcile(const QString &key);

    // For tests and metrics: what the allocator holds for a Network ("ns/name").
    std::vector<Cidr> heldBy(const QString &key);

private:
    Result<void> rebuild();
    Result<void> release(const QString &key, const nlohmann::json &network);

    kube::KubeClient &m_client;
    std::mutex m_mutex;   // one decision at a time, whatever the number of workers
    PrefixAllocator m_allocator;
    bool m_rebuilt = false;
};

} // namespace spillway::ipam
