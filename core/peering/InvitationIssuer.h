#pragma once

#include "common/Error.h"
#include "kube/KubeClient.h"
#include "peering/PeerInvitation.h"

namespace spillway::peering {

// The provider's half of out-of-band peering, as `spillctl generate peer-command` and the
// console's "Generate invitation" make it: its authentication endpoint and its certificate's
// fingerprint, its cluster ID, and a fresh single-use token valid for ttlSeconds.
Result<PeerInvitation> issueInvitation(kube::KubeClient &provider, const QString &ns, qint64 ttlSeconds, const QString &name = {});

} // namespace spillway::peering
