#pragma once

#include "kube/Informer.h"

#include <functional>
#include <memory>

namespace spillway::kube {

// A started informer whose every add, update, delete and first sync calls `poke`: for agents that
// reconcile everything they watch as one key (the gateway, the fabric).
std::unique_ptr<Informer> startPokingInformer(KubeClient *client, ResourceRef resource, Informer::Options options, QObject *owner,
                                              std::function<void()> poke);

} // namespace spillway::kube
