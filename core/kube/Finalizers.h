#pragma once

#include "common/Error.h"
#include "kube/KubeClient.h"

#include <string_view>

namespace spillway::kube {

// A controller's hold on an object it must clean up after: its finalizer in metadata.finalizers.
// Changes are merge patches guarded by the object's resourceVersion, so a stale copy never drops
// someone else's finalizer (the write fails with a Conflict and the reconcile runs again).
bool hasFinalizer(const nlohmann::json &obj, std::string_view name);
Result<void> addFinalizer(KubeClient &client, const ResourceRef &resource, const nlohmann::json &obj, std::string_view name);
// An object already gone counts as done.
Result<void> removeFinalizer(KubeClient &client, const ResourceRef &resource, const nlohmann::json &obj, std::string_view name);

} // namespace spillway::kube
