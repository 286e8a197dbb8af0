#!/usr/bin/env bash
# Chaos (ctest -L chaos): offloading loses nothing and duplicates nothing under faults, on two
# clusters of its own. After each fault the state must converge exactly: every consumer pod on the
# virtual node has one ShadowPod and one pod in the provider, and the provider holds nothing else.
#   1. the provider's control plane (etcd + apiserver) down for 60 s during a 500-pod burst;
#   2. the virtual kubelet and the controller managers SIGKILLed 5 times each during a burst;
#   3. the virtual kubelet frozen while the provider changes and etcd is compacted, so its watches
#      resume with 410 Gone: the final state is still reached;
#   4. the consumer's apiserver restarted: every watch resumes (a later change still converges).
. "$SPILLWAY_SOURCE_DIR/tests/testbed/tests/assert.sh"
. "$TB/lib.sh"
. "$SPILLWAY_SOURCE_DIR/tests/e2e/pair.sh"
N=${CHAOS_PODS:-500}
pair_cleanup_extra() { if [ -n "${vk_frozen:-}" ]; then kill -CONT "$vk_frozen" 2>/dev/null; fi; }
pair_up e2e-chaos --nodes 2 --node-pods 1000
set -E
trap 'echo "# stopped at line $LINENO: $BASH_COMMAND" >&2' ERR
{
  "$CTL" install kind --kubeconfig "$KC" --cluster-id rome --state-dir "$work/rome"
  "$CTL" install kind --kubeconfig "$KP" --cluster-id milan --state-dir "$work/milan"
  "$CTL" peer --kubeconfig "$KC" --remote-kubeconfig "$KP" --networking-disabled --timeout 60
  "$KUBECTL" --kubeconfig "$KC" create namespace apps
  # Failover off for the test's length: these faults must be ridden out, not failed over.
  "$CTL" offload namespace apps --kubeconfig "$KC" --pod-offloading-strategy Remote --failover-seconds 3600 --timeout 60
} >"$work/setup.log" 2>&1 || { fail "setting up: $(tail -20 "$work/setup.log")"; finish; }
eventually 30 "virtual node liqo-milan is Ready" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KC' get node liqo-milan -o jsonpath='{.status.conditions[?(@.type==\"Ready\")].status}')\" = True ]"
printf 'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web, namespace: apps}\nspec:\n  replicas: 0\n  selector: {matchLabels: {app: web}}\n  template:\n    metadata: {labels: {app: web}}\n    spec: {containers: [{name: web, image: registry.example/web, resources: {requests: {cpu: 1m, memory: 1Mi}}}]}\n' | kcc apply -f - >/dev/null

# The exact-convergence check: N Running locally, and the provider's ShadowPods and pods are
# exactly the consumer's pods, by name, once each; prints what differs when not.
converged() { # expected-count
  python3 - "$1" "$KUBECTL" "$KC" "$KP" <<'PY'
import json, subprocess, sys
n, kubectl, kc, kp = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
def get(kcfg, what, ns):
    out = subprocess.run([kubectl, "--kubeconfig", kcfg, "-n", ns, "get", what, "-o", "json"], capture_output=True, text=True)
    if out.returncode: print("cannot list", what, out.stderr.strip()); sys.exit(1)
    return [o for o in json.loads(out.stdout)["items"] if "deletionTimestamp" not in o["metadata"]]
local = [p for p in get(kc, "pods", "apps") if p["metadata"].get("labels", {}).get("app") == "web"]
running = [p for p in local if p["status"].get("phase") == "Running" and p["spec"].get("nodeName") == "liqo-milan"]
shadows = [s["metadata"]["name"] for s in get(kp, "shadowpods", "apps-rome")]
remote = [p["metadata"]["name"] for p in get(kp, "pods", "apps-rome")]
names = sorted(p["metadata"]["name"] for p in local)
problems = []
if len(local) != n or len(running) != n: problems.append(f"consumer: {len(local)} pods, {len(running)} Running on the virtual node, want {n}")
for what, got in (("ShadowPods", shadows), ("pods", remote)):
    if len(got) != len(set(got)): problems.append(f"provider: duplicate {what}")
    extra, missing = sorted(set(got) - set(names)), sorted(set(names) - set(got))
    if extra: problems.append(f"provider: {len(extra)} orphan {what}, e.g. {extra[:3]}")
    if missing: problems.append(f"provider: {len(missing)} {what} missing, e.g. {missing[:3]}")
print("; ".join(problems))
sys.exit(1 if problems else 0)
PY
}
# What a real node's kubelet does for its static control-plane pods: start any that exited. The
# scheduler exits on purpose when an apiserver killed mid-binding leaves its cache inconsistent
# ("Scheduler cache is corrupted"), an upstream behaviour the kubelet papers over.
revive() {
  local n comp
  for n in "$c" "$p"; do
    for comp in etcd kube-apiserver kube-controller-manager kube-scheduler kwok; do "$RUN" cluster start "$n" "$comp" >/dev/null 2>&1 || true; done
  done
}
settle() { # seconds expected what
  local deadline=$((SECONDS + $1)) why
  while [ $SECONDS -lt "$deadline" ]; do
    revive
    why=$(converged "$2" 2>&1) && { pass "$3 (after $((SECONDS - deadline + $1)) s)"; return 0; }
    sleep 2
  done
  fail "$3: not converged after $1 s: $why"
}
# The running child of a supervised component, once its supervisor has (re)started it.
alive_pid() { # component-folder
  local i pid
  for i in $(seq 60); do
    pid=$(cat "$1/child.pid" 2>/dev/null || true)
    [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && { echo "$pid"; return 0; }
    sleep 0.5
  done
  return 1
}
vk_pid() { alive_pid "$work/rome/spillway-virtual-kubelet-milan"; }

# --- 1. the provider's control plane down for 60 s mid-burst ---------------------------------
kcc -n apps scale deployment web --replicas "$N" >/dev/null
eventually 60 "the burst reaches the provider" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KP' -n apps-rome get shadowpods -o name 2>/dev/null | wc -l)\" -ge $((N / 5)) ]"
"$RUN" cluster stop "$p" kube-apiserver >/dev/null 2>&1
"$RUN" cluster stop "$p" etcd >/dev/null 2>&1
t0=$SECONDS
kcp get ns >/dev/null 2>&1 && fail "the provider still answers" || pass "the provider's control plane is down"
sleep $((60 - (SECONDS - t0)))
"$RUN" cluster start "$p" etcd >/dev/null 2>&1
"$RUN" cluster start "$p" kube-apiserver >/dev/null 2>&1
settle 240 "$N" "provider back after 60 s → exactly $N remote pods, no orphan, no duplicate"

# --- 2. SIGKILL the virtual kubelet and the controller managers, 5 times each, mid-burst ------
kcc -n apps scale deployment web --replicas 0 >/dev/null
settle 180 0 "scaled to 0 → the provider is empty"
kcc -n apps scale deployment web --replicas "$N" >/dev/null
for i in 1 2 3 4 5; do
  sleep 3
  pid=$(vk_pid) && kill -9 "$pid" && pass "SIGKILL virtual kubelet ($i)" || fail "no virtual kubelet to kill ($i)"
  sleep 2
  cm=$([ $((i % 2)) = 1 ] && echo rome || echo milan)
  pid=$(alive_pid "$work/$cm/spillway-controller-manager") && kill -9 "$pid" && pass "SIGKILL $cm's controller manager ($i)" ||
    fail "no controller manager to kill on $cm ($i)"
done
settle 240 "$N" "after 10 SIGKILLs mid-burst → exactly $N, no orphan, no duplicate"

# --- 3. watches resumed after etcd compaction (410 Gone) ----------------------------------------
vk_frozen=$(vk_pid) || fail "no virtual kubelet to freeze"
kill -STOP "$vk_frozen"
kcc -n apps scale deployment web --replicas $((N * 4 / 5)) >/dev/null
victims=$(kcp -n apps-rome get pods -o name | awk 'NR <= 20')
kcp -n apps-rome delete $victims --wait=false >/dev/null
etcd=$(. "$SPILLWAY_STATE_DIR/clusters/$c/cluster.env"; echo "$ETCD_URL")
sleep 5   # the consumer's changes are in etcd before it is compacted past them
rev=$(curl -fsS -X POST "$etcd/v3/kv/range" -d '{"key":"AA=="}' | python3 -c 'import json,sys; print(json.load(sys.stdin)["header"]["revision"])')
curl -fsS -X POST "$etcd/v3/kv/compaction" -d "{\"revision\":\"$rev\",\"physical\":true}" >/dev/null && pass "consumer's etcd compacted to revision $rev while the virtual kubelet was frozen" || fail "compaction failed"
etcdp=$(. "$SPILLWAY_STATE_DIR/clusters/$p/cluster.env"; echo "$ETCD_URL")
revp=$(curl -fsS -X POST "$etcdp/v3/kv/range" -d '{"key":"AA=="}' | python3 -c 'import json,sys; print(json.load(sys.stdin)["header"]["revision"])')
curl -fsS -X POST "$etcdp/v3/kv/compaction" -d "{\"revision\":\"$revp\",\"physical\":true}" >/dev/null && pass "and the provider's" || fail "provider compaction failed"
sleep 5
kill -CONT "$vk_frozen"; vk_frozen=
settle 240 $((N * 4 / 5)) "thawed after compaction → converges to exactly $((N * 4 / 5)) (watches relisted, nothing missed)"

# --- 4. the consumer's apiserver restarts: every watch resumes ---------------------------------
"$RUN" cluster stop "$c" kube-apiserver >/dev/null 2>&1
sleep 5
"$RUN" cluster start "$c" kube-apiserver >/dev/null 2>&1
eventually 60 "the consumer's apiserver is back" bash -c "'$KUBECTL' --kubeconfig '$KC' get ns >/dev/null 2>&1"
kcc -n apps scale deployment web --replicas "$N" >/dev/null
settle 240 "$N" "after the restart a new burst still converges to exactly $N (watches resumed)"
finish
