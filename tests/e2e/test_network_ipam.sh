#!/usr/bin/env bash
# The IPAM and the network configuration between two clusters that use the same pod CIDR: the
# installer's own Networks, spillctl network init, remapping around what is held (reserved subnets
# included), a restarted controller manager handing out nothing twice, a freed prefix reused only
# once its last user is gone, IPs from the external CIDR, and spillctl network reset.
. "$SPILLWAY_SOURCE_DIR/tests/testbed/tests/assert.sh"
. "$TB/lib.sh"
RUN=$SPILLWAY_SOURCE_DIR/run
CTL=$SPILLWAY_BIN/spillctl
c=e2e-nc-$$; p=e2e-np-$$
work=$(mktemp -d)
cleanup() {
  pkill -f -- "supervise --dir $work/" 2>/dev/null || true
  for n in "$c" "$p"; do "$RUN" cluster down "$n" >/dev/null 2>&1 || true; done
  rm -rf "$work" 2>/dev/null || true
}
trap cleanup EXIT
# Both clusters use 10.244.0.0/16 for pods (the testbed's default, as kind's).
KC=$("$RUN" cluster up "$c" --nodes 1 2>/dev/null | tail -n 1)
KP=$("$RUN" cluster up "$p" --nodes 1 2>/dev/null | tail -n 1)
kcc() { "$KUBECTL" --kubeconfig "$KC" "$@"; }
kcp() { "$KUBECTL" --kubeconfig "$KP" "$@"; }
out=$("$CTL" install kind --kubeconfig "$KC" --cluster-id rome --state-dir "$work/rome" --reserved-subnets 10.0.0.0/16 2>&1) || fail "install on rome: $out"
assert_contains "$out" "Pod CIDR 10.244.0.0/16 (the kind default; pass --pod-cidr if this cluster uses another)" "install says which pod CIDR it assumed, and the fix"
assert_contains "$out" "Service CIDR 10.96.0.0/16 (from the cluster's ServiceCIDR \"kubernetes\")" "and reads the service CIDR from the cluster"
"$CTL" install kind --kubeconfig "$KP" --cluster-id milan --state-dir "$work/milan" --pod-cidr 10.244.0.0/16,10.245.0.0/16 >/dev/null 2>&1 || fail "install on milan"

# --- the installer's Networks; the IPAM grants them --------------------------------------------
eventually 20 "rome's IPAM grants its external CIDR" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KC' -n liqo get network external-cidr -o jsonpath='{.status.cidr}')\" = 10.70.0.0/16 ]"
assert_eq "10.244.0.0/16 true" "$(kcc -n liqo get network pod-cidr -o jsonpath='{.status.cidr} {.metadata.labels.ipam\.liqo\.io/network-not-remapped}')" "pod-cidr is a fact: kept as it is"
assert_eq "10.96.0.0/16" "$(kcc -n liqo get network service-cidr -o jsonpath='{.status.cidr}')" "service-cidr too"
assert_eq "10.0.0.0/16 reserved" "$(kcc -n liqo get network reserved-1 -o jsonpath='{.status.cidr} {.metadata.labels.ipam\.liqo\.io/network-type}')" "the reserved subnet is held"
assert_eq "10.80.0.0/16" "$(kcc -n liqo get network internal-cidr -o jsonpath='{.status.cidr}')" "internal-cidr granted"
eventually 20 "milan has two pod networks" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KP' -n liqo get network pod-cidr-2 -o jsonpath='{.status.cidr}')\" = 10.245.0.0/16 ]"

# --- spillctl network init: the peer's CIDRs, remapped where they clash -----------------------
out=$("$CTL" network init --kubeconfig "$KC" --remote-kubeconfig "$KP" --timeout 60 2>&1) && pass "spillctl network init" || fail "network init: $out"
# rome holds 10.0/16 (reserved), 10.70, 10.80, 10.96, 10.244: milan's pods get the first free /16.
assert_contains "$out" "rome sees milan: pods 10.244.0.0/16 as 10.1.0.0/16 (remapped), 10.245.0.0/16 (as it is), external 10.70.0.0/16 as 10.2.0.0/16 (remapped)" "rome remaps milan's clashing CIDRs around the reserved subnet, and keeps the one that clashes with nothing"
assert_eq "10.244.0.0/16 10.245.0.0/16|10.1.0.0/16 10.245.0.0/16|10.245.0.0/16" "$(kcc -n liqo-tenant-milan get configuration milan -o jsonpath='{.spec.remote.cidr.pod[*]}|{.status.remote.cidr.pod[*]}')|$(kcc -n liqo-tenant-milan get network milan-pod-2 -o jsonpath='{.status.cidr}')" "milan's two pod CIDRs: a Network each, in order"
assert_contains "$out" "milan sees rome: pods 10.244.0.0/16 as 10.0.0.0/16 (remapped), external 10.70.0.0/16 as 10.1.0.0/16 (remapped)" "milan remaps rome's"
assert_eq "10.244.0.0/16|10.1.0.0/16|true|milan" "$(kcc -n liqo-tenant-milan get configuration milan -o jsonpath='{.spec.remote.cidr.pod[0]}|{.status.remote.cidr.pod[0]}|{.metadata.labels.configuration\.liqo\.io/configured}|{.metadata.labels.liqo\.io/remote-cluster-id}')" "rome's Configuration for milan: spec, remapped status, configured"
assert_eq "10.244.0.0/16|10.70.0.0/16" "$(kcc -n liqo-tenant-milan get configuration milan -o jsonpath='{.spec.local.cidr.pod[0]}|{.spec.local.cidr.external[0]}')" "spec.local filled with rome's own"
# What liqoctl waits for before it makes the gateways: the condition, at the generation that
# filling spec.local moved on to.
cond='{.status.conditions[?(@.type=="NetworkCIDRsConfigured")]'
assert_eq "True NetworkCIDRsConfigured $(kcc -n liqo-tenant-milan get configuration milan -o jsonpath='{.metadata.generation}')" \
  "$(kcc -n liqo-tenant-milan get configuration milan -o jsonpath="$cond.status} $cond.reason} $cond.observedGeneration}")" \
  "NetworkCIDRsConfigured is True at the Configuration's generation"
assert_eq "Configuration pod" "$(kcc -n liqo-tenant-milan get network milan-pod -o jsonpath='{.metadata.ownerReferences[0].kind} {.metadata.labels.configuration\.liqo\.io/cidr-type}')" "the peer's Networks are owned by the Configuration"
out2=$("$CTL" network init --kubeconfig "$KC" --remote-kubeconfig "$KP" --timeout 60 2>&1)
assert_contains "$out2" "rome sees milan: pods 10.244.0.0/16 as 10.1.0.0/16" "init again: idempotent, the same mapping"

# --- a restarted controller manager hands out nothing twice -----------------------------------
cm=$(cat "$work/rome/spillway-controller-manager/child.pid")
kill -9 "$cm"
eventually 30 "rome's controller manager is back" bash -c "p=\$(cat '$work/rome/spillway-controller-manager/child.pid'); [ \"\$p\" != '$cm' ] && kill -0 \"\$p\""
fake_peer() { # name pod-cidr
  kcc create namespace "liqo-tenant-$1" >/dev/null 2>&1 || true
  printf 'apiVersion: networking.liqo.io/v1beta1\nkind: Configuration\nmetadata: {name: %s, namespace: liqo-tenant-%s, labels: {liqo.io/remote-cluster-id: %s}}\nspec:\n  remote: {cidr: {pod: [%s], external: [10.70.0.0/16]}}\n' "$1" "$1" "$1" "$2" | kcc apply -f - >/dev/null
}
fake_peer genoa 10.244.0.0/16
eventually 30 "a third peer with the same CIDR is configured" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KC' -n liqo-tenant-genoa get configuration genoa -o jsonpath='{.metadata.labels.configuration\.liqo\.io/configured}')\" = true ]"
assert_eq "10.3.0.0/16 10.4.0.0/16" "$(kcc -n liqo-tenant-genoa get configuration genoa -o jsonpath='{.status.remote.cidr.pod[0]} {.status.remote.cidr.external[0]}')" "it gets new prefixes after the restart, none already given"
fake_peer bari 172.20.0.0/16
eventually 30 "a peer whose pod CIDR clashes with nothing" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KC' -n liqo-tenant-bari get configuration bari -o jsonpath='{.status.remote.cidr.pod[0]}')\" = 172.20.0.0/16 ]"

# --- freed with its last user only ----------------------------------------------------------
kcc -n liqo-tenant-genoa delete configuration genoa --wait=true >/dev/null
eventually 30 "genoa's Networks are released (finalizer done)" bash -c "[ -z \"\$('$KUBECTL' --kubeconfig '$KC' -n liqo-tenant-genoa get networks -o name)\" ]"
fake_peer turin 10.244.0.0/16
eventually 30 "the freed prefixes go to the next peer" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KC' -n liqo-tenant-turin get configuration turin -o jsonpath='{.status.remote.cidr.pod[0]}')\" = 10.3.0.0/16 ]"
assert_eq "10.1.0.0/16" "$(kcc -n liqo-tenant-milan get network milan-pod -o jsonpath='{.status.cidr}')" "milan's mapping never moved"

# --- IPs: single addresses from a Network (by default the external CIDR) ---------------------
ip_obj() { # name real-ip
  printf 'apiVersion: ipam.liqo.io/v1alpha1\nkind: IP\nmetadata: {name: %s, namespace: liqo}\nspec: {ip: %s}\n' "$1" "$2" | kcc apply -f - >/dev/null
}
ip_obj api-server 192.168.1.5
ip_obj node-1 192.168.1.6
eventually 20 "an IP gets the first free address of the external CIDR (after the pre-allocated one)" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KC' -n liqo get ip api-server -o jsonpath='{.status.ip} {.status.cidr}')\" = '10.70.0.2 10.70.0.0/16' ]"
eventually 20 "the next IP the next address" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KC' -n liqo get ip node-1 -o jsonpath='{.status.ip}')\" = 10.70.0.3 ]"
kcc -n liqo delete ip api-server --wait=true >/dev/null && pass "a deleted IP lets go of its address (finalizer released)"
ip_obj node-2 192.168.1.7
eventually 20 "which the next IP gets" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KC' -n liqo get ip node-2 -o jsonpath='{.status.ip}')\" = 10.70.0.2 ]"
cm=$(cat "$work/rome/spillway-controller-manager/child.pid")
kill -9 "$cm"
eventually 30 "rome's controller manager is back again" bash -c "p=\$(cat '$work/rome/spillway-controller-manager/child.pid'); [ \"\$p\" != '$cm' ] && kill -0 \"\$p\""
ip_obj node-3 192.168.1.8
eventually 20 "after the restart no address is handed out twice" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KC' -n liqo get ip node-3 -o jsonpath='{.status.ip}')\" = 10.70.0.4 ]"

# --- bad input -------------------------------------------------------------------------------
rc=0; err=$("$CTL" install kind --kubeconfig "$KC" --set ipam.externalCIDR=10.70.0.1/16 2>&1) || rc=$?
assert_contains "$rc $err" 'ipam.externalCIDR="10.70.0.1/16" is not a network' "an external CIDR with host bits is refused, naming the value"

# These clusters name no network namespace for gateways: connect stops at once, saying so.
start=$(date +%s)
rc=0; err=$("$CTL" network connect --kubeconfig "$KC" --remote-kubeconfig "$KP" --timeout 90 2>&1) || rc=$?
assert_contains "$rc $err" "cluster milan: this cluster's controller manager has no network namespace for gateways" "connect without a gateway namespace fails, naming the cluster"
assert_contains "$err" "networking.gatewayNetns" "and the install value that fixes it"
[ $(( $(date +%s) - start )) -lt 45 ] && pass "at once, not at the timeout" || fail "connect took $(( $(date +%s) - start )) s to fail"
kcp -n liqo-tenant-rome delete gatewayserver rome >/dev/null

# --- reset: both sides forget the configuration ----------------------------------------------
out=$("$CTL" network reset --kubeconfig "$KC" --remote-kubeconfig "$KP" 2>&1) || fail "network reset: $out"
assert_contains "$out" "rome: removed Configuration milan" "reset removes rome's Configuration"
assert_contains "$out" "milan: removed Configuration rome" "and milan's"
eventually 30 "and the Networks they owned, on both sides" bash -c "[ -z \"\$('$KUBECTL' --kubeconfig '$KC' -n liqo-tenant-milan get networks -o name)\" ] && [ -z \"\$('$KUBECTL' --kubeconfig '$KP' -n liqo-tenant-rome get networks -o name)\" ]"
finish
