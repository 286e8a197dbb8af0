//go:build tools

// Package tools pins the metrics-server the testbed builds.
package tools

import _ "sigs.k8s.io/metrics-server/cmd/metrics-server"
