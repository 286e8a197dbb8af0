#pragma once

#include "common/Error.h"
#include "kube/RestConfig.h"

namespace spillway::observe {

// How an agent connects (kube::agentRestConfig), with the insecure-skip-tls-verify warning logged
// under the agent's component name, so no agent can forget it.
Result<kube::RestConfig> agentConnection(const QString &component, const QString &kubeconfigFile, const QString &context = {});

} // namespace spillway::observe
