#pragma once

#include "common/Error.h"

#include <QHostAddress>

#include <functional>

namespace spillway::network {

// A UDP socket bound to address:port inside network namespace `netns` (/var/run/netns/<name>;
// empty: this process's own). A socket stays in the namespace it was made in, so the gateway
// process can probe a tunnel that lives in another namespace (the testbed's gateways) while it
// talks to the apiserver from its own. Returns the descriptor, non-blocking, close-on-exec.
Result<int> boundUdpSocket(const QString &netns, const QHostAddress &address, quint16 port);
// A TCP socket inside `netns`: listening on address:port, or not yet connected (connect it from
// any thread: a socket keeps its namespace). Non-blocking, close-on-exec.
Result<int> tcpListener(const QString &netns, const QHostAddress &address, quint16 port);
Result<int> tcpSocket(const QString &netns);

// Runs `make` on a short-lived thread inside `netns` (empty: right here) and returns what it made.
Result<int> makeInNetns(const QString &netns, const std::function<Result<int>()> &make);

} // namespace spillway::network
