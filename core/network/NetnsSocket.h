#pragma once

#include "common/Error.h"

#include <QHostAddress>

namespace spillway::network {

// A UDP socket bound to address:port inside network namespace `netns` (/var/run/netns/<name>;
// empty: this process's own). A socket stays in the namespace it was made in, so the gateway
// process can probe a tunnel that lives in another namespace (the testbed's gateways) while it
// talks to the apiserver from its own. Returns the descriptor, non-blocking, close-on-exec.
Result<int> boundUdpSocket(const QString &netns, const QHostAddress &address, quint16 port);

} // namespace spillway::network
