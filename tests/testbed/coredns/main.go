// CoreDNS for Spillway's testbed, with only the plugins its Corefile uses: cluster DNS for the
// real nodes (Service and Pod names of cluster.local), nothing forwarded off the machine.
package main

import (
	_ "github.com/coredns/coredns/plugin/bind"
	_ "github.com/coredns/coredns/plugin/cache"
	_ "github.com/coredns/coredns/plugin/errors"
	_ "github.com/coredns/coredns/plugin/health"
	_ "github.com/coredns/coredns/plugin/kubernetes"
	_ "github.com/coredns/coredns/plugin/loadbalance"
	_ "github.com/coredns/coredns/plugin/ready"

	"github.com/coredns/coredns/coremain"
)

func main() { coremain.Run() }
