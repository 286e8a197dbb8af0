#!/usr/bin/env bash
# Nodes are Ready with the capacity and labels 'cluster up' was asked for.
. "$(dirname "$0")/assert.sh"

check() { # cluster nodes cpu memory pods region
  local c=$1 n=$2 cpu=$3 mem=$4 pods=$5 region=$6 names node
  names=$(kc "$c" get nodes -o jsonpath='{range .items[*]}{.metadata.name}{"\n"}{end}')
  assert_eq "$n" "$(echo "$names" | grep -c .)" "$c has $n nodes"
  for node in $names; do
    assert_eq True "$(kc "$c" get node "$node" -o jsonpath='{.status.conditions[?(@.type=="Ready")].status}')" "$node Ready"
    assert_eq "$cpu" "$(kc "$c" get node "$node" -o jsonpath='{.status.capacity.cpu}')" "$node capacity cpu"
    assert_eq "$mem" "$(kc "$c" get node "$node" -o jsonpath='{.status.allocatable.memory}')" "$node allocatable memory"
    assert_eq "$pods" "$(kc "$c" get node "$node" -o jsonpath='{.status.capacity.pods}')" "$node capacity pods"
    assert_eq "$region" "$(kc "$c" get node "$node" -o jsonpath='{.metadata.labels.topology\.kubernetes\.io/region}')" "$node region label"
    [ -n "$(kc "$c" get node "$node" -o jsonpath='{.spec.podCIDR}')" ] && pass "$node has a podCIDR" || fail "$node has no podCIDR"
  done
}
check ci-consumer 3 4 8Gi 110 eu-south
check ci-provider 3 8 16Gi 200 eu-west
assert_eq "blue blue blue" "$(kc ci-provider get nodes -l spillway.dev/pool=blue -o jsonpath='{.items[*].metadata.labels.spillway\.dev/pool}')" "second label on every provider node"
assert_eq "v1.37.2" "$(kc ci-provider version -o json | sed -n 's/.*"gitVersion": "\(v[^"]*\)".*/\1/p' | tail -1)" "apiserver reports the pinned version"
finish
