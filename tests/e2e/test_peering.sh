#!/usr/bin/env bash
# spillctl peer (in-band) end to end on two clusters of its own: Liqo v1's authentication
# (tenant namespaces, nonce signed with the cluster's Ed25519 key, CSR signed by the provider's own
# certificates API, RBAC confined to the tenant namespace), ForeignClusters with roles on both
# sides, forged and replayed Tenants refused, a nonce used once and never empty, Liqo's
# nonce / signed-nonce Secrets as liqoctl drives them, and a release mismatch refused.
. "$SPILLWAY_SOURCE_DIR/tests/testbed/tests/assert.sh"
. "$TB/lib.sh"
RUN=$SPILLWAY_SOURCE_DIR/run
CTL=$SPILLWAY_BIN/spillctl
c=e2e-pc-$$; p=e2e-pp-$$
work=$(mktemp -d)
cleanup() {
  pkill -f -- "supervise --dir $work/" 2>/dev/null || true
  for n in "$c" "$p"; do "$RUN" cluster down "$n" >/dev/null 2>&1 || true; done
  rm -rf "$work" 2>/dev/null || true
}
trap cleanup EXIT
KC=$("$RUN" cluster up "$c" --nodes 1 2>/dev/null | tail -n 1)
KP=$("$RUN" cluster up "$p" --nodes 1 2>/dev/null | tail -n 1)
kcc() { "$KUBECTL" --kubeconfig "$KC" "$@"; }
kcp() { "$KUBECTL" --kubeconfig "$KP" "$@"; }
"$CTL" install kind --kubeconfig "$KC" --cluster-id rome --state-dir "$work/rome" >/dev/null 2>&1 || fail "install on the consumer"
"$CTL" install kind --kubeconfig "$KP" --cluster-id milan --state-dir "$work/milan" >/dev/null 2>&1 || fail "install on the provider"

rc=0; err=$("$CTL" peer --kubeconfig "$KC" 2>&1) || rc=$?
assert_eq 2 "$rc" "peer without a provider is a usage error"
assert_contains "$err" "--remote-kubeconfig" "naming the flag"

# --- a release mismatch is refused, naming both --------------------------------------------
kcp -n liqo patch cm spillway-install --type merge -p '{"data":{"version":"0.9.1"}}' >/dev/null
rc=0; err=$("$CTL" peer --kubeconfig "$KC" --remote-kubeconfig "$KP" --networking-disabled 2>&1) || rc=$?
assert_eq 1 "$rc" "peering across major.minor releases is refused"
assert_contains "$err" "the consumer rome runs Spillway 0.1" "naming the consumer's release"
assert_contains "$err" "the provider milan runs Spillway 0.9.1" "and the provider's"
assert_eq "" "$(kcp get ns liqo-tenant-rome -o name 2>/dev/null)" "and nothing was created"
"$CTL" install kind --kubeconfig "$KP" --upgrade >/dev/null 2>&1

# --- an empty liqo-nonce left behind (as liqoctl peer leaves it) is never signed ----------------
# liqoctl creates the Secret empty, labelled, and waits for a controller to fill it.
nonce_of() { "$KUBECTL" --kubeconfig "$1" -n "$2" get secret liqo-nonce -o jsonpath='{.data.nonce}' 2>/dev/null | base64 -d; }
kcp create ns liqo-tenant-rome >/dev/null
printf 'apiVersion: v1\nkind: Secret\nmetadata: {name: liqo-nonce, namespace: liqo-tenant-rome, labels: {liqo.io/nonce: "true", liqo.io/remote-cluster-id: rome}}\n' | kcp apply -f - >/dev/null
eventually 15 "the provider fills an empty liqo-nonce, as Liqo's nonce controller does" bash -c "[ -n \"\$('$KUBECTL' --kubeconfig '$KP' -n liqo-tenant-rome get secret liqo-nonce -o jsonpath='{.data.nonce}')\" ]"
nonce_of "$KP" liqo-tenant-rome > "$work/nonce1"
[ "$(base64 -d "$work/nonce1" | wc -c)" -ge 32 ] && pass "with the base64 text of at least 32 random bytes" || fail "nonce too short: $(cat "$work/nonce1")"
assert_contains "$(kcp -n liqo-tenant-rome get secret liqo-nonce -o jsonpath='{.metadata.annotations}')" "spillway.dev/nonce-issued-at" "and the time it was issued"

# --- peer -----------------------------------------------------------------------------------
out=$("$CTL" peer in-band --kubeconfig "$KC" --remote-kubeconfig "$KP" --networking-disabled --timeout 60 2>&1) && pass "spillctl peer in-band succeeds" || fail "peer failed: $out"
kcp -n liqo-tenant-rome get tenant rome -o json > "$work/tenant-rome.json"
tenant_field() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["spec"][sys.argv[2]])' "$work/tenant-rome.json" "$1" | base64 -d; }
tenant_field publicKey > "$work/rome.pub"; tenant_field signature > "$work/rome.sig"
openssl pkeyutl -verify -pubin -inkey "$work/rome.pub" -rawin -in "$work/nonce1" -sigfile "$work/rome.sig" >/dev/null 2>&1 \
  && pass "the Tenant's signature verifies over the nonce the provider filled in" || fail "the Tenant is not signed over the provider's nonce"
: > "$work/empty"
openssl pkeyutl -verify -pubin -inkey "$work/rome.pub" -rawin -in "$work/empty" -sigfile "$work/rome.sig" >/dev/null 2>&1 \
  && fail "the Tenant's signature verifies over the empty value" || pass "and not over the empty value"
[ "$(nonce_of "$KP" liqo-tenant-rome)" != "$(cat "$work/nonce1")" ] && pass "once used, the nonce was replaced" || fail "the used nonce is still there"
assert_contains "$out" "authenticated: the consumer holds a certificate issued by the provider (" "phases are reported with their time"
assert_contains "$out" "Peered: rome now consumes from milan" "and the result"
assert_eq Provider "$(kcc get foreignclusters milan -o jsonpath='{.status.role}')" "consumer: ForeignCluster milan is a Provider"
assert_eq Consumer "$(kcp get foreignclusters rome -o jsonpath='{.status.role}')" "provider: ForeignCluster rome is a Consumer"
assert_eq milan "$(kcc get foreignclusters milan -o jsonpath='{.metadata.labels.liqo\.io/remote-cluster-id}')" "labelled with the remote cluster ID"
assert_eq Established "$(kcp get foreignclusters rome -o jsonpath='{.status.modules.authentication.conditions[?(@.type=="AuthTenantStatus")].status}')" "provider: AuthTenantStatus Established"
assert_eq Healthy "$("$CTL" info --kubeconfig "$KC" --get peerings.peers.milan.authenticationStatus)" "info: authentication Healthy"
assert_eq Disabled "$("$CTL" info --kubeconfig "$KC" --get peerings.peers.milan.networkingStatus)" "info: networking Disabled"
assert_eq true "$(kcc get ns liqo-tenant-milan -o jsonpath='{.metadata.labels.liqo\.io/tenant-namespace}')" "consumer tenant namespace liqo-tenant-milan"
assert_eq rome "$(kcp get ns liqo-tenant-rome -o jsonpath='{.metadata.labels.liqo\.io/remote-cluster-id}')" "provider tenant namespace liqo-tenant-rome"
assert_eq Approved "$(kcp get csr spillway-tenant-rome -o jsonpath='{.status.conditions[0].type}')" "the provider approved the CSR through its own API"

# --- resources: the provider's policy grants, replicated back to the consumer -------------
# The provider has one node of 8 CPU / 32Gi / 110 pods, nothing running; the default policy is
# 50 % of what is free.
assert_contains "$out" "resources granted: cpu=4, ephemeral-storage=50Gi, memory=16Gi, pods=55" "peer reports the grant"
assert_eq Accepted "$(kcc -n liqo-tenant-milan get resourceslices.authentication.liqo.io milan -o jsonpath='{.status.conditions[?(@.type=="Resources")].status}')" "consumer: the slice is Accepted"
assert_eq true "$(kcp -n liqo-tenant-rome get resourceslices.authentication.liqo.io milan -o jsonpath='{.metadata.labels.liqo\.io/replicated}')" "provider: the replicated copy is in rome's tenant namespace"
assert_eq 4 "$(kcc -n liqo-tenant-milan get resourceslices.authentication.liqo.io milan -o jsonpath='{.status.resources.cpu}')" "consumer: 4 CPU granted"
# --- the virtual node: the grant as a Node, Ready while the provider answers ---------------
eventually 20 "virtual node liqo-milan is Ready" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KC' get node liqo-milan -o jsonpath='{.status.conditions[?(@.type==\"Ready\")].status}')\" = True ]"
assert_eq "virtual-node milan kind" "$(kcc get node liqo-milan -o jsonpath='{.metadata.labels.liqo\.io/type} {.metadata.labels.liqo\.io/remote-cluster-id} {.metadata.labels.liqo\.io/provider}')" "labelled as Liqo labels it, with the provider's cluster labels"
# Among the node's taints (the node lifecycle controller's not-ready may still be there, before it).
assert_eq "virtual-node.liqo.io/not-allowed=true:NoExecute" "$(kcc get node liqo-milan -o jsonpath='{range .spec.taints[?(@.key=="virtual-node.liqo.io/not-allowed")]}{.key}={.value}:{.effect}{end}')" "tainted NoExecute"
assert_eq "4 16Gi 55" "$(kcc get node liqo-milan -o jsonpath='{.status.capacity.cpu} {.status.capacity.memory} {.status.allocatable.pods}')" "capacity and allocatable are the grant"
assert_eq milan "$(kcc -n liqo-tenant-milan get virtualnode milan -o jsonpath='{.spec.clusterID}')" "from VirtualNode liqo-tenant-milan/milan"
assert_eq liqo-milan "$(kcc -n kube-node-lease get lease liqo-milan -o jsonpath='{.spec.holderIdentity}')" "with a node Lease"
eventually 15 "info: offloading Healthy once the virtual node is Ready" bash -c "'$CTL' info --kubeconfig '$KC' --get peerings.peers.milan.offloadingStatus | grep -qx Healthy"
assert_eq Ready "$(kcc get foreignclusters milan -o jsonpath='{.status.modules.offloading.conditions[?(@.type=="OffloadingNodeStatus")].status}')" "ForeignCluster: OffloadingNodeStatus Ready"
"$RUN" cluster stop "$p" kube-apiserver >/dev/null 2>&1
eventually 40 "provider control plane stopped → NotReady within the lease duration" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KC' get node liqo-milan -o jsonpath='{.status.conditions[?(@.type==\"Ready\")].reason}')\" = ProviderUnreachable ]"
"$RUN" cluster start "$p" kube-apiserver >/dev/null 2>&1
eventually 15 "Ready again within 15 s of its return" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KC' get node liqo-milan -o jsonpath='{.status.conditions[?(@.type==\"Ready\")].status}')\" = True ]"
eventually 30 "the provider's controller manager is back" bash -c "'$CTL' info --kubeconfig '$KP' --get health.healthy | grep -qx true"

kcp create deployment busy --image x --replicas 1 >/dev/null
kcp set resources deployment busy --requests cpu=2 >/dev/null
eventually 40 "percentage follows usage: 2 CPU used → 3 granted" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KC' -n liqo-tenant-milan get resourceslices.authentication.liqo.io milan -o jsonpath='{.status.resources.cpu}')\" = 3 ]"
eventually 20 "the virtual node's capacity follows the grant" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KC' get node liqo-milan -o jsonpath='{.status.capacity.cpu}')\" = 3 ]"
# rome's own offloaded pods run within its grant: they do not shrink it, and hold a floor under it.
# 1 CPU of them, then 2 of milan's own: 8 - 2 - 2 = 4 free → 2 granted (counting rome's pod on the
# node too it would fall to 1500m). Then 3 CPU more of rome's: the policy would still give 2, but
# rome's pods use 4, so 4 stays granted.
kcp_pod() { # name cpu [labels]
  kcp run "$1" --image x ${3:+--labels "$3"} --overrides "{\"spec\":{\"containers\":[{\"name\":\"$1\",\"image\":\"x\",\"resources\":{\"requests\":{\"cpu\":\"$2\"}}}]}}" >/dev/null
}
kcp_pod theirs 1 offloading.liqo.io/origin=rome
eventually 30 "a pod rome offloaded runs in milan" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KP' get pod theirs -o jsonpath='{.status.phase}')\" = Running ]"
kcp_pod mine 2
eventually 40 "rome's own pods do not shrink its grant; milan's do (2 granted)" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KC' -n liqo-tenant-milan get resourceslices.authentication.liqo.io milan -o jsonpath='{.status.resources.cpu}')\" = 2 ]"
kcp_pod more 3 offloading.liqo.io/origin=rome
eventually 40 "a grant never drops below what its consumer's pods use (4 kept)" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KC' -n liqo-tenant-milan get resourceslices.authentication.liqo.io milan -o jsonpath='{.status.resources.cpu}')\" = 4 ]"
kcp delete pod theirs mine more --wait=false >/dev/null
eventually 40 "and back to 3 once they are gone" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KC' -n liqo-tenant-milan get resourceslices.authentication.liqo.io milan -o jsonpath='{.status.resources.cpu}')\" = 3 ]"
slice() { # name class [cpu]
  printf 'apiVersion: authentication.liqo.io/v1beta1\nkind: ResourceSlice\nmetadata: {name: %s, namespace: liqo-tenant-milan, labels: {liqo.io/replication: "true"}}\nspec: {class: %s, consumerClusterID: rome, providerClusterID: milan%s}\n' \
    "$1" "$2" "${3:+, resources: {cpu: \"$3\"\}}" | kcc apply -f - >/dev/null
}
sliceField() { kcc -n liqo-tenant-milan get resourceslices.authentication.liqo.io "$1" -o jsonpath="$2"; }
kcp -n liqo patch cm spillway-resource-policies --type merge -p '{"data":{"small":"{\"policy\":\"fixed-resources\",\"resources\":{\"cpu\":\"2000m\",\"memory\":\"2G\",\"pods\":\"10\"}}"}}' >/dev/null
slice extra small
eventually 20 "a custom class with fixed-resources grants exactly its resources" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KC' -n liqo-tenant-milan get resourceslices.authentication.liqo.io extra -o jsonpath='{.status.resources.cpu}/{.status.resources.memory}/{.status.resources.pods}')\" = 2/2G/10 ]"
eventually 20 "an extra ResourceSlice adds a virtual node with its capacity" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KC' get node liqo-extra -o jsonpath='{.status.capacity.cpu}')\" = 2 ]"
slice greedy default 100
eventually 20 "a request beyond the policy is capped" bash -c "[ -n \"\$('$KUBECTL' --kubeconfig '$KC' -n liqo-tenant-milan get resourceslices.authentication.liqo.io greedy -o jsonpath='{.status.resources.cpu}')\" ]"
cpu=$(sliceField greedy '{.status.resources.cpu}')
[ "${cpu%m}" != 100 ] && [ "$cpu" != 100 ] && pass "greedy got $cpu, not 100" || fail "greedy got all it asked: $cpu"
kcp -n liqo patch cm spillway-resource-policies --type merge -p '{"data":{"burst":"{\"policy\":\"percentage\",\"percentage\":100,\"overcommit\":2}"}}' >/dev/null
slice big burst 12
eventually 20 "a class with overcommit grants past free capacity, and says so" bash -c "'$KUBECTL' --kubeconfig '$KC' -n liqo-tenant-milan get resourceslices.authentication.liqo.io big \
  -o jsonpath='{.status.conditions[?(@.type==\"Resources\")].message}' | grep -q 'past free capacity'"
slice unknown nope
eventually 20 "a class without a policy is Denied" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KC' -n liqo-tenant-milan get resourceslices.authentication.liqo.io unknown -o jsonpath='{.status.conditions[?(@.type==\"Resources\")].status}')\" = Denied ]"
assert_contains "$(sliceField unknown '{.status.conditions[?(@.type=="Resources")].message}')" 'no resource policy for class "nope"' "with the reason"
kcc -n liqo-tenant-milan delete resourceslices.authentication.liqo.io extra greedy big unknown --timeout 30s >/dev/null && pass "deleting slices on the consumer" || fail "slices not deleted"
assert_eq milan "$(kcp -n liqo-tenant-rome get resourceslices.authentication.liqo.io -o name | sed 's#.*/##' | tr '\n' ' ' | xargs)" "removes their provider copies"
eventually 20 "and their virtual nodes" bash -c "[ -z \"\$('$KUBECTL' --kubeconfig '$KC' get node liqo-extra liqo-greedy liqo-big -o name 2>/dev/null)\" ]"

# --- the consumer's identity: a certificate the provider trusts, confined to its tenant namespace
kcc -n liqo-tenant-milan get secret kubeconfig-controlplane-milan -o jsonpath='{.data.kubeconfig}' | base64 -d > "$work/identity"
ki() { "$KUBECTL" --kubeconfig "$work/identity" "$@"; }
assert_contains "$(ki auth whoami -o jsonpath='{.status.userInfo.username} {.status.userInfo.groups}')" 'rome ["liqo.io"' "the provider sees user rome in group liqo.io"
printf 'apiVersion: authentication.liqo.io/v1beta1\nkind: ResourceSlice\nmetadata: {name: probe, namespace: liqo-tenant-rome}\nspec: {consumerClusterID: rome, providerClusterID: milan}\n' > "$work/slice.yaml"
ki apply -f "$work/slice.yaml" >/dev/null 2>&1 && pass "it may create a ResourceSlice in its tenant namespace" || fail "ResourceSlice in the tenant namespace refused"
denied=0
forbidden() {
  local out; out=$(ki "$@" 2>&1 || true)
  if [[ "$out" == *"Forbidden"* || "$out" == *" is forbidden: "* ]]; then denied=$((denied + 1)); else fail "not refused with 403: kubectl $*: $out"; fi
}
forbidden get pods -A
forbidden get nodes
forbidden -n liqo get secrets
forbidden -n liqo-tenant-rome get secrets
forbidden -n default get configmaps
forbidden create namespace sneaky
forbidden get foreignclusters
forbidden get tenants.authentication.liqo.io -A
forbidden -n default get resourceslices.authentication.liqo.io
forbidden -n liqo-tenant-rome patch tenants.authentication.liqo.io rome --type merge -p {"spec":{"tenantCondition":"Cordoned"}}
forbidden create clusterrolebinding sneaky --clusterrole cluster-admin --user rome
forbidden -n default create deployment sneaky --image x
forbidden get certificatesigningrequests
forbidden -n default create --raw /api/v1/namespaces/default/pods/nosuch/exec -f /dev/null
forbidden -n liqo-tenant-rome create --raw /api/v1/namespaces/liqo-tenant-rome/pods/nosuch/attach -f /dev/null
forbidden -n default create --raw /api/v1/namespaces/default/pods/nosuch/portforward -f /dev/null
assert_eq 16 "$denied" "16 operations outside its grant (exec, attach and port-forward among them) are refused with 403"

# --- forged Tenants are refused ----------------------------------------------------------
kcp create ns liqo-tenant-evil >/dev/null
openssl rand 64 > "$work/raw"
# Raw bytes are not a nonce as providers issue them: the controller replaces it, and that is what is signed.
kcp -n liqo-tenant-evil create secret generic liqo-nonce --from-file=nonce="$work/raw" >/dev/null
kcp -n liqo-tenant-evil label secret liqo-nonce liqo.io/nonce=true liqo.io/remote-cluster-id=evil >/dev/null
eventually 15 "a malformed liqo-nonce is replaced" bash -c "'$KUBECTL' --kubeconfig '$KP' -n liqo-tenant-evil get secret liqo-nonce -o jsonpath='{.data.nonce}' | base64 -d | base64 -d >/dev/null 2>&1"
nonce_of "$KP" liqo-tenant-evil > "$work/nonce"
openssl genpkey -algorithm ed25519 -out "$work/evil.key" 2>/dev/null
openssl pkey -in "$work/evil.key" -pubout -out "$work/evil.pub"
tenant() { # name csr-subject signed-file
  openssl req -new -key "$work/evil.key" -subj "$2" -out "$work/evil.csr" 2>/dev/null
  openssl pkeyutl -sign -inkey "$work/evil.key" -rawin -in "$3" -out "$work/evil.sig"
  printf 'apiVersion: authentication.liqo.io/v1beta1\nkind: Tenant\nmetadata: {name: %s, namespace: liqo-tenant-evil}\nspec: {clusterID: evil, publicKey: %s, csr: %s, signature: %s}\n' \
    "$1" "$(base64 -w0 "$work/evil.pub")" "$(base64 -w0 "$work/evil.csr")" "$(base64 -w0 "$work/evil.sig")" | kcp apply -f - >/dev/null
}
refusal() { kcp -n liqo-tenant-evil get tenant "$1" -o jsonpath='{.metadata.annotations.spillway\.dev/authentication-error}'; }
echo "another nonce" > "$work/other"
tenant wrong-nonce "/CN=evil/O=liqo.io" "$work/other"
eventually 15 "a signature over another nonce is refused" bash -c "[[ \"\$('$KUBECTL' --kubeconfig '$KP' -n liqo-tenant-evil get tenant wrong-nonce -o jsonpath='{.metadata.annotations.spillway\.dev/authentication-error}')\" == *'does not verify'* ]]"
tenant impersonation "/CN=rome/O=liqo.io" "$work/nonce"
eventually 15 "a CSR in another cluster's name is refused" bash -c "[[ \"\$('$KUBECTL' --kubeconfig '$KP' -n liqo-tenant-evil get tenant impersonation -o jsonpath='{.metadata.annotations.spillway\.dev/authentication-error}')\" == *'CSR must be for CN=evil'* ]]"
assert_eq "" "$(kcp get tenant -n liqo-tenant-evil wrong-nonce -o jsonpath='{.status.authParams.signedCRT}')" "no certificate was issued for a forged Tenant"
assert_eq "" "$(kcp get csr spillway-tenant-evil -o name 2>/dev/null)" "and no CSR was submitted"
kcp delete ns liqo-tenant-evil --timeout 60s >/dev/null

# --- Liqo's signed nonce, as liqoctl asks the consumer for it ----------------------------------
# liqoctl copies the provider's nonce into liqo-signed-nonce on the consumer and waits for data.signedNonce.
printf 'apiVersion: v1\nkind: Secret\nmetadata: {name: liqo-signed-nonce, namespace: liqo-tenant-milan, labels: {liqo.io/signed-nonce: "true", liqo.io/remote-cluster-id: milan}}\ndata: {nonce: %s}\n' \
  "$(base64 -w0 "$work/nonce")" | kcc apply -f - >/dev/null
eventually 15 "the consumer signs a nonce in liqo-signed-nonce" bash -c "[ -n \"\$('$KUBECTL' --kubeconfig '$KC' -n liqo-tenant-milan get secret liqo-signed-nonce -o jsonpath='{.data.signedNonce}')\" ]"
kcc -n liqo-tenant-milan get secret liqo-signed-nonce -o jsonpath='{.data.signedNonce}' | base64 -d > "$work/signed"
kcc -n liqo get secret authentication-keys -o jsonpath='{.data.publicKey}' | base64 -d > "$work/rome-cluster.pub"
openssl pkeyutl -verify -pubin -inkey "$work/rome-cluster.pub" -rawin -in "$work/nonce" -sigfile "$work/signed" >/dev/null 2>&1 \
  && pass "with the cluster's key, over exactly that nonce" || fail "signedNonce does not verify with rome's cluster key"
kcc -n liqo-tenant-milan delete secret liqo-signed-nonce >/dev/null

# --- peering again is harmless; --bidirectional adds the other direction: milan consumes from rome
out=$("$CTL" peer in-band --bidirectional --kubeconfig "$KC" --remote-kubeconfig "$KP" --networking-disabled 2>&1) && pass "peer again, now --bidirectional, succeeds" || fail "bidirectional peer failed: $out"
assert_contains "$out" "Peered: rome now consumes from milan" "the existing direction is peered again"
assert_contains "$out" "Peered: milan now consumes from rome" "and the other direction is added"
ki -n liqo-tenant-rome get resourceslices.authentication.liqo.io probe >/dev/null 2>&1 && pass "the identity still works" || fail "identity broken after re-peer"
assert_eq ConsumerAndProvider "$(kcc get foreignclusters milan -o jsonpath='{.status.role}')" "consumer: milan is now ConsumerAndProvider"
assert_eq ConsumerAndProvider "$(kcp get foreignclusters rome -o jsonpath='{.status.role}')" "provider: rome is now ConsumerAndProvider"

# --- unpeer one direction: what the other one uses stays --------------------------------
out=$("$CTL" unpeer --kubeconfig "$KC" --remote-kubeconfig "$KP" --timeout 60 2>&1) && pass "unpeer rome → milan" || fail "unpeer failed: $out"
assert_contains "$out" "kept ForeignClusters and tenant namespaces: milan still consumes from rome" "says what it kept and why"
assert_eq "" "$(kcc -n liqo-tenant-milan get identity controlplane-milan -o name 2>/dev/null)" "consumer: the identity is gone"
assert_eq "" "$(kcc -n liqo-tenant-milan get secret kubeconfig-controlplane-milan -o name 2>/dev/null)" "with its kubeconfig Secret"
assert_eq "" "$(kcp -n liqo-tenant-rome get tenant rome -o name 2>/dev/null)" "provider: the Tenant is gone"
assert_eq "" "$(kcp get csr spillway-tenant-rome -o name 2>/dev/null)" "with its CSR"
rc=0; out=$(ki -n liqo-tenant-rome get resourceslices.authentication.liqo.io 2>&1) || rc=$?
assert_contains "$out" "forbidden" "the old certificate no longer grants anything"
eventually 15 "consumer: milan is only a Consumer now" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KC' get foreignclusters milan -o jsonpath='{.status.role}')\" = Consumer ]"
assert_eq Active "$(kcc -n liqo-tenant-milan get tenant milan -o jsonpath='{.spec.tenantCondition}')" "the reverse Tenant is untouched"

# --- unpeer the other direction: nothing of the peering is left on either side ---------
out=$("$CTL" unpeer --kubeconfig "$KP" --remote-kubeconfig "$KC" --timeout 60 2>&1) && pass "unpeer milan → rome" || fail "unpeer failed: $out"
for side in KC KP; do
  k=${!side}
  assert_eq "" "$("$KUBECTL" --kubeconfig "$k" get foreignclusters,tenants.authentication.liqo.io,identities -A -o name 2>/dev/null)" "$side: no ForeignCluster, Tenant or Identity left"
  assert_eq "" "$("$KUBECTL" --kubeconfig "$k" get ns -l liqo.io/tenant-namespace=true -o name 2>/dev/null)" "$side: no tenant namespace left"
  assert_eq "" "$("$KUBECTL" --kubeconfig "$k" get resourceslices.authentication.liqo.io -A -o name 2>/dev/null)" "$side: no ResourceSlice left"
  assert_eq "" "$("$KUBECTL" --kubeconfig "$k" get nodes -l liqo.io/type=virtual-node -o name 2>/dev/null)" "$side: no virtual node left"
  assert_eq "" "$("$KUBECTL" --kubeconfig "$k" get virtualnodes -A -o name 2>/dev/null)" "$side: no VirtualNode left"
  assert_eq "" "$("$KUBECTL" --kubeconfig "$k" get csr -l liqo.io/remote-cluster-id -o name 2>/dev/null)" "$side: no CSR left"
done
pgrep -f -- "spillway-virtual-kubelet --kubeconfig=$work/" >/dev/null && fail "a virtual kubelet is still running" || pass "no virtual kubelet left running"
rc=0; out=$(ki -n liqo-tenant-rome get resourceslices.authentication.liqo.io 2>&1) || rc=$?
[ "$rc" != 0 ] && [[ "$out" == *orbidden* || "$out" == *nauthorized* ]] && pass "after unpeer the old identity is refused by the provider" || fail "old identity after unpeer: rc=$rc $out"

# --- a Tenant replayed from that peering is refused, even against a fresh nonce ---------------
kcp create ns liqo-tenant-rome >/dev/null
printf 'apiVersion: v1\nkind: Secret\nmetadata: {name: liqo-nonce, namespace: liqo-tenant-rome, labels: {liqo.io/nonce: "true", liqo.io/remote-cluster-id: rome}}\n' | kcp apply -f - >/dev/null
eventually 15 "a new challenge gets a fresh nonce" bash -c "[ -n \"\$('$KUBECTL' --kubeconfig '$KP' -n liqo-tenant-rome get secret liqo-nonce -o jsonpath='{.data.nonce}')\" ]"
python3 -c 'import json,sys; t=json.load(open(sys.argv[1])); print(json.dumps({"apiVersion":t["apiVersion"],"kind":t["kind"],"metadata":{"name":"rome","namespace":"liqo-tenant-rome"},"spec":t["spec"]}))' \
  "$work/tenant-rome.json" | kcp apply -f - >/dev/null
eventually 15 "the replayed Tenant is refused: its signature is over a spent nonce" bash -c "[[ \"\$('$KUBECTL' --kubeconfig '$KP' -n liqo-tenant-rome get tenant rome -o jsonpath='{.metadata.annotations.spillway\.dev/authentication-error}')\" == *'does not verify'* ]]"
assert_eq "" "$(kcp -n liqo-tenant-rome get tenant rome -o jsonpath='{.status.authParams.signedCRT}')" "no certificate was issued for it"
assert_eq "" "$(kcp get csr spillway-tenant-rome -o name 2>/dev/null)" "and no CSR was submitted or approved"
kcp -n liqo-tenant-rome delete tenant rome --timeout 30s >/dev/null
kcp delete ns liqo-tenant-rome --ignore-not-found --timeout 60s >/dev/null
out=$("$CTL" peer --kubeconfig "$KC" --remote-kubeconfig "$KP" --networking-disabled 2>&1) && pass "re-peering after unpeer works" || fail "re-peer failed: $out"
assert_eq Provider "$(kcc get foreignclusters milan -o jsonpath='{.status.role}')" "and milan is a Provider again"
eventually 20 "with its virtual node Ready" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KC' get node liqo-milan -o jsonpath='{.status.conditions[?(@.type==\"Ready\")].status}')\" = True ]"
# --- a consumer that comes back with a new cluster key (reinstalled) is re-certified -------
kcc -n liqo delete secret authentication-keys >/dev/null
out=$("$CTL" peer --kubeconfig "$KC" --remote-kubeconfig "$KP" --networking-disabled --timeout 60 2>&1) && pass "re-peering with a new cluster key" || fail "re-peer with a new key failed: $out"
kcc -n liqo-tenant-milan get secret kubeconfig-controlplane-milan -o jsonpath='{.data.kubeconfig}' | base64 -d > "$work/identity2"
"$KUBECTL" --kubeconfig "$work/identity2" -n liqo-tenant-rome get resourceslices.authentication.liqo.io >/dev/null 2>&1 && pass "the new identity works on the provider" || fail "the new identity is refused"
eventually 20 "and the virtual node is Ready" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KC' get node liqo-milan -o jsonpath='{.status.conditions[?(@.type==\"Ready\")].status}')\" = True ]"
finish
