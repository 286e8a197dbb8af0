#pragma once

#include "kube/KubeClient.h"

namespace spillway::storage {

// An Event on a claim or a pod (what `kubectl describe` shows; the object as read, with its
// apiVersion and kind): one per object and reason, its message and time refreshed when it
// recurs, so a retrying provisioner does not flood the namespace. Failing to record is logged,
// never an error of the caller's.
void recordEvent(kube::KubeClient &client, const nlohmann::json &object, const char *type, const char *reason, const QString &message,
                 const QString &component);

} // namespace spillway::storage
