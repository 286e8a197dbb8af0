#pragma once

#include "kube/KubeClient.h"

namespace spillway::storage {

// An Event on a PersistentVolumeClaim (what `kubectl describe pvc` shows): one per claim and
// reason, its message and time refreshed when it recurs, so a retrying provisioner does not flood
// the namespace. Failing to record is logged, never an error of the caller's.
void recordClaimEvent(kube::KubeClient &client, const nlohmann::json &pvc, const char *type, const char *reason, const QString &message,
                      const QString &component);

} // namespace spillway::storage
