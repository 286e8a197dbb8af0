#!/usr/bin/env bash
# Real nodes end to end: two clusters with the same pod CIDR, one real node each. A Deployment
# of the workload image runs as real containers (containerd lists them), kubectl logs and exec
# reach them, a Service name resolves through CoreDNS and answers through kube-proxy, and the
# other cluster cannot reach the pod's address. 'cluster down' then leaves nothing behind:
# no process, container, mount, network namespace, veth, nftables table or cgroup.
. "$(dirname "$0")/assert.sh"
a=tb-real-a-$$ b=tb-real-b-$$
. "$TB/lib.sh"
REAL_SHORT_ROOT=/var/lib/spillway-testbed
STATE=$(testbed_state_root)
shims_before=$(ls /run/containerd/s 2>/dev/null | sort || true)
cleanup() { "$TB/testbed.sh" down "$a" "$b" >/dev/null 2>&1 || true; }
trap cleanup EXIT

up() { # name
  local log; log=$(mktemp)
  if "$TB/testbed.sh" up "$1" --nodes 0 --real-nodes 1 --no-metrics-server >/dev/null 2>"$log"; then
    pass "cluster up $1 --real-nodes 1"
  else
    fail "cluster up $1 --real-nodes 1: $(tail -30 "$log")"; rm -f "$log"; finish; exit 1
  fi
  rm -f "$log"
}
# A stale network namespace of a node stops 'up' with its name, and nothing is left behind.
c=tb-real-c-$$
ip netns add "spw-$c-1"
out=$("$TB/testbed.sh" up "$c" --nodes 0 --real-nodes 1 --no-metrics-server 2>&1 >/dev/null) && fail "up with a stale netns succeeded" ||
  assert_contains "$out" "a network namespace spw-$c-1 is left from an earlier cluster '$c'; remove it with 'ip netns del spw-$c-1'" "a stale netns is named with the fix"
ip netns del "spw-$c-1" 2>/dev/null && pass "up left the stale netns it did not make" || fail "up removed a netns it did not make"
assert_eq "" "$(ls -d "$STATE/$c" 2>/dev/null; nft list tables | grep "spw_${c//-/_}"; ls -d /sys/fs/cgroup/*/spillway-testbed/$c-* 2>/dev/null || true)" \
  "the failed up left no folder, nftables table or cgroup"
up "$a"
up "$b"
na=$a-node-1
assert_eq True "$(kc "$a" get node "$na" -o jsonpath='{.status.conditions[?(@.type=="Ready")].status}')" "$na is Ready"
assert_eq real "$(kc "$a" get node "$na" -o jsonpath='{.metadata.labels.type}')" "$na is labelled type=real"
[ -n "$(kc "$a" get node "$na" -o jsonpath='{.status.nodeInfo.containerRuntimeVersion}' | grep '^containerd://')" ] &&
  pass "$na runs containerd" || fail "$na reports no containerd runtime"

# A Deployment of the workload image, and a Service in front of it.
kc "$a" apply -f - >/dev/null <<'EOF'
apiVersion: apps/v1
kind: Deployment
metadata: {name: echo, namespace: default}
spec:
  replicas: 1
  selector: {matchLabels: {app: echo}}
  template:
    metadata: {labels: {app: echo}}
    spec:
      containers:
      - name: echo
        image: localhost/spillway/workload:v1
        imagePullPolicy: IfNotPresent
        env:
        - {name: POD_NAME, valueFrom: {fieldRef: {fieldPath: metadata.name}}}
        - {name: NODE_NAME, valueFrom: {fieldRef: {fieldPath: spec.nodeName}}}
        ports: [{containerPort: 8080}]
        readinessProbe: {httpGet: {path: /, port: 8080}, periodSeconds: 1}
---
apiVersion: v1
kind: Service
metadata: {name: echo, namespace: default}
spec:
  selector: {app: echo}
  ports: [{port: 80, targetPort: 8080}]
EOF
kc "$a" rollout status deployment/echo --timeout=120s >/dev/null 2>&1 && pass "the echo Deployment becomes available on the real node" ||
  fail "echo did not become available: $(kc "$a" get pods -o wide 2>&1 | tail -3; kc "$a" describe pods -l app=echo 2>&1 | tail -8)"
pod=$(kc "$a" get pods -l app=echo -o jsonpath='{.items[0].metadata.name}')
pod_ip=$(kc "$a" get pod "$pod" -o jsonpath='{.status.podIP}')
sock=$REAL_SHORT_ROOT/$(sed -n 's/^REAL_INDEX=//p' "$STATE/$a/cluster.env")-1/containerd.sock
assert_contains "$(ctr --address "$sock" -n k8s.io containers ls 2>&1)" "localhost/spillway/workload:v1" \
  "containerd on $na lists the workload container"
assert_contains "$(kc "$a" exec "$pod" -- cat /www/index.html 2>&1)" "spillway workload" "kubectl exec runs a command in the container"
rc=0; kc "$a" exec "$pod" -- sh -c 'exit 3' >/dev/null 2>&1 || rc=$?
assert_eq 3 "$rc" "kubectl exec carries the exit code back"

# A client pod reaches the Service by its DNS name; the answer names the pod and its node.
kc "$a" run client --image localhost/spillway/workload:v1 --image-pull-policy IfNotPresent --restart Never \
  --command -- sleep 3600 >/dev/null
kc "$a" wait --for=condition=Ready pod/client --timeout=90s >/dev/null 2>&1 && pass "a client pod runs" || fail "the client pod did not start"
answer=$(kc "$a" exec client -- timeout 5 wget -qO- http://echo.default.svc.cluster.local/cgi-bin/echo 2>&1 || true)
assert_contains "$answer" "pod $pod in namespace ? on node $na" "the Service answers by its DNS name (CoreDNS, kube-proxy)"
assert_contains "$(kc "$a" exec client -- timeout 5 wget -qO- "http://$pod_ip:8080/" 2>&1)" "spillway workload" "pod to pod by IP"
assert_contains "$(kc "$a" logs "$pod" 2>&1)" "/cgi-bin/echo" "kubectl logs returns the container's real output"
# busybox's TLS cannot agree on a cipher with the apiserver; its alert proves a TLS server answered at the Service.
kc "$a" exec client -- sh -c 'timeout 5 wget -qO- --no-check-certificate https://kubernetes.default.svc/version 2>&1 | grep -qE "gitVersion|TLS error from peer"' &&
  pass "pods reach the apiserver through the kubernetes Service" || fail "pods cannot reach the apiserver through the kubernetes Service"
svc_ip=$(kc "$a" get svc kubernetes -o jsonpath='{.spec.clusterIP}')
code=$(ip netns exec "spw-$a-1" curl -sk -m 5 -o /dev/null -w '%{http_code}' "https://$svc_ip/version" 2>&1 || true)
[[ "$code" =~ ^[2-4][0-9][0-9]$ ]] && pass "host-network pods reach the apiserver through the kubernetes Service too (HTTP $code)" ||
  fail "the node's own network cannot reach the kubernetes Service at $svc_ip ('$code')"

# The apiserver reaches a Service in the cluster (as it calls webhooks): the echo server answers
# the webhook call in plain HTTP, which the apiserver reports, so the call got there.
kc "$a" create namespace probe >/dev/null && kc "$a" label namespace probe tb=reach >/dev/null
kc "$a" apply -f - >/dev/null <<'EOF'
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingWebhookConfiguration
metadata: {name: tb-reach}
webhooks:
- name: reach.testbed.spillway.dev
  clientConfig: {service: {namespace: default, name: echo, port: 80, path: /cgi-bin/echo}}
  rules: [{apiGroups: [""], apiVersions: [v1], operations: [CREATE], resources: [configmaps]}]
  namespaceSelector: {matchLabels: {tb: reach}}
  failurePolicy: Fail
  sideEffects: None
  timeoutSeconds: 5
  admissionReviewVersions: [v1]
EOF
assert_contains "$(kc "$a" -n probe create configmap x 2>&1)" "server gave HTTP response to HTTPS client" \
  "the apiserver reaches a webhook Service's pod (routed by its cgroup to the cluster's node)"
kc "$a" delete validatingwebhookconfiguration tb-reach >/dev/null

# Cluster b has the same pod CIDR: its pods cannot reach cluster a's pod.
kc "$b" run probe --image localhost/spillway/workload:v1 --image-pull-policy IfNotPresent --restart Never \
  --command -- sleep 3600 >/dev/null
kc "$b" wait --for=condition=Ready pod/probe --timeout=90s >/dev/null 2>&1 && pass "a pod runs in the second cluster" || fail "the probe pod did not start"
if kc "$b" exec probe -- timeout 3 wget -qO- "http://$pod_ip:8080/" 2>/dev/null | grep -q "spillway workload"; then
  fail "a pod of $b reached $a's pod $pod_ip: the clusters' pod networks are not isolated"
else
  pass "a pod of $b cannot reach $a's pod $pod_ip"
fi

# Down: nothing of either cluster is left.
ka=$(sed -n 's/^REAL_INDEX=//p' "$STATE/$a/cluster.env") kb=$(sed -n 's/^REAL_INDEX=//p' "$STATE/$b/cluster.env")
"$TB/testbed.sh" down "$a" "$b" >/dev/null 2>&1 && pass "cluster down" || fail "cluster down failed"
assert_eq "" "$(pgrep -af -- "$STATE/($a|$b)/" | grep -v pgrep || true)" "no process of the clusters is left"
assert_eq "" "$(pgrep -af -- "containerd-shim-runc-v2" | grep -E -- "$a|$b" || true)" "no container shim is left"
assert_eq "" "$(findmnt -rn -o TARGET | grep -E -- "/($a|$b)/" || true)" "no mount is left"
assert_eq "" "$(ip netns list | grep -E -- "spw-($a|$b)-" || true)" "no node network namespace is left"
assert_eq "" "$(nft list tables 2>/dev/null | grep -E -- "spw_(${a//-/_}|${b//-/_})" || true)" "no nftables table is left"
assert_eq "" "$(ls -d /sys/fs/cgroup/*/spillway-testbed/$a-* /sys/fs/cgroup/*/spillway-testbed/$b-* 2>/dev/null || true)" "no cgroup is left"
assert_eq "" "$(ip rule | grep -wE "lookup ($((5300 + ka))|$((5300 + kb)))" || true)" "no routing rule is left"
assert_eq "" "$(ls -d "$REAL_SHORT_ROOT/$ka"-* "$REAL_SHORT_ROOT/$kb"-* 2>/dev/null || true)" "no node folder under $REAL_SHORT_ROOT is left"
assert_eq "" "$(grep -lsxE "$STATE/($a|$b)" "$REAL_SHORT_ROOT"/index/* || true)" "their machine-wide indexes are free again"
assert_eq "$shims_before" "$(ls /run/containerd/s 2>/dev/null | sort || true)" "no shim socket is left"
# The WAN namespace is shared by every real-node cluster on the machine, other
# checkouts' included, so only the machine-wide index says whether these were the last.
other_real_cluster() {
  local f owner
  for f in "$REAL_SHORT_ROOT"/index/*; do
    owner=$(cat "$f" 2>/dev/null) || continue
    grep -qsx "REAL_INDEX=$(basename "$f")" "$owner/cluster.env" && return 0
  done
  return 1
}
if ! other_real_cluster; then
  assert_eq "" "$(ip netns list | grep -w spw-wan || true; ip link show spw-wan0 2>/dev/null || true)" "the real nodes' network is removed with the last cluster"
fi
assert_eq "" "$(ls -d "$STATE/$a" "$STATE/$b" 2>/dev/null || true)" "the clusters' folders are removed"
finish
