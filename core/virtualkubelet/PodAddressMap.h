#pragma once

#include "ipam/Cidr.h"

#include <QString>
#include <nlohmann/json.hpp>

#include <mutex>
#include <vector>

namespace spillway::virtualkubelet {

// How this cluster reaches the provider's pods: the remapping its IPAM chose, from its
// Configuration about the provider (spec.remote.cidr.pod, each reached as status.remote.cidr.pod
// at the same index). An offloaded pod's IP is written on the local pod as this cluster reaches
// it — as Liqo does — so local Services' endpoints, and anyone reading the pod, get an address
// that works here even when both clusters use the same pod CIDR. Without a Configuration
// (peered with networking disabled) or for an address no mapping covers, addresses are kept as
// they are. Set from a watch, read by the reflector's workers: thread-safe.
class PodAddressMap
{
public:
    // A Configuration (null or an empty object: none). Returns whether the mapping changed.
    bool setConfiguration(const nlohmann::json &configuration);
    QString localAddress(const QString &remoteAddress) const;
    // A pod status (as localPodStatus makes it) with podIP and podIPs[].ip translated.
    nlohmann::json translateStatus(nlohmann::json status) const;

private:
    struct Remap {
        ipam::Cidr real, as;
    };
    mutable std::mutex m_mutex;
    std::vector<Remap> m_remaps;
};

} // namespace spillway::virtualkubelet
