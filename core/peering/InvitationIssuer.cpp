#include "peering/InvitationIssuer.h"

#include "peering/AuthenticationEndpoint.h"
#include "peering/LocalCluster.h"
#include "peering/PeerTokens.h"

namespace spillway::peering {

Result<PeerInvitation> issueInvitation(kube::KubeClient &provider, const QString &ns, qint64 ttlSeconds, const QString &name)
{
    auto self = readLocalCluster(provider, ns);
    if (!self)
        return self.error();
    auto endpoint = readAuthenticationEndpoint(provider, ns);
    if (!endpoint)
        return endpoint.error();
    PeerTokens::Options to;
    to.ns = ns;
    auto token = PeerTokens(provider, to).issue(ttlSeconds);
    if (!token)
        return token.error();
    return PeerInvitation{name, endpoint->url, self->clusterId, *token, endpoint->fingerprint};
}

} // namespace spillway::peering
