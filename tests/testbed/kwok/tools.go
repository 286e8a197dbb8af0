//go:build tools

// Package tools pins the KWOK controller the testbed builds.
package tools

import _ "sigs.k8s.io/kwok/cmd/kwok"
