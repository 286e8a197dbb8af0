#!/usr/bin/env bash
# ./run demo, after the build: two testbed clusters, consumer and provider, with the same pod CIDR.
# As root (the product users get): each has a real node (kubelet, containerd, runc) beside KWOK
# nodes; Spillway is installed in-cluster from its images (spillctl chooses the kubernetes
# runtime), peered with the WireGuard tunnel between the gateway pods, namespace demo offloaded,
# and a Deployment there runs as real containers in the provider, reached from a consumer pod
# through a Service. Not root: KWOK nodes only, the agents as local processes, no networking.
# usage: demo.sh BUILD_DIR
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=$1
TESTBED=$ROOT/tests/testbed
CTL=$BUILD/bin/spillctl
log() { echo "==> $*" >&2; }
die() { echo "error: $*" >&2; exit 1; }
KUBECTL=$("$TESTBED/testbed.sh" bin)/kubectl
real=0; [ "$(id -u)" = 0 ] && real=1

region() { [ "$1" = provider ] && echo eu-west || echo eu-south; }

# The cluster NAME, up (reused when it runs already with the demo's kind of nodes); prints its kubeconfig.
cluster_up() {
  local n=$1 kc nodes cpu memory
  if kc=$("$TESTBED/testbed.sh" kubeconfig "$n" 2>/dev/null) && "$TESTBED/testbed.sh" list 2>/dev/null | grep -q "^$n .*running" &&
     { [ "$real" = 0 ] || grep -q '^REAL_NODES=[1-9]' "$(dirname "$kc")/cluster.env"; }; then
    log "cluster $n is already running"
    [ "$real" = 0 ] || "$TESTBED/testbed.sh" import "$n" "$BUILD"/images/*.tar >&2 || die "importing Spillway's images into $n failed"
    echo "$kc"; return
  fi
  [ -n "${kc:-}" ] && "$TESTBED/testbed.sh" down "$n" >&2
  if [ "$n" = provider ]; then nodes=3 cpu=8 memory=16Gi; else nodes=2 cpu=4 memory=8Gi; fi
  local extra=(); [ "$real" = 1 ] && extra=(--real-nodes 1)
  "$TESTBED/testbed.sh" up "$n" --nodes "$nodes" "${extra[@]}" --node-cpu "$cpu" --node-memory "$memory" \
    --node-labels "topology.kubernetes.io/region=$(region "$n")" --pod-cidr 10.244.0.0/16 | tail -n 1
}

if [ "$real" = 1 ]; then
  log "Spillway's images (build/images), which every real node imports"
  rm -f "$BUILD"/images/spillway-{controller-manager,virtual-kubelet,gateway}.tar
  "$ROOT/installer/images/build.sh" "$BUILD/bin" "$BUILD/images" "$("$CTL" --version | awk '{print $NF}')" >&2 ||
    die "building the images failed (see above)"
fi
declare -A KC
for n in consumer provider; do
  KC[$n]=$(cluster_up "$n") || die "starting cluster $n failed (see above)"
  install=("$CTL" install kubeadm --kubeconfig "${KC[$n]}" --cluster-id "$n" --cluster-labels "topology.kubernetes.io/region=$(region "$n")"
           --pod-cidr 10.244.0.0/16 --service-cidr 10.96.0.0/16)
  if [ "$real" = 1 ]; then
    # Peers reach this cluster's API server at the address its nodes use; spillctl picks the runtime.
    log "installing Spillway into $n (in-cluster, from its images)"
    "${install[@]}" --api-server-url "$(sed -n 's/^PEER_SERVER=//p' "$(dirname "${KC[$n]}")/cluster.env")" >&2 ||
      die "installing Spillway into $n failed (see above)"
    "$KUBECTL" --kubeconfig "${KC[$n]}" -n liqo rollout status deploy/spillway-controller-manager --timeout=180s >&2 ||
      die "the controller manager of $n did not become Ready (./run kubectl $n -n liqo get pods)"
  else
    log "installing Spillway into $n (local runtime: not root, so no real node)"
    "${install[@]}" --runtime local --state-dir "$(dirname "${KC[$n]}")/spillway" >&2 || die "installing Spillway into $n failed (see above)"
  fi
  printf '%-9s kubeconfig: %s\n' "$n" "${KC[$n]}"
done
kcc() { "$KUBECTL" --kubeconfig "${KC[consumer]}" "$@"; }

log "peering consumer → provider"
networking=(); [ "$real" = 1 ] || networking=(--networking-disabled)
"$CTL" peer --kubeconfig "${KC[consumer]}" --remote-kubeconfig "${KC[provider]}" ${networking[@]+"${networking[@]}"} >&2 ||
  die "peering the demo clusters failed (see above)"
log "offloading namespace demo to the peers in eu-west"
kcc create namespace demo --dry-run=client -o yaml | kcc apply -f - >/dev/null || die "cannot create namespace demo"
"$CTL" offload namespace demo --kubeconfig "${KC[consumer]}" --selector topology.kubernetes.io/region=eu-west >&2 ||
  die "offloading namespace demo failed (see above)"

if [ "$real" = 1 ]; then
  log "a Deployment in demo, on the virtual node: real containers in the provider"
  kcc apply -f - >/dev/null <<'YAML'
apiVersion: apps/v1
kind: Deployment
metadata: {name: hello, namespace: demo}
spec:
  replicas: 2
  selector: {matchLabels: {app: hello}}
  template:
    metadata: {labels: {app: hello}}
    spec:
      nodeSelector: {liqo.io/type: virtual-node}
      tolerations: [{key: virtual-node.liqo.io/not-allowed, operator: Exists, effect: NoExecute}]
      containers:
      - {name: hello, image: "localhost/spillway/workload:v1", imagePullPolicy: IfNotPresent, ports: [{containerPort: 8080}]}
---
apiVersion: v1
kind: Service
metadata: {name: hello, namespace: demo}
spec: {selector: {app: hello}, ports: [{port: 8080}]}
---
apiVersion: v1
kind: Pod
metadata: {name: client, namespace: default}
spec:
  containers: [{name: client, image: "localhost/spillway/workload:v1", imagePullPolicy: IfNotPresent}]
YAML
  kcc -n demo rollout status deploy/hello --timeout=180s >&2 || die "demo/hello did not become available (./run kubectl consumer -n demo get pods -o wide)"
  kcc -n default wait pod/client --for=condition=Ready --timeout=120s >/dev/null || die "the client pod did not start"
  log "from a consumer pod, through the Service hello.demo, across the tunnel"
  answer=""
  for _ in $(seq 1 30); do
    answer=$(kcc -n default exec client -- timeout 5 wget -qO- http://hello.demo.svc.cluster.local:8080/cgi-bin/echo 2>/dev/null) && break
    sleep 2
  done
  [ -n "$answer" ] || die "the consumer's pod does not reach demo/hello across the tunnel (see docs/networking.md)"
  echo "$answer" | sed 's/^/    /' >&2
fi

console=("$BUILD/bin/spillway" --kubeconfig "${KC[consumer]}" --kubeconfig "${KC[provider]}" --view editor --namespace demo)
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  log "opening the console on the demo clusters"
  "${console[@]}" >/dev/null 2>&1 &
fi
cat <<TEXT

Two clusters are up with Spillway installed and peered, consumer → provider (both use pod
CIDR 10.244.0.0/16, as two real clusters often do):
  ./run kubectl consumer get nodes
  $CTL info --kubeconfig "\$(./run cluster kubeconfig consumer)"
  ./run kubectl consumer get foreignclusters
TEXT
if [ "$real" = 1 ]; then
  cat <<TEXT
  ./run kubectl consumer get pods -A -o wide       # Spillway's agents run as pods
  ./run kubectl consumer get connections -A        # the WireGuard tunnel between the gateway pods
  ./run kubectl consumer -n demo get pods -o wide  # on the virtual node; real containers in the provider
  ./run kubectl consumer exec client -- wget -qO- http://hello.demo:8080/cgi-bin/echo
TEXT
fi
cat <<TEXT
Namespace demo is offloaded to the provider (spillctl offload namespace demo --selector ...).
Console on the demo clusters, at the offloading editor: ${console[*]}
CLI: $CTL
Stop them with: ./run cluster down consumer provider
TEXT
