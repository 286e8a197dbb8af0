#pragma once

#include "common/Error.h"

#include <QString>

namespace spillway::network {

// wireguard-go opens /dev/net/tun, which a container's /dev lacks unless the runtime or a
// hostPath provides it. The device cgroup of containerd and CRI-O allows the TUN device (c 10:200),
// so the gateway makes the node itself (with CAP_MKNOD) rather than asking to be privileged.
inline constexpr const char *kTunDevicePath = "/dev/net/tun";

// PATH exists (as anything), or is made now as the TUN character device; an error names the fix.
Result<void> ensureTunDevice(const QString &path = QString::fromLatin1(kTunDevicePath));

} // namespace spillway::network
