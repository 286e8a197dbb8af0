#pragma once

#include "common/Error.h"

#include <QString>

namespace spillway::network {

// A gateway pod forwards between its pod interface and the tunnel, so its network namespace needs
// net.ipv4.ip_forward = 1. An unprivileged container sees /proc/sys read-only and the kubelet
// refuses the sysctl unless allowed as unsafe, so the gateway's pod sets it from a privileged init
// container (`spillway-gateway --enable-forwarding`), which then exits; the gateway itself stays
// unprivileged.
inline constexpr const char *kIpForwardPath = "/proc/sys/net/ipv4/ip_forward";

// Writes 1 into PATH unless it holds 1 already; an error names the fix.
Result<void> enableIpForwarding(const QString &path = QString::fromLatin1(kIpForwardPath));
// PATH holds 1.
bool ipForwardingEnabled(const QString &path = QString::fromLatin1(kIpForwardPath));

} // namespace spillway::network
