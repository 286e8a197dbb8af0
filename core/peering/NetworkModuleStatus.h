#pragma once

#include "common/Error.h"
#include "kube/KubeClient.h"

namespace spillway::peering {

// The networking module of a ForeignCluster's status, as Liqo reports it, from what is in the
// peer's tenant namespace: its Configuration (NetworkConfigurationStatus Ready once the IPAM has
// mapped the peer's networks), this cluster's GatewayServer or GatewayClient for it
// (NetworkGatewayServerStatus / NetworkGatewayClientStatus Ready once the gateway reported its
// keys), and the Connection (NetworkConnectionStatus Established / Pending / Error). Disabled
// when none of these exist. previous: the module's conditions as they were (transition times).
Result<nlohmann::json> networkingModule(kube::KubeClient &client, const QString &peerId, const nlohmann::json &previous, const QString &nowIso);

} // namespace spillway::peering
