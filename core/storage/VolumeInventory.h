#pragma once

#include "common/Error.h"
#include "kube/KubeClient.h"

#include <vector>

namespace spillway::storage {

// Where each volume of the virtual storage class lives, read from the virtual PVs: what
// `spillctl info`, `spillctl unoffload` and the console show.
struct VirtualVolume {
    QString claimNamespace, claimName;
    QString location;        // "local" or the provider's cluster ID
    QString twin;            // "ns/name" of the real claim (in the provider, or the storage namespace)
    QString capacity;        // the remote claim's when mirrored, else the PV's
    QString phase;           // the remote claim's phase when mirrored, else the PV's
    QString volumeName;      // the virtual PV
    bool remote() const;
};

// Every virtual volume, or those of claims in `ns`.
Result<std::vector<VirtualVolume>> listVirtualVolumes(kube::KubeClient &client, const QString &ns = {});
nlohmann::json toJson(const VirtualVolume &volume);
// Claims in `ns` of other classes the virtual kubelets reflected as they are into a peer (their
// data lives there too), with that peer, by name.
struct ReflectedClaim {
    QString name, peer;
};
Result<std::vector<ReflectedClaim>> reflectedClaims(kube::KubeClient &client, const QString &ns);

} // namespace spillway::storage
