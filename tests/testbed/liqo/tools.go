//go:build tools

// Package tools pins Liqo v1.2.0's liqoctl so that the testbed can build it from the Go module
// proxy; Spillway tests and measures against it and never links it.
package tools

import _ "github.com/liqotech/liqo/cmd/liqoctl"
