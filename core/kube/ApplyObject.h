#pragma once

#include "common/Error.h"
#include "kube/KubeClient.h"

namespace spillway::kube {

// Where a manifest goes: its resource (from apiVersion and kind, through discovery), namespace
// (none for a cluster-scoped kind) and name.
struct ObjectTarget {
    ResourceRef resource;
    QString ns, name;
};
Result<ObjectTarget> targetOf(KubeClient &client, const nlohmann::json &object);
// Server-side applies a manifest (forcing the fields it sets) wherever it goes.
Result<nlohmann::json> applyObject(KubeClient &client, const nlohmann::json &object, const QString &fieldManager);

} // namespace spillway::kube
