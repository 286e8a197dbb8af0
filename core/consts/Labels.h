#pragma once

// Liqo's labels that more than one part of core writes or reads, defined once (as Liqo keeps
// them in pkg/consts). Labels that belong to one part stay with it.
namespace spillway::consts {

// On every object made for, or about, a peer: that peer's cluster ID.
inline constexpr const char *kRemoteClusterIdLabel = "liqo.io/remote-cluster-id";

// On an Event the virtual kubelet copied into the consumer from an offloaded pod's twin: the
// provider's cluster ID (Spillway's own; the virtual kubelet writes it, the console reads it).
inline constexpr const char *kReflectedFromProviderAnnotation = "spillway.dev/provider";

} // namespace spillway::consts
