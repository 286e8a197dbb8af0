#pragma once

#include "common/Error.h"
#include "kube/KubeClient.h"

namespace spillway::storage {

// Both provisioners' release: the virtual PV `name` located at `location` (the provider's cluster
// ID, or "local"), once its claim is gone and its policy is Delete, loses its own twin — read
// and deleted through `twins`, and only if it carries the PV's claim UID (a claim recreated under
// the name has a twin of its own) — and then itself. Anything else is left as it is.
Result<void> releaseVirtualVolume(kube::KubeClient &consumer, kube::KubeClient &twins, const QString &name, const QString &location);

} // namespace spillway::storage
