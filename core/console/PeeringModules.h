#pragma once

#include "console/PeerGraph.h"

#include <QString>

#include <nlohmann/json.hpp>

namespace spillway::console {

// How a status reads to a person, worst last: the dashboard's row colours and the alerts' test.
enum Tone { Neutral = 0, Good = 1, Warning = 2, Bad = 3 };
Tone toneOf(const QString &status);

// The modules a ForeignCluster's status reports (Liqo's status.modules).
inline constexpr const char *kPeeringModules[] = {"authentication", "networking", "offloading"};

// One module of a ForeignCluster's status: "Disabled", or its conditions' statuses and the worst tone.
struct ModuleState {
    QString text;
    Tone tone = Neutral;
};
ModuleState moduleStateOf(const nlohmann::json &foreignCluster, const char *module);

// The ForeignCluster that cluster IN keeps about cluster ABOUT (by its cluster ID), or nullptr.
const nlohmann::json *foreignClusterFor(const ClusterPeersRefs &clusters, const QString &in, const QString &about);
// The ForeignCluster that speaks for a peering: the consumer's about the provider, else the
// provider's about the consumer (the consumer not in the workspace), or nullptr.
const nlohmann::json *foreignClusterOf(const ClusterPeersRefs &clusters, const PeerGraph::Edge &edge);

} // namespace spillway::console
