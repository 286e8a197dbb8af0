#pragma once

#include "ipam/Cidr.h"

#include <QString>
#include <nlohmann/json.hpp>

#include <QObject>

#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

namespace spillway::kube {
class Informer;
class KubeClient;
}

namespace spillway::ipam {

// How a cluster reaches its peer's pods: the remapping its IPAM chose, from its Configuration
// about the peer (spec.remote.cidr.pod, each reached as status.remote.cidr.pod at the same
// index). spillctl test network asks it where the other test pod is; the virtual kubelet keeps two: the consumer's view of the provider's pods — an offloaded
// pod's IP is written on the local pod as this cluster reaches it, as Liqo does, so local
// Services' endpoints, and anyone reading the pod, get an address that works here even when both
// clusters use the same pod CIDR — and the provider's view of the consumer's pods, for the
// EndpointSlices it reflects. Without a Configuration (peered with networking disabled) nothing
// maps. Set from a watch, read by the reflectors' workers: thread-safe.
class PodAddressMap
{
public:
    // A Configuration (null or an empty object: none). Returns whether the mapping changed.
    bool setConfiguration(const nlohmann::json &configuration);
    // The address as mapped, or as it is when no mapping covers it.
    QString localAddress(const QString &remoteAddress) const;
    // The same, or nullopt when no mapping covers the address (or none is known yet).
    std::optional<QString> mapped(const QString &address) const;
    // A pod status (as localPodStatus makes it) with podIP and podIPs[].ip translated.
    nlohmann::json translateStatus(nlohmann::json status) const;

private:
    struct Remap {
        ipam::Cidr real, as;
    };
    mutable std::mutex m_mutex;
    std::vector<Remap> m_remaps;
};

// Keeps `map` following the Configuration about `peerId` (named after it, in its tenant namespace)
// that `client` reads, calling `changed` when the mapping changes; started, owned by the caller.
std::unique_ptr<kube::Informer> followPeerConfiguration(kube::KubeClient *client, const QString &peerId, PodAddressMap &map,
                                                        std::function<void()> changed, QObject *parent = nullptr);

} // namespace spillway::ipam
