// libFuzzer: a pasted peer invitation (`spillctl peer out-of-band ...`, the console's "Paste
// invitation") and the token in it. What parses must print as a command that parses the same.
#include "peering/PeerInvitation.h"

#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    using spillway::peering::PeerInvitation;
    const QString line = QString::fromUtf8(reinterpret_cast<const char *>(data), qsizetype(size));
    (void)spillway::peering::PeerToken::parse(line);
    auto invitation = PeerInvitation::parse(line);
    if (!invitation)
        return 0;
    (void)invitation->problems();
    auto again = PeerInvitation::parse(invitation->toCommand());
    if (!again || again->name != invitation->name || again->authUrl != invitation->authUrl || again->clusterId != invitation->clusterId
        || again->token != invitation->token || again->fingerprint != invitation->fingerprint)
        std::abort();
    return 0;
}
