//go:build tools

// Pins the newest wireguard-go for the tunnel benchmark and the gateway (built by
// tests/testbed/wireguard-go.sh, compared with Debian's in bench/tunnel).
package tools

import _ "golang.zx2c4.com/wireguard"
