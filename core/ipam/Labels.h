#pragma once

#include "consts/Labels.h"

// Liqo's IPAM and network-configuration labels and annotations.
namespace spillway::ipam {

inline constexpr const char *kNetworkTypeLabel = "ipam.liqo.io/network-type";
inline constexpr const char *kNetworkNotRemappedLabel = "ipam.liqo.io/network-not-remapped";
inline constexpr const char *kPreinstalledAnnotation = "liqo.io/preinstalled";
inline constexpr const char *kCidrTypeLabel = "configuration.liqo.io/cidr-type";
inline constexpr const char *kConfiguredLabel = "configuration.liqo.io/configured";
// A Configuration's condition: its status.remote is complete for the spec's generation.
inline constexpr const char *kNetworkCidrsConfiguredCondition = "NetworkCIDRsConfigured";
using consts::kRemoteClusterIdLabel;

} // namespace spillway::ipam
