#!/usr/bin/env bash
# A node whose heartbeat stops goes NotReady through the real node lifecycle controller and is
# tainted node.kubernetes.io/unreachable (failover depends on both).
. "$(dirname "$0")/assert.sh"
node=tb-heartbeat-$$
trap 'kc ci-consumer delete node "$node" --wait=false >/dev/null 2>&1 || true' EXIT
kc ci-consumer create -f - >/dev/null <<EOF2
apiVersion: v1
kind: Node
metadata:
  name: $node
  labels: {type: kwok, kubernetes.io/hostname: $node, kwok.x-k8s.io/node: fake}
spec:
  taints: [{key: spillway.dev/test, value: heartbeat, effect: NoSchedule}]
status:
  capacity: {cpu: "1", memory: 1Gi, pods: "10"}
  allocatable: {cpu: "1", memory: 1Gi, pods: "10"}
EOF2
ready() { [ "$(kc ci-consumer get node "$node" -o jsonpath='{.status.conditions[?(@.type=="Ready")].status}')" = "$1" ]; }
eventually 30 "node Ready while KWOK renews its lease" ready True
lease1=$(kc ci-consumer -n kube-node-lease get lease "$node" -o jsonpath='{.spec.renewTime}')
renewed() { [ "$(kc ci-consumer -n kube-node-lease get lease "$node" -o jsonpath='{.spec.renewTime}')" != "$lease1" ]; }
eventually 30 "lease renewed (heartbeat running)" renewed
# KWOK manages nodes by this label; removing it stops the node's heartbeat.
kc ci-consumer label node "$node" kwok.x-k8s.io/node- >/dev/null
eventually 90 "node NotReady (Unknown) after heartbeats stop" ready Unknown
tainted() { kc ci-consumer get node "$node" -o jsonpath='{range .spec.taints[*]}{.key}:{.effect}{"\n"}{end}' | grep -qx 'node.kubernetes.io/unreachable:NoExecute'; }
eventually 30 "node tainted node.kubernetes.io/unreachable:NoExecute" tainted
reason=$(kc ci-consumer get node "$node" -o jsonpath='{.status.conditions[?(@.type=="Ready")].reason}')
assert_eq NodeStatusUnknown "$reason" "condition reason set by the node lifecycle controller"
finish
