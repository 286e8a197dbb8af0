#pragma once

#include "webhook/AdmissionServer.h"

namespace spillway::offloading {

// Liqo's rules for NamespaceOffloading that a schema cannot express: one per namespace, named
// "offloading", and the namespace mapping strategy cannot change once set (remote namespaces
// were already created under the old naming).
webhook::AdmissionResponse validateNamespaceOffloading(const webhook::AdmissionRequest &request);

inline constexpr const char *kNamespaceOffloadingName = "offloading";

} // namespace spillway::offloading
