#!/usr/bin/env bash
# Liqo v1.2.0's own liqoctl (built from the Go module proxy by tests/testbed/liqoctl.sh) drives
# two Spillway clusters as a Liqo user would: peer --networking-disabled (the nonce / signed-nonce
# handshake, a ResourceSlice without consumerClusterID, ForeignClusters made for it), a second
# peer over the first, cordon / uncordon of a tenant and of a slice, info, offload / unoffload
# namespace (the provider refusing ShadowPods of a cordoned tenant or past a grant), unpeer (which
# leaves the tenant namespaces, as Liqo does), drain (which takes the consumer's role and what it
# replicated), and unpeer --delete-namespaces. docs/liqoctl.md lists every verb with its state.
. "$SPILLWAY_SOURCE_DIR/tests/testbed/tests/assert.sh"
. "$TB/lib.sh"
. "$SPILLWAY_SOURCE_DIR/tests/e2e/pair.sh"
LIQOCTL=$("$TB/liqoctl.sh") || { fail "building liqoctl"; finish; exit 1; }
pair_up e2e-lq
# A prompt liqoctl shows (on its terminal, not stdin) would hang the test: every call that asks
# one gets --skip-confirm, and none may outlive the test's own limits.
liqoctl() { timeout -s KILL 300 "$LIQOCTL" --kubeconfig "$KC" "$@" </dev/null; }
liqoctlp() { timeout -s KILL 300 "$LIQOCTL" --kubeconfig "$KP" "$@" </dev/null; }
# The kubeconfig venice's control plane uses on genoa (its Identity's), as $work/venice-on-genoa.kubeconfig.
venice_identity() {
  kcc -n liqo-tenant-genoa get "$(kcc -n liqo-tenant-genoa get secrets -o name | grep -m1 '/kubeconfig-')" -o jsonpath='{.data.kubeconfig}' |
    base64 -d > "$work/venice-on-genoa.kubeconfig"
}
"$CTL" install kind --kubeconfig "$KC" --cluster-id venice --state-dir "$work/venice" >/dev/null 2>&1 || fail "install on the consumer"
"$CTL" install kind --kubeconfig "$KP" --cluster-id genoa --state-dir "$work/genoa" >/dev/null 2>&1 || fail "install on the provider"
assert_contains "$(liqoctl version --client)" "v1.2.0" "liqoctl is Liqo's v1.2.0"

# --- peer --------------------------------------------------------------------------------------
out=$(liqoctl peer --remote-kubeconfig "$KP" --networking-disabled --timeout 120s --skip-confirm 2>&1) \
  && pass "liqoctl peer --networking-disabled succeeds" || fail "liqoctl peer: $out"
assert_eq venice "$(kcc -n liqo-tenant-genoa get resourceslices.authentication.liqo.io genoa -o jsonpath='{.spec.consumerClusterID}')" \
  "the consumer fills the slice's consumerClusterID, which liqoctl leaves out (as Liqo's consumer does)"
assert_eq Accepted "$(kcc -n liqo-tenant-genoa get resourceslices.authentication.liqo.io genoa -o jsonpath='{.status.conditions[?(@.type=="Resources")].status}')" \
  "and the provider grants it"
eventually 30 "consumer: a ForeignCluster for genoa, role Provider (liqoctl makes none)" \
  bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KC' get foreignclusters genoa -o jsonpath='{.status.role}')\" = Provider ]"
eventually 30 "provider: a ForeignCluster for venice, role Consumer" \
  bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KP' get foreignclusters venice -o jsonpath='{.status.role}')\" = Consumer ]"
assert_eq rolebinding.rbac.authorization.k8s.io/spillway-remote-controlplane "$(kcp -n liqo-tenant-venice get rolebinding spillway-remote-controlplane -o name 2>/dev/null)" \
  "provider: venice's identity is bound in its tenant namespace"
eventually 60 "a virtual node for genoa is Ready" bash -c "'$KUBECTL' --kubeconfig '$KC' get nodes -l liqo.io/remote-cluster-id=genoa \
  -o jsonpath='{.items[*].status.conditions[?(@.type==\"Ready\")].status}' | grep -qx True"
eventually 30 "the signed nonce is retired once the provider's certificate came" \
  bash -c "[ -z \"\$('$KUBECTL' --kubeconfig '$KC' -n liqo-tenant-genoa get secret liqo-signed-nonce -o name 2>/dev/null)\" ]"
out=$(liqoctl peer --remote-kubeconfig "$KP" --networking-disabled --timeout 120s --skip-confirm 2>&1) \
  && pass "so a second liqoctl peer succeeds too" || fail "second liqoctl peer: $out"

# --- cordon / uncordon (run on the provider) ----------------------------------------------------
# As in Liqo: a cordoned tenant or slice keeps what it was granted and gets nothing new.
slice_state() { "$KUBECTL" --kubeconfig "$KC" -n liqo-tenant-genoa get resourceslices.authentication.liqo.io "$1" \
  -o jsonpath='{.status.conditions[?(@.type=="Resources")].status} {.status.resources.cpu}' 2>/dev/null; }
out=$(liqoctlp cordon tenant venice --timeout 60s --skip-confirm 2>&1) && pass "liqoctl cordon tenant venice" || fail "cordon tenant: $out"
assert_eq Cordoned "$(kcp -n liqo-tenant-venice get tenants.authentication.liqo.io venice -o jsonpath='{.spec.tenantCondition}')" "the Tenant is Cordoned"
printf 'apiVersion: authentication.liqo.io/v1beta1\nkind: ResourceSlice\nmetadata: {name: more, namespace: liqo-tenant-genoa, labels: {liqo.io/replication: "true", liqo.io/remoteID: genoa, liqo.io/remote-cluster-id: genoa}}\nspec: {class: default, providerClusterID: genoa, resources: {cpu: 100m, memory: 128Mi, pods: "2"}}\n' \
  | kcc apply -f - >/dev/null
eventually 60 "a new ResourceSlice of a cordoned tenant is Denied" bash -c "[ \"\$(\"$KUBECTL\" --kubeconfig '$KC' -n liqo-tenant-genoa get resourceslices.authentication.liqo.io more -o jsonpath='{.status.conditions[?(@.type==\"Resources\")].status}')\" = Denied ]"
assert_contains "$(slice_state genoa)" "Accepted " "while the slice granted before keeps its grant"
out=$(liqoctlp uncordon tenant venice --timeout 60s --skip-confirm 2>&1) && pass "liqoctl uncordon tenant venice" || fail "uncordon tenant: $out"
eventually 60 "uncordoned, the new slice is granted" bash -c "[ \"\$(\"$KUBECTL\" --kubeconfig '$KC' -n liqo-tenant-genoa get resourceslices.authentication.liqo.io more -o jsonpath='{.status.resources.cpu}')\" = 100m ]"
out=$(liqoctlp cordon resourceslice more --remote-cluster-id venice --timeout 60s --skip-confirm 2>&1) && pass "liqoctl cordon resourceslice more" || fail "cordon resourceslice: $out"
kcc -n liqo-tenant-genoa patch resourceslices.authentication.liqo.io more --type merge -p '{"spec":{"resources":{"cpu":"200m"}}}' >/dev/null
eventually 30 "the consumer's change reaches the provider's copy" bash -c "[ \"\$(\"$KUBECTL\" --kubeconfig '$KP' -n liqo-tenant-venice get resourceslices.authentication.liqo.io more -o jsonpath='{.spec.resources.cpu}')\" = 200m ]"
assert_eq true "$(kcp -n liqo-tenant-venice get resourceslices.authentication.liqo.io more -o jsonpath='{.metadata.annotations.liqo\.io/cordon}')" \
  "and leaves the provider's liqo.io/cordon in place"
# The provider's grant runs on that update; its status reaches the consumer with the Replicator's
# next poll of a settled slice (every 10 s). No event marks a grant left alone, hence the wait.
sleep 11
assert_eq "Accepted 100m" "$(slice_state more)" "the cordoned slice keeps its grant and does not grow"
out=$(liqoctlp uncordon resourceslice more --remote-cluster-id venice --timeout 60s --skip-confirm 2>&1) && pass "liqoctl uncordon resourceslice more" || fail "uncordon resourceslice: $out"
eventually 60 "uncordoned, its grant follows the request" bash -c "[ \"\$(\"$KUBECTL\" --kubeconfig '$KC' -n liqo-tenant-genoa get resourceslices.authentication.liqo.io more -o jsonpath='{.status.resources.cpu}')\" = 200m ]"
kcc -n liqo-tenant-genoa delete resourceslices.authentication.liqo.io more --timeout 60s >/dev/null

# --- info ----------------------------------------------------------------------------------------
# These clusters run Spillway's agents as host processes (the local runtime): with no controller
# manager Deployment, liqoctl info warns that it cannot read the version; e2e.real_cluster runs
# liqoctl version and info against agents in pods, where it can.
assert_eq venice "$(liqoctl info --get clusterid 2>"$work/info.err")" "liqoctl info --get clusterid"
assert_contains "$(cat "$work/info.err")" 'deployments.apps "liqo-controller-manager" not found' "and warns that the local runtime has no Deployment"
assert_eq "" "$(grep -v 'deployments.apps "liqo-controller-manager" not found' "$work/info.err")" "and of nothing else"
liqoctl info -o json > "$work/info.json" 2>/dev/null || fail "liqoctl info -o json: $(cat "$work/info.json")"
assert_contains "$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["peerings"])' "$work/info.json" 2>&1)" \
  genoa "info lists the peering genoa"
out=$(liqoctl info peer genoa 2>&1) && pass "liqoctl info peer genoa" || fail "info peer: $out"
assert_contains "$out" "Provider" "with its role"

# --- offload / unoffload -------------------------------------------------------------------------
kcc create namespace shop >/dev/null
out=$(liqoctl offload namespace shop --namespace-mapping-strategy EnforceSameName --pod-offloading-strategy Remote --timeout 60s 2>&1) \
  && pass "liqoctl offload namespace shop (EnforceSameName, Remote)" || fail "offload: $out"
eventually 30 "provider: the twin namespace shop exists" bash -c "'$KUBECTL' --kubeconfig '$KP' get ns shop -o name >/dev/null 2>&1"
kcc -n shop create deployment web --image registry.example/web --replicas 2 >/dev/null
eventually 60 "both pods run in genoa" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KP' -n shop get pods --field-selector status.phase=Running -o name | wc -l)\" = 2 ]"
eventually 30 "and are Running in venice, on the virtual node" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KC' -n shop get pods -l app=web \
  --field-selector status.phase=Running -o jsonpath='{.items[*].spec.nodeName}' | tr ' ' '\n' | grep -c genoa)\" = 2 ]"
# --- the provider's ShadowPod admission: grants are limits, a cordon stops new pods ---------------
out=$(liqoctlp cordon tenant venice --timeout 60s --skip-confirm 2>&1) && pass "liqoctl cordon tenant venice, with pods running" || fail "cordon tenant: $out"
kcc -n shop scale deployment web --replicas 3 >/dev/null
refused() { "$KUBECTL" --kubeconfig "$KC" -n shop get pods -l app=web -o jsonpath='{range .items[*]}{.status.reason}: {.status.message}{"\n"}{end}' | grep '^OffloadingRefused'; }
eventually 60 "the third pod, bound to the virtual node, says the provider refused it" bash -c "$(declare -f refused); KUBECTL='$KUBECTL' KC='$KC' refused"
assert_contains "$(refused)" "the tenant of cluster venice is cordoned" "with the provider's reason"
assert_eq 2 "$(kcp -n shop get shadowpods -o name | wc -l | tr -d ' ')" "provider: no ShadowPod was made for it"
out=$(liqoctlp uncordon tenant venice --timeout 60s --skip-confirm 2>&1) && pass "liqoctl uncordon tenant venice" || fail "uncordon tenant: $out"
eventually 60 "uncordoned, the third pod runs in genoa" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KP' -n shop get pods --field-selector status.phase=Running -o name | wc -l)\" = 3 ]"
# The consumer's own identity on the provider cannot take more than its grant either.
venice_identity
printf 'apiVersion: offloading.liqo.io/v1beta1\nkind: ShadowPod\nmetadata: {name: greedy, namespace: shop, labels: {offloading.liqo.io/origin: venice}}\nspec: {pod: {containers: [{name: c, image: registry.example/web, resources: {requests: {cpu: "100000"}}}]}}\n' \
  > "$work/greedy.yaml"
out=$("$KUBECTL" --kubeconfig "$work/venice-on-genoa.kubeconfig" create -f "$work/greedy.yaml" 2>&1) && fail "a ShadowPod past the grant was admitted" ||
  assert_contains "$out" "grant on this provider is exceeded for cpu" "a ShadowPod past venice's grant is refused, as venice's identity"
sed -i 's/origin: venice/origin: genoa/; s/"100000"/1m/' "$work/greedy.yaml"
out=$("$KUBECTL" --kubeconfig "$work/venice-on-genoa.kubeconfig" create -f "$work/greedy.yaml" 2>&1) && fail "a ShadowPod with another origin was admitted" ||
  assert_contains "$out" "belongs to cluster venice" "and so is one that claims another origin"
kcc -n shop scale deployment web --replicas 2 >/dev/null
out=$(liqoctl unoffload namespace shop --skip-confirm --timeout 60s 2>&1) && pass "liqoctl unoffload namespace shop" || fail "unoffload: $out"
eventually 60 "provider: the twin namespace goes" bash -c "! '$KUBECTL' --kubeconfig '$KP' get ns shop -o name >/dev/null 2>&1"

# --- unpeer --------------------------------------------------------------------------------------
out=$(liqoctl unpeer --remote-kubeconfig "$KP" --timeout 120s --skip-confirm 2>&1) && pass "liqoctl unpeer succeeds" || fail "liqoctl unpeer: $out"
assert_eq "" "$(kcc get identities,resourceslices.authentication.liqo.io,virtualnodes -A -o name 2>/dev/null)" "consumer: no Identity, ResourceSlice or VirtualNode left"
assert_eq "" "$(kcp get tenants.authentication.liqo.io -A -o name 2>/dev/null)" "provider: no Tenant left"
# The provider's cleanup for the Tenant has run once Spillway's RoleBinding for venice is gone
# (liqoctl does not know it); only then does the namespace staying say anything.
eventually 30 "provider: the Tenant's RoleBinding goes with it" \
  bash -c "[ -z \"\$('$KUBECTL' --kubeconfig '$KP' -n liqo-tenant-venice get rolebinding spillway-remote-controlplane -o name 2>/dev/null)\" ]"
assert_eq Active "$(kcp get ns liqo-tenant-venice -o jsonpath='{.status.phase}' 2>/dev/null)" "provider: the tenant namespace liqoctl made stays, as in Liqo"
eventually 90 "the last peering's signed nonce is retired (within a minute of signing)" \
  bash -c "[ -z \"\$('$KUBECTL' --kubeconfig '$KC' -n liqo-tenant-genoa get secret liqo-signed-nonce -o name 2>/dev/null)\" ]"
out=$(liqoctl peer --remote-kubeconfig "$KP" --networking-disabled --timeout 120s --skip-confirm 2>&1) \
  && pass "and peering again works" || fail "peer after unpeer: $out"
out=$(liqoctlp drain tenant venice --timeout 60s --skip-confirm 2>&1) && pass "liqoctl drain tenant venice" || fail "drain tenant: $out"
# As Liqo drains: venice's role on genoa goes, then what it replicated there (its slice: its grant ends).
eventually 60 "drained: venice's RoleBinding on genoa goes" \
  bash -c "[ -z \"\$('$KUBECTL' --kubeconfig '$KP' -n liqo-tenant-venice get rolebinding spillway-remote-controlplane -o name 2>/dev/null)\" ]"
eventually 60 "and the ResourceSlice venice replicated there" \
  bash -c "[ -z \"\$('$KUBECTL' --kubeconfig '$KP' -n liqo-tenant-venice get resourceslices.authentication.liqo.io -o name 2>/dev/null)\" ]"
venice_identity
assert_eq no "$("$KUBECTL" --kubeconfig "$work/venice-on-genoa.kubeconfig" auth can-i create resourceslices.authentication.liqo.io -n liqo-tenant-venice 2>/dev/null)" \
  "venice's identity can no longer replicate anything to genoa"
out=$(liqoctl unpeer --remote-kubeconfig "$KP" --timeout 120s --skip-confirm --delete-namespaces 2>&1) \
  && pass "liqoctl unpeer --delete-namespaces" || fail "unpeer --delete-namespaces: $out"
eventually 60 "removes both tenant namespaces" bash -c "! '$KUBECTL' --kubeconfig '$KP' get ns liqo-tenant-venice -o name >/dev/null 2>&1 && \
  ! '$KUBECTL' --kubeconfig '$KC' get ns liqo-tenant-genoa -o name >/dev/null 2>&1"
finish
