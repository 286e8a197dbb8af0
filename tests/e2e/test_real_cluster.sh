#!/usr/bin/env bash
# Spillway in-cluster, as users run it, on the testbed's real nodes (issue #25): two clusters with
# the same pod CIDR, each with one real node and no KWOK node. install chooses the kubernetes
# runtime by itself; the controller managers, gateways and virtual kubelet run as pods from
# Spillway's images; the peering's WireGuard tunnel between the gateway pods comes up; an
# offloaded Deployment runs as real containers in the provider (its containerd lists them) and
# kubectl logs in the consumer returns their output; kubectl exec (exit code, stdin, TTY size),
# cp, attach and port-forward reach them through the virtual node, and a session whose provider
# connection drops fails with Spillway's message; the console's pods panel lists the pod with its
# provider, follows its log and runs a shell in it. Deleting the controller manager and the
# virtual kubelet pods recreates, duplicates or loses no offloaded pod. Pods of the two clusters
# reach each other across the tunnel, by the remapped addresses and through a Service (with DNS)
# whose endpoints are offloaded, in both directions; they do again after the gateway pods are
# replaced (new pod IPs: the fabric's node routes follow) and while the other agents restart.
# Liqo's liqoctl version and info read the install as they read Liqo's, and after spillctl's
# unpeer, liqoctl peers the clusters again with networking, disconnects and reconnects the
# network, and unpeers them. unpeer and uninstall
# leave no Spillway pod, namespace, container or node route behind.
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
# Liqo's own liqoctl reads the install as it reads Liqo's: the controller manager's Deployment
# (found by Liqo's labels) gives the release, the cluster labels and the API server address.
if LIQOCTL=$("$TB/liqoctl.sh"); then
  out=$("$LIQOCTL" version --kubeconfig "$KC" 2>&1) && pass "liqoctl version" || fail "liqoctl version: $out"
  assert_contains "$out" "Server version: v$version" "liqoctl version: Spillway's release, from the controller manager's image"
  "$LIQOCTL" info --kubeconfig "$KC" -o json >"$work/info.json" 2>"$work/info.err" || fail "liqoctl info: $(cat "$work/info.err")"
  assert_eq "" "$(cat "$work/info.err")" "liqoctl info warns of nothing"
  assert_eq "v$version $(sed -n 's/^PEER_SERVER=//p' "$STATE/$c/cluster.env") True" \
    "$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["local"]["version"], d["local"]["APIServerAddr"], d["health"]["healthy"])' "$work/info.json" 2>&1)" \
    "liqoctl info: version, API server address for peers, healthy"
else
  fail "building liqoctl"; LIQOCTL=""
fi

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
assert_eq 'true' "$(kcc -n "liqo-tenant-$p" get pods -l networking.liqo.io/component=gateway -o jsonpath='{.items[0].spec.initContainers[0].securityContext.privileged}')" \
  "only the gateway pod's init step (IPv4 forwarding) is privileged"
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
# The provider's controller manager, in its pod, judges ShadowPods: one past the consumer's grant is
# refused (as any user, the admin too), one that claims another origin as well (issue #28).
printf 'apiVersion: offloading.liqo.io/v1beta1\nkind: ShadowPod\nmetadata: {name: greedy, namespace: %s, labels: {offloading.liqo.io/origin: %s}}\nspec: {pod: {containers: [{name: c, image: localhost/spillway/workload:v1, resources: {requests: {cpu: "100000"}}}]}}\n' \
  "$remote" "$c" > "$work/greedy.yaml"
out=$(kcp create -f "$work/greedy.yaml" 2>&1) && fail "a ShadowPod past the grant was admitted in-cluster" ||
  assert_contains "$out" "grant on this provider is exceeded for cpu" "in-cluster: a ShadowPod past $c's grant is refused"
sed -i "s/origin: $c/origin: $p/" "$work/greedy.yaml"
out=$(kcp create -f "$work/greedy.yaml" 2>&1) && fail "a ShadowPod of another origin was admitted in-cluster" ||
  assert_contains "$out" "belongs to cluster $c" "and one claiming another origin"

# --- exec, attach, cp and port-forward on the virtual node: through the consumer's apiserver, the
# virtual kubelet's splice and the provider's apiserver, into the twin (issue #26) --------------
rc=0
out=$(kcc -n web exec "$pod" -- sh -c 'echo "out of $(hostname)"; echo oops >&2; exit 3' 2>"$work/exec.err") || rc=$?
assert_eq "out of $pod" "$out" "kubectl exec on the virtual node runs in the twin: its output"
assert_contains "$(cat "$work/exec.err")" "oops" "its stderr apart"
assert_eq 3 "$rc" "its exit code (3) comes back"
head -c 10485760 /dev/urandom > "$work/blob"
want=$(sha256sum < "$work/blob" | cut -d' ' -f1)
assert_eq "$want" "$(kcc -n web exec -i "$pod" -- sha256sum < "$work/blob" 2>&1 | cut -d' ' -f1)" "10 MiB of stdin arrive intact"
kcc cp "$work/blob" "web/$pod:/tmp/blob" >/dev/null 2>&1 &&
  assert_eq "$want" "$(kcc -n web exec "$pod" -- sha256sum /tmp/blob 2>&1 | cut -d' ' -f1)" "kubectl cp into the offloaded pod (10 MiB)" ||
  fail "kubectl cp into $pod failed"
kcc cp "web/$pod:/tmp/blob" "$work/back" >/dev/null 2>&1
assert_eq "$want" "$(sha256sum < "$work/back" 2>/dev/null | cut -d' ' -f1)" "kubectl cp out of it, the same checksum"
rc=0
out=$(printf 'echo "sum $((40 + 2))"\nexit 5\n' | kcc -n web exec -i "$pod" -- sh 2>/dev/null) || rc=$?
assert_eq "sum 42 5" "$out $rc" "an interactive sh reads its commands from stdin and exits with their code"
# A terminal: kubectl sends its size on the TTY's resize stream, which (as on any node) may land
# a moment after the command starts; the command waits for it (busybox's stty prints nothing to
# stdout while the terminal has no size).
out=$(script -qec "stty cols 100 rows 40; '$KUBECTL' --kubeconfig '$KC' -n web exec -it '$pod' -- sh -c 'i=0; until s=\$(busybox stty size 2>/dev/null) && [ -n \"\$s\" ]; do i=\$((i + 1)); [ \$i -gt 50 ] && break; sleep 0.1; done; echo \"size \$s\"'" /dev/null </dev/null 2>&1 | tr -d '\r') || true
assert_contains "$out" "size 40 100" "exec -it: the twin's terminal gets the size kubectl sent"
# attach: httpd -vv logs each request on the container's stderr, which attach streams.
timeout 15 "$KUBECTL" --kubeconfig "$KC" -n web attach "$pod" >"$work/attach.out" 2>&1 &
attach=$!
eventually 10 "kubectl attach streams the container's output" \
  bash -c "'$KUBECTL' --kubeconfig '$KC' -n web exec '$pod' -- wget -qO- http://127.0.0.1:8080/ >/dev/null 2>&1; grep -q 127.0.0.1 '$work/attach.out'" ||
  echo "# attach: $(tail -3 "$work/attach.out")"
kill "$attach" 2>/dev/null || true
# Many sessions at once do not stall the virtual kubelet's other work.
for i in $(seq 50); do kcc -n web exec "$pod" -- sh -c "sleep 4; echo done $i" >"$work/many.$i" 2>&1 & done
sleep 1
assert_contains "$(timeout 10 "$KUBECTL" --kubeconfig "$KC" -n web logs "$pod" 2>&1)" "started in $pod" "with 50 execs open, kubectl logs answers"
wait
assert_eq 50 "$(cat "$work"/many.* | grep -c '^done ')" "all 50 concurrent execs completed"
# port-forward: kubectl's streams reach the twin's port through both apiservers.
pf_port=$((20000 + $$ % 20000))
"$KUBECTL" --kubeconfig "$KC" -n web port-forward "pod/$pod" "$pf_port:8080" >"$work/pf.out" 2>&1 &
pf=$!
eventually 20 "kubectl port-forward listens" bash -c "grep -q 'Forwarding from' '$work/pf.out'"
assert_contains "$(curl -s --max-time 10 "http://127.0.0.1:$pf_port/cgi-bin/echo" 2>&1)" "pod $pod " "port-forward reaches the offloaded pod's port"
curls=()
for i in 1 2 3 4 5; do curl -s --max-time 20 "http://127.0.0.1:$pf_port/cgi-bin/echo" >"$work/pf.$i" 2>&1 & curls+=($!); done
wait "${curls[@]}" || true
assert_eq 5 "$(cat "$work"/pf.[1-5] | grep -c "pod $pod ")" "five connections at once over one port-forward"
kill "$pf" 2>/dev/null || true
# A provider connection that drops mid-session ends the session with Spillway's message and a
# failure, not with an empty error stream that kubectl would read as success: the virtual
# kubelet's TCP connections to the provider's apiserver are killed (ss -K, in its pod's network
# namespace) while the twin runs a long command.
peer=$(sed -n 's/^PEER_SERVER=https:\/\///p' "$STATE/$p/cluster.env")
vk_id=$(containers "$c" | awk '/spillway-virtual-kubelet/ {print $1; exit}')
vk_pid=$(ctr --address "$(sock "$c")" -n k8s.io tasks ls 2>/dev/null | awk -v id="$vk_id" '$1 == id {print $2}')
kcc -n web exec "$pod" -- sh -c 'echo begun; sleep 120' >"$work/drop.out" 2>"$work/drop.err" &
long=$!
if eventually 30 "a long exec runs in the twin" grep -q begun "$work/drop.out" && [ -n "$vk_pid" ]; then
  nsenter -t "$vk_pid" -n ss -K dst "${peer%:*}" dport = "${peer##*:}" >/dev/null 2>&1 ||
    fail "ss -K in the virtual kubelet's network namespace"
  for i in $(seq 120); do kill -0 "$long" 2>/dev/null || break; sleep 0.25; done
  if kill -0 "$long" 2>/dev/null; then
    fail "the exec still hangs 30 s after the provider's connection dropped"
    kill "$long" 2>/dev/null || true
  else
    rc=0; wait "$long" || rc=$?
    [ "$rc" -ne 0 ] && pass "the dropped session fails (kubectl exits $rc), not 0" || fail "the dropped session exits 0"
    assert_contains "$(cat "$work/drop.err")" "lost its connection to the provider" "kubectl says the virtual kubelet lost the provider mid-session"
  fi
else
  fail "no long exec or no virtual kubelet task (pid '$vk_pid'): $(cat "$work/drop.err")"
  kill "$long" 2>/dev/null || true
fi

# --- the console's pods panel: the offloaded pod listed with its provider, its log followed ------
if SPILLWAY_TEST_KUBECONFIG=$KC SPILLWAY_TEST_NAMESPACE=web SPILLWAY_TEST_POD=$pod SPILLWAY_TEST_PROVIDER=$p \
   SPILLWAY_TEST_KUBECTL=$KUBECTL QT_QPA_PLATFORM=offscreen timeout 300 "$SPILLWAY_BIN/../tests/tst_pods_panel" >"$work/pods-panel.log" 2>&1; then
  pass "the console's pods panel lists the offloaded pod in $p and follows its log"
else
  fail "the console's pods panel: $(grep -E 'FAIL|Loc:|QFATAL' "$work/pods-panel.log" | head -5)"
fi

# --- traffic across the tunnel: real pods of the two clusters reach each other -----------------
# The two clusters share a pod CIDR: the consumer reaches the provider's pods by the addresses the
# IPAM remapped them to, which the virtual kubelet writes into the offloaded pods' status.
kcc -n default run client --image localhost/spillway/workload:v1 --image-pull-policy IfNotPresent --restart Never >/dev/null
kcc -n default wait pod/client --for=condition=Ready --timeout=90s >/dev/null 2>&1 && pass "a client pod runs on the consumer's real node" ||
  fail "the client pod is not Ready: $(kcc -n default get pod client -o wide 2>&1)"
kcc -n liqo rollout status ds/spillway-fabric --timeout=90s >/dev/null 2>&1 && pass "the fabric runs on the consumer's node" ||
  fail "the fabric DaemonSet is not ready: $(kcc -n liqo get pods -o wide 2>&1)"
# ADDRESS as the other cluster knows it, given that cluster's Configuration about this one.
remapped() { # kubectl-fn tenant-ns config-name address
  "$1" -n "$2" get configurations.networking.liqo.io "$3" -o jsonpath='{.spec.remote.cidr.pod[0]} {.status.remote.cidr.pod[0]}' |
    python3 -c 'import ipaddress,sys; r,a=sys.stdin.read().split(); r=ipaddress.ip_network(r); a=ipaddress.ip_network(a); ip=ipaddress.ip_address(sys.argv[1]); print(ipaddress.ip_address(int(a.network_address)+int(ip)-int(r.network_address)))' "$4"
}
echo_ip=$(kcc -n web get pod "$pod" -o jsonpath='{.status.podIP}')
real_ip=$(kcp -n "$remote" get pod "$pod" -o jsonpath='{.status.podIP}')
assert_eq "$(remapped kcc "liqo-tenant-$p" "$p" "$real_ip")" "$echo_ip" "the consumer sees the offloaded pod at its remapped address ($real_ip there, $echo_ip here)"
fetch() { kcc -n default exec client -- timeout 5 wget -qO- "$1" 2>&1 || true; }
eventually 60 "the client reaches the offloaded pod at $echo_ip across the tunnel" bash -c "'$KUBECTL' --kubeconfig '$KC' -n default exec client -- timeout 5 wget -qO- http://$echo_ip:8080/cgi-bin/echo 2>&1 | grep -q 'pod $pod '" ||
  echo "# $(fetch "http://$echo_ip:8080/cgi-bin/echo") | consumer node routes: $(ip -n "spw-$c-1" route show proto 83 2>&1)"
kcc -n web expose deploy/echo --port 8080 >/dev/null
eventually 60 "the client reaches the offloaded pods through the Service echo.web (DNS, ClusterIP, remapped endpoints)" \
  bash -c "'$KUBECTL' --kubeconfig '$KC' -n default exec client -- timeout 5 wget -qO- http://echo.web.svc.cluster.local:8080/cgi-bin/echo 2>&1 | grep -q 'pod echo-'" ||
  echo "# $(fetch http://echo.web.svc.cluster.local:8080/cgi-bin/echo)"
# And back: an offloaded pod, in the provider, reaches the consumer's client by its remapped address.
client_ip=$(kcc -n default get pod client -o jsonpath='{.status.podIP}')
client_there=$(remapped kcp "liqo-tenant-$c" "$c" "$client_ip")
eventually 60 "the offloaded pod reaches the consumer's client at $client_there" \
  bash -c "'$KUBECTL' --kubeconfig '$KP' -n '$remote' exec '$pod' -- timeout 5 wget -qO- http://$client_there:8080/ 2>&1 | grep -q 'spillway workload'"

# The gateway pods are replaced (new pod IPs): the fabric points the node routes at the new ones.
old_gw=$(kcc -n "liqo-tenant-$p" get pods -l networking.liqo.io/component=gateway -o jsonpath='{.items[*].status.podIP}')
kcc -n "liqo-tenant-$p" delete pods -l networking.liqo.io/component=gateway >/dev/null
kcp -n "liqo-tenant-$c" delete pods -l networking.liqo.io/component=gateway >/dev/null
eventually 120 "after both gateway pods are replaced the client reaches the offloaded pod again" \
  bash -c "'$KUBECTL' --kubeconfig '$KC' -n default exec client -- timeout 5 wget -qO- http://$echo_ip:8080/cgi-bin/echo 2>&1 | grep -q 'pod $pod '"
new_gw=$(kcc -n "liqo-tenant-$p" get pods -l networking.liqo.io/component=gateway -o jsonpath='{.items[*].status.podIP}')
assert_contains "$(ip -n "spw-$c-1" route show proto 83)" "via $new_gw" "the consumer node's routes lead to the new gateway pod ($old_gw before, $new_gw now)"
# Routes are not watched: the fabric's periodic pass (30 s) puts back one removed by hand.
ip -n "spw-$c-1" route flush proto 83
eventually 60 "a route removed by hand is back" bash -c "ip -n 'spw-$c-1' route show proto 83 | grep -q 'via $new_gw'"
# The path goes through the gateway pod: scaled to 0, nothing crosses. (The controller manager,
# which would scale it back at once, is scaled down first; back up, it restores the gateway.)
cm_replicas=$(kcc -n liqo get deploy spillway-controller-manager -o jsonpath='{.spec.replicas}')
kcc -n liqo scale deploy/spillway-controller-manager --replicas 0 >/dev/null
kcc -n liqo wait pods -l app.kubernetes.io/component=controller-manager --for=delete --timeout=90s >/dev/null 2>&1 || true
kcc -n "liqo-tenant-$p" scale deploy -l networking.liqo.io/component=gateway --replicas 0 >/dev/null
kcc -n "liqo-tenant-$p" wait pods -l networking.liqo.io/component=gateway --for=delete --timeout=90s >/dev/null 2>&1 || true
out=$(fetch "http://$echo_ip:8080/cgi-bin/echo")
[[ "$out" != *"pod $pod "* ]] && pass "with the consumer's gateway scaled to 0 the client cannot reach the offloaded pod" ||
  fail "the client still reaches $echo_ip with no gateway pod: $out"
assert_eq "" "$(ip -n "spw-$c-1" route show proto 83)" "and the fabric has taken its route away"
kcc -n liqo scale deploy/spillway-controller-manager --replicas "$cm_replicas" >/dev/null
eventually 150 "the controller manager brings the gateway back and traffic resumes" \
  bash -c "'$KUBECTL' --kubeconfig '$KC' -n default exec client -- timeout 5 wget -qO- http://$echo_ip:8080/cgi-bin/echo 2>&1 | grep -q 'pod $pod '"

# --- the agents' pods go away and come back: the offloaded pods stay as they are ----------------
# The controller manager runs two replicas; its leader is deleted, and a virtual-kubelet pod.
uids() { kcp -n "$remote" get pods -l app=echo -o jsonpath='{range .items[*]}{.metadata.uid}{"\n"}{end}' | sort; }
before=$(uids)
kcc -n liqo rollout status deploy/spillway-controller-manager --timeout=120s >/dev/null 2>&1 || true
assert_eq 2 "$(kcc -n liqo get pods -l app.kubernetes.io/component=controller-manager --field-selector status.phase=Running -o name | wc -l)" \
  "the controller manager runs two replicas"
holder() { kcc -n liqo get lease spillway-controller-manager -o jsonpath='{.spec.holderIdentity}' 2>/dev/null | sed 's/-[0-9]*$//'; }
leader=$(holder)
standby=$(kcc -n liqo get pods -l app.kubernetes.io/component=controller-manager -o name | sed 's#^pod/##' | grep -vx "$leader" | head -1)
[ -n "$leader" ] && [ -n "$standby" ] && pass "one replica leads ($leader), one stands by ($standby)" ||
  fail "no leader and standby: lease holder '$leader', pods $(kcc -n liqo get pods -o wide 2>&1)"
# Traffic flows while they restart: one request a second from the client to the offloaded pod,
# each answer logged. The datapath (gateways, fabric) is not restarted, so none may fail.
traffic_log=$(mktemp)
( while [ ! -e "$traffic_log.stop" ]; do
    answer=$(fetch "http://$echo_ip:8080/cgi-bin/echo")
    case $answer in *"pod $pod "*) echo ok ;; *) echo "lost: $(date +%T) ${answer:0:200}" ;; esac >>"$traffic_log"
    sleep 1
  done ) &
traffic_pid=$!
kcc -n liqo delete pod "$leader" --wait=false >/dev/null
old_vk=$(kcc -n "liqo-tenant-$p" get pods -l app.kubernetes.io/component=virtual-kubelet -o jsonpath='{.items[*].metadata.name}')
kcc -n "liqo-tenant-$p" delete pods -l app.kubernetes.io/component=virtual-kubelet --wait=false >/dev/null
# The deleted leader releases the lease on SIGTERM: the standby or the leader's replacement,
# whichever asks first, leads again at once (no waiting out the 15 s lease).
eventually 15 "another replica leads within seconds" bash -c "h=\$('$KUBECTL' --kubeconfig '$KC' -n liqo get lease spillway-controller-manager -o jsonpath='{.spec.holderIdentity}' | sed 's/-[0-9]*\$//'); [ -n \"\$h\" ] && [ \"\$h\" != '$leader' ]"
echo "# the lease is held by $(holder) now"
eventually 120 "a new controller manager pod replaces the deleted leader and is Ready" \
  bash -c "'$KUBECTL' --kubeconfig '$KC' -n liqo get pods -l app.kubernetes.io/component=controller-manager -o jsonpath='{range .items[*]}{.metadata.name} {.status.conditions[?(@.type==\"Ready\")].status}{\"\\n\"}{end}' | grep -v -e '^$leader ' -e '^$standby ' | grep -q ' True$'"
eventually 120 "a new virtual kubelet pod runs and the virtual node is Ready again" \
  bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KC' -n liqo-tenant-$p get pods -l app.kubernetes.io/component=virtual-kubelet -o jsonpath='{range .items[*]}{.metadata.name} {.status.conditions[?(@.type==\"Ready\")].status}{\"\\n\"}{end}' | grep -v '^$old_vk ' | grep -c ' True$')\" -ge 1 ] && [ \"\$('$KUBECTL' --kubeconfig '$KC' get node liqo-$p -o jsonpath='{.status.conditions[?(@.type==\"Ready\")].status}')\" = True ]"
sleep 10   # a settled window in which a wrong reconcile would act (both agents are back)
touch "$traffic_log.stop"; wait "$traffic_pid" || true
answered=$(grep -c '^ok$' "$traffic_log" || true) sent=$(wc -l <"$traffic_log")
[ "$sent" -ge 10 ] && [ "$answered" = "$sent" ] && pass "traffic flowed while the agents restarted ($answered of $sent requests answered)" ||
  fail "traffic did not flow while the agents restarted: $answered of $sent requests answered; $(grep -v '^ok$' "$traffic_log" | head -5)"
rm -f "$traffic_log" "$traffic_log.stop"
assert_eq "$before" "$(uids)" "no offloaded pod was recreated, duplicated or lost"
assert_eq 2 "$(containers "$p" | grep -c 'localhost/spillway/workload:v1')" "still two workload containers in the provider"
assert_contains "$(fetch "http://$echo_ip:8080/cgi-bin/echo")" "pod $pod " "traffic crosses the tunnel after the agents' restarts"

# --- unpeer and uninstall: nothing of Spillway is left ------------------------------------------
kcc -n default delete pod client --wait=false >/dev/null
"$CTL" unoffload namespace web --kubeconfig "$KC" >/dev/null 2>&1 || fail "unoffload failed"
kcc delete namespace web --wait=false >/dev/null
out=$(timeout 300 "$CTL" unpeer --kubeconfig "$KC" --remote-kubeconfig "$KP" --timeout 180 2>&1) && pass "unpeer" || fail "unpeer failed: $out"
eventually 60 "unpeer takes the fabric's routes off both nodes" \
  bash -c "[ -z \"\$(ip -n spw-$c-1 route show proto 83; ip -n spw-$p-1 route show proto 83)\" ]"

# --- Liqo's liqoctl peers the two installs, networking included --------------------------------
# It waits for NetworkCIDRsConfigured on both Configurations, for Deployments gw-<gateway> and for
# the server's endpoint; NodePort, as the testbed has no load balancer.
if [ -n "${LIQOCTL:-}" ]; then
  lq() { timeout -s KILL 420 "$LIQOCTL" --kubeconfig "$KC" "$@" </dev/null; }
  out=$(lq peer --remote-kubeconfig "$KP" --gw-server-service-type NodePort --timeout 300s --skip-confirm 2>&1) &&
    pass "liqoctl peer, with networking" || fail "liqoctl peer: $(echo "$out" | tail -5)"
  assert_eq "Connected|Connected" "$(kcc -n "liqo-tenant-$p" get connections.networking.liqo.io -o jsonpath='{.items[*].status.value}' 2>/dev/null)|$(kcp -n "liqo-tenant-$c" get connections.networking.liqo.io -o jsonpath='{.items[*].status.value}' 2>/dev/null)" \
    "liqoctl: the tunnel is Connected on both sides"
  assert_eq "1|1" "$(kcc -n "liqo-tenant-$p" get deploy "gw-$p" -o jsonpath='{.status.readyReplicas}' 2>/dev/null)|$(kcp -n "liqo-tenant-$c" get deploy "gw-$c" -o jsonpath='{.status.readyReplicas}' 2>/dev/null)" \
    "the gateways run as Deployments gw-<gateway>, as Liqo names them"
  eventually 120 "liqoctl: the virtual node liqo-$p is Ready" \
    bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KC' get node liqo-$p -o jsonpath='{.status.conditions[?(@.type==\"Ready\")].status}')\" = True ]"
  # network disconnect deletes both sides' gateways; connect makes them again over the same
  # Configurations and waits for the Connections.
  out=$(lq network disconnect --remote-kubeconfig "$KP" --timeout 120s --skip-confirm 2>&1) &&
    pass "liqoctl network disconnect" || fail "liqoctl network disconnect: $(echo "$out" | tail -5)"
  eventually 120 "disconnected: no gateway Deployment is left on either side" \
    bash -c "[ -z \"\$('$KUBECTL' --kubeconfig '$KC' -n liqo-tenant-$p get deploy -l networking.liqo.io/component=gateway -o name; '$KUBECTL' --kubeconfig '$KP' -n liqo-tenant-$c get deploy -l networking.liqo.io/component=gateway -o name)\" ]"
  out=$(lq network connect --remote-kubeconfig "$KP" --gw-server-service-type NodePort --wait --timeout 300s --skip-confirm 2>&1) &&
    pass "liqoctl network connect --wait" || fail "liqoctl network connect: $(echo "$out" | tail -5)"
  assert_eq "Connected|Connected" "$(kcc -n "liqo-tenant-$p" get connections.networking.liqo.io -o jsonpath='{.items[*].status.value}' 2>/dev/null)|$(kcp -n "liqo-tenant-$c" get connections.networking.liqo.io -o jsonpath='{.items[*].status.value}' 2>/dev/null)" \
    "liqoctl: connected again on both sides"
  out=$(lq unpeer --remote-kubeconfig "$KP" --delete-namespaces --timeout 300s --skip-confirm 2>&1) &&
    pass "liqoctl unpeer --delete-namespaces" || fail "liqoctl unpeer: $(echo "$out" | tail -5)"
  eventually 60 "liqoctl unpeer takes the fabric's routes off both nodes" \
    bash -c "[ -z \"\$(ip -n spw-$c-1 route show proto 83; ip -n spw-$p-1 route show proto 83)\" ]"
fi
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
