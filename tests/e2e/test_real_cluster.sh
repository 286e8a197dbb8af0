#!/usr/bin/env bash
# Spillway in-cluster, as users run it, on the testbed's real nodes (issue #25): two clusters with
# the same pod CIDR, each with one real node and no KWOK node. install chooses the kubernetes
# runtime by itself; the controller managers, gateways and virtual kubelet run as pods from
# Spillway's images; the peering's WireGuard tunnel between the gateway pods comes up; an
# offloaded Deployment runs as real containers in the provider (its containerd lists them) and
# kubectl logs in the consumer returns their output. Deleting the controller manager and the
# virtual kubelet pods recreates, duplicates or loses no offloaded pod. unpeer and uninstall
# leave no Spillway pod, namespace or container behind.
# Not here yet: pod-to-pod traffic across the tunnel (the nodes' routes to the gateway pods).
. "$SPILLWAY_SOURCE_DIR/tests/testbed/tests/assert.sh"
. "$TB/lib.sh"
RUN=$SPILLWAY_SOURCE_DIR/run
CTL=$SPILLWAY_BIN/spillctl
c=e2e-rc-$$ p=e2e-rp-$$
work=$(mktemp -d)
cleanup() {
  for n in "$c" "$p"; do "$RUN" cluster down "$n" >/dev/null 2>&1 || true; done
  rm -rf "$work" 2>/dev/null || true
}
trap cleanup EXIT

# Spillway's images as install references them by default (another test may have left
# build/images named for another registry).
version=$("$CTL" --version | awk '{print $NF}')
"$SPILLWAY_SOURCE_DIR/installer/images/build.sh" "$SPILLWAY_BIN" "$work/images" "$version" >"$work/images.log" 2>&1 ||
  { fail "building the agent images: $(tail -5 "$work/images.log")"; finish; exit 1; }
for n in "$c" "$p"; do
  "$RUN" cluster up "$n" --nodes 0 --real-nodes 1 --no-metrics-server >"$work/$n.up" 2>&1 ||
    { fail "cluster up $n: $(tail -20 "$work/$n.up")"; finish; exit 1; }
  "$RUN" cluster import "$n" "$work"/images/*.tar >/dev/null 2>&1 || fail "importing the agent images into $n"
done
STATE=$(testbed_state_root)
KC=$STATE/$c/kubeconfig KP=$STATE/$p/kubeconfig
kcc() { "$KUBECTL" --kubeconfig "$KC" "$@"; }
kcp() { "$KUBECTL" --kubeconfig "$KP" "$@"; }
sock() { echo "/var/lib/spillway-testbed/$(sed -n 's/^REAL_INDEX=//p' "$STATE/$1/cluster.env")-1/containerd.sock"; }
containers() { ctr --address "$(sock "$1")" -n k8s.io containers ls 2>/dev/null; }

# --- install: the kubernetes runtime, chosen from the nodes -----------------------------------
for n in "$c" "$p"; do
  out=$("$CTL" install kind --kubeconfig "$STATE/$n/kubeconfig" --cluster-id "$n" \
        --api-server-url "$(sed -n 's/^PEER_SERVER=//p' "$STATE/$n/cluster.env")" 2>&1) || fail "install $n: $out"
  assert_contains "$out" "kubernetes runtime, because these nodes can run the agents' pods: $n-node-1" "install on $n chooses the kubernetes runtime"
  "$KUBECTL" --kubeconfig "$STATE/$n/kubeconfig" -n liqo rollout status deploy/spillway-controller-manager --timeout=120s >/dev/null 2>&1 &&
    pass "$n: the controller manager's pod is Ready" || fail "$n: the controller manager is not Ready: $("$KUBECTL" --kubeconfig "$STATE/$n/kubeconfig" -n liqo get pods 2>&1)"
done
assert_eq "healthy" "$("$CTL" info --kubeconfig "$KC" --get health.healthy | sed 's/^true$/healthy/')" "spillctl info: the in-cluster install is healthy"

# --- peer with networking: the tunnel between the gateway pods --------------------------------
out=$(timeout 300 "$CTL" peer --kubeconfig "$KC" --remote-kubeconfig "$KP" --timeout 180 2>&1) && pass "peer with networking" ||
  fail "peer failed: $(echo "$out" | tail -5)"
assert_eq Connected "$(kcc -n "liqo-tenant-$p" get connections.networking.liqo.io "$p" -o jsonpath='{.status.value}' 2>/dev/null)" "the consumer's Connection is Connected"
assert_eq Connected "$(kcp -n "liqo-tenant-$c" get connections.networking.liqo.io "$c" -o jsonpath='{.status.value}' 2>/dev/null)" "and the provider's"
assert_contains "$(containers "$c")" "localhost/spillway/spillway-gateway:v$version" "the consumer's gateway runs as a container"
assert_contains "$(containers "$p")" "localhost/spillway/spillway-gateway:v$version" "and the provider's"
eventually 90 "the virtual node liqo-$p is Ready" \
  bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KC' get node liqo-$p -o jsonpath='{.status.conditions[?(@.type==\"Ready\")].status}')\" = True ]"
assert_contains "$(containers "$c")" "localhost/spillway/spillway-virtual-kubelet:v$version" "the virtual kubelet runs as a container in the consumer"

# Every agent's pod asks for what it needs, is capped in memory, and the gateway holds only the
# capabilities it uses.
for ns_pod in "liqo app.kubernetes.io/component=controller-manager" "liqo-tenant-$p app.kubernetes.io/component=virtual-kubelet" \
              "liqo-tenant-$p networking.liqo.io/component=gateway"; do
  read -r ns sel <<< "$ns_pod"
  res=$(kcc -n "$ns" get pods -l "$sel" -o jsonpath='{.items[0].spec.containers[0].resources.requests.memory} {.items[0].spec.containers[0].resources.limits.memory}')
  [[ "$res" =~ ^[0-9]+Mi\ [0-9]+Mi$ ]] && pass "$sel: memory request and limit ($res)" || fail "$sel: no memory request and limit ('$res')"
done
assert_eq '["ALL"] ["NET_ADMIN","MKNOD"] false' \
  "$(kcc -n "liqo-tenant-$p" get pods -l networking.liqo.io/component=gateway -o jsonpath='{.items[0].spec.containers[0].securityContext.capabilities.drop} {.items[0].spec.containers[0].securityContext.capabilities.add} {.items[0].spec.containers[0].securityContext.allowPrivilegeEscalation}')" \
  "the gateway drops every capability but NET_ADMIN and MKNOD, unprivileged"

# --- offload: real containers in the provider -------------------------------------------------
kcc create namespace web >/dev/null
"$CTL" offload namespace web --kubeconfig "$KC" >/dev/null 2>&1 && pass "offload namespace web" || fail "offload failed"
kcc apply -f - >/dev/null <<'EOF'
apiVersion: apps/v1
kind: Deployment
metadata: {name: echo, namespace: web}
spec:
  replicas: 2
  selector: {matchLabels: {app: echo}}
  template:
    metadata: {labels: {app: echo}}
    spec:
      nodeSelector: {liqo.io/type: virtual-node}
      tolerations: [{key: virtual-node.liqo.io/not-allowed, operator: Exists, effect: NoExecute}]
      containers:
      - name: echo
        image: localhost/spillway/workload:v1
        imagePullPolicy: IfNotPresent
        command: [sh, -c, 'echo "started in $(hostname)"; exec httpd -f -vv -p 8080 -h /www']
        ports: [{containerPort: 8080}]
EOF
kcc -n web rollout status deploy/echo --timeout=120s >/dev/null 2>&1 && pass "the offloaded Deployment is available" ||
  fail "echo is not available: $(kcc -n web get pods -o wide 2>&1)"
remote=web-$c
assert_eq 2 "$(kcp -n "$remote" get pods -l app=echo --field-selector status.phase=Running -o name | wc -l)" "two echo pods run in the provider's $remote"
assert_eq 2 "$(containers "$p" | grep -c 'localhost/spillway/workload:v1')" "as two real containers in the provider's containerd"
assert_eq 0 "$(containers "$c" | grep -c 'localhost/spillway/workload:v1')" "and none in the consumer's"
pod=$(kcc -n web get pods -l app=echo -o jsonpath='{.items[0].metadata.name}')
assert_contains "$(kcc -n web logs "$pod" 2>&1)" "started in $pod" "kubectl logs in the consumer returns the container's real output"

# --- the agents' pods go away and come back: the offloaded pods stay as they are ----------------
uids() { kcp -n "$remote" get pods -l app=echo -o jsonpath='{range .items[*]}{.metadata.uid}{"\n"}{end}' | sort; }
before=$(uids)
old_cm=$(kcc -n liqo get pods -l app.kubernetes.io/component=controller-manager -o jsonpath='{.items[*].metadata.name}')
kcc -n liqo delete pods -l app.kubernetes.io/component=controller-manager --wait=false >/dev/null
old_vk=$(kcc -n "liqo-tenant-$p" get pods -l app.kubernetes.io/component=virtual-kubelet -o jsonpath='{.items[*].metadata.name}')
kcc -n "liqo-tenant-$p" delete pods -l app.kubernetes.io/component=virtual-kubelet --wait=false >/dev/null
eventually 120 "a new controller manager pod is Ready (the old one was $old_cm)" \
  bash -c "'$KUBECTL' --kubeconfig '$KC' -n liqo get pods -l app.kubernetes.io/component=controller-manager -o jsonpath='{range .items[*]}{.metadata.name} {.status.conditions[?(@.type==\"Ready\")].status}{\"\\n\"}{end}' | grep -v '^$old_cm ' | grep -q ' True$'"
eventually 120 "a new virtual kubelet pod runs and the virtual node is Ready again" \
  bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KC' -n liqo-tenant-$p get pods -l app.kubernetes.io/component=virtual-kubelet -o jsonpath='{range .items[*]}{.metadata.name} {.status.conditions[?(@.type==\"Ready\")].status}{\"\\n\"}{end}' | grep -v '^$old_vk ' | grep -c ' True$')\" -ge 1 ] && [ \"\$('$KUBECTL' --kubeconfig '$KC' get node liqo-$p -o jsonpath='{.status.conditions[?(@.type==\"Ready\")].status}')\" = True ]"
sleep 10   # a settled window in which a wrong reconcile would act (both agents are back)
assert_eq "$before" "$(uids)" "no offloaded pod was recreated, duplicated or lost"
assert_eq 2 "$(containers "$p" | grep -c 'localhost/spillway/workload:v1')" "still two workload containers in the provider"

# --- unpeer and uninstall: nothing of Spillway is left ------------------------------------------
"$CTL" unoffload namespace web --kubeconfig "$KC" >/dev/null 2>&1 || fail "unoffload failed"
kcc delete namespace web --wait=false >/dev/null
out=$(timeout 300 "$CTL" unpeer --kubeconfig "$KC" --remote-kubeconfig "$KP" --timeout 180 2>&1) && pass "unpeer" || fail "unpeer failed: $out"
for n in "$c" "$p"; do
  out=$(timeout 300 "$CTL" uninstall --kubeconfig "$STATE/$n/kubeconfig" 2>&1) && pass "uninstall $n" || fail "uninstall $n failed: $out"
done
eventually 120 "no Spillway pod is left in either cluster" \
  bash -c "[ -z \"\$('$KUBECTL' --kubeconfig '$KC' get pods -A -o name; '$KUBECTL' --kubeconfig '$KP' get pods -A -o name)\" ]"
eventually 120 "no Spillway or offloaded namespace is left" \
  bash -c "[ -z \"\$('$KUBECTL' --kubeconfig '$KC' get ns -o name | grep -E 'liqo|web'; '$KUBECTL' --kubeconfig '$KP' get ns -o name | grep -E 'liqo|web')\" ]" ||
  echo "# $(kcc get ns web -o jsonpath='{.status}' 2>&1) $(kcp get ns -o name 2>&1 | tr '\n' ' ')"
eventually 60 "no container is left in either node's containerd" \
  bash -c "[ -z \"\$(ctr --address '$(sock "$c")' -n k8s.io containers ls -q; ctr --address '$(sock "$p")' -n k8s.io containers ls -q)\" ]"
finish
