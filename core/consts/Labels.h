#pragma once

// Liqo's labels that more than one part of core writes or reads, defined once (as Liqo keeps
// them in pkg/consts). Labels that belong to one part stay with it.
namespace spillway::consts {

// On every object made for, or about, a peer: that peer's cluster ID.
inline constexpr const char *kRemoteClusterIdLabel = "liqo.io/remote-cluster-id";

} // namespace spillway::consts
