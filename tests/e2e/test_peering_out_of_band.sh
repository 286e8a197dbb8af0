#!/usr/bin/env bash
# Out-of-band peering and one consumer with two providers: the provider prints an invitation
# (spillctl generate peer-command); the consumer peers with only its own kubeconfig through the
# provider's HTTPS authentication endpoint; tokens are single-use, expire, and bind to one
# cluster; the endpoint is verified by its certificate fingerprint; certificates are renewed
# before they expire and the consumer takes the new one; unpeer out-of-band cleans both sides.
. "$SPILLWAY_SOURCE_DIR/tests/testbed/tests/assert.sh"
. "$TB/lib.sh"
RUN=$SPILLWAY_SOURCE_DIR/run
CTL=$SPILLWAY_BIN/spillctl
c=e2e-oc-$$; p1=e2e-op-$$; p2=e2e-oq-$$
work=$(mktemp -d)
cleanup() {
  pkill -f -- "supervise --dir $work/" 2>/dev/null || true
  for n in "$c" "$p1" "$p2"; do "$RUN" cluster down "$n" >/dev/null 2>&1 || true; done
  rm -rf "$work" 2>/dev/null || true
}
trap cleanup EXIT
KC=$("$RUN" cluster up "$c" --nodes 1 2>/dev/null | tail -n 1)
KP=$("$RUN" cluster up "$p1" --nodes 1 2>/dev/null | tail -n 1)
KQ=$("$RUN" cluster up "$p2" --nodes 1 2>/dev/null | tail -n 1)
kcc() { "$KUBECTL" --kubeconfig "$KC" "$@"; }
kcp() { "$KUBECTL" --kubeconfig "$KP" "$@"; }
kcq() { "$KUBECTL" --kubeconfig "$KQ" "$@"; }
"$CTL" install kind --kubeconfig "$KC" --cluster-id rome --state-dir "$work/rome" >/dev/null 2>&1 || fail "install on the consumer"
# turin renews its consumers' certificates when they are 10 s old (lifetime 600 s, Kubernetes' minimum).
"$CTL" install kind --kubeconfig "$KP" --cluster-id turin --state-dir "$work/turin" \
  --set peering.certificateLifetime=600 --set peering.certificateRenewBefore=590 >/dev/null 2>&1 || fail "install on provider turin"
"$CTL" install kind --kubeconfig "$KQ" --cluster-id naples --state-dir "$work/naples" >/dev/null 2>&1 || fail "install on provider naples"

# --- the invitation --------------------------------------------------------------------------
inv=$("$CTL" generate peer-command --kubeconfig "$KP" --name north 2>"$work/gen.err") && pass "generate peer-command" || fail "generate failed: $(cat "$work/gen.err")"
assert_contains "$(cat "$work/gen.err")" "The token works once, until" "it says the token is single-use and when it expires"
assert_contains "$inv" "spillctl peer out-of-band north --auth-url https://127.0.0.1:" "one line: the command with the endpoint"
assert_contains "$inv" "--cluster-id turin --auth-token " "the provider's cluster ID and a token"
assert_contains "$inv" " --auth-fingerprint sha256:" "and the endpoint certificate's fingerprint"
read -r -a args <<< "$inv"
flag() { local i; for ((i = 0; i < ${#args[@]}; i++)); do if [ "${args[$i]}" = "$1" ]; then echo "${args[$((i + 1))]}"; fi; done; }
url=$(flag --auth-url); token=$(flag --auth-token); fp=$(flag --auth-fingerprint)
assert_eq 1 "$(kcp -n liqo get secrets -l spillway.dev/peer-token=true -o name | wc -l)" "the token is a Secret on the provider"
assert_eq "" "$(kcp -n liqo get secrets -l spillway.dev/peer-token=true -o yaml | grep -F "${token#*.}" || true)" "which does not hold the token itself"

# --- refusals: wrong cluster ID, wrong fingerprint, forged and expired tokens ----------------
rc=0; err=$("$CTL" peer out-of-band north --kubeconfig "$KC" --auth-url "$url" --cluster-id naples --auth-token "$token" --auth-fingerprint "$fp" --networking-disabled --timeout 30 2>&1) || rc=$?
assert_eq 1 "$rc" "a wrong --cluster-id is refused"
assert_contains "$err" 'belongs to cluster "turin", not "naples"' "naming both"
rc=0; err=$("$CTL" peer out-of-band north --kubeconfig "$KC" --auth-url "$url" --cluster-id turin --auth-token "$token" --auth-fingerprint "sha256:$(printf '0%.0s' $(seq 64))" --networking-disabled --timeout 30 2>&1) || rc=$?
assert_eq 1 "$rc" "an endpoint whose certificate is not the invitation's is refused"
assert_contains "$err" "is not the one in the invitation" "saying so"
rc=0; err=$("$CTL" peer out-of-band north --kubeconfig "$KC" --auth-url "$url" --cluster-id turin --auth-token "$token" --networking-disabled --timeout 30 2>&1) || rc=$?
assert_eq 1 "$rc" "without the fingerprint an untrusted certificate is not accepted"
assert_contains "$err" "auth-fingerprint" "and the fix is named"
rc=0; err=$("$CTL" peer out-of-band north --kubeconfig "$KC" --auth-url "$url" --cluster-id turin --auth-token "${token%.*}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" --auth-fingerprint "$fp" --networking-disabled --timeout 30 2>&1) || rc=$?
assert_eq 1 "$rc" "a forged token is refused"
assert_contains "$err" "the peering token is not valid" "as not valid"
rc=0; err=$("$CTL" peer out-of-band north --kubeconfig "$KC" --auth-url "$url" --cluster-id turin --auth-token "garbage" --networking-disabled 2>&1) || rc=$?
assert_eq 2 "$rc" "a malformed token is a usage error"
short=$("$CTL" generate peer-command --kubeconfig "$KP" --ttl 1 --only-command 2>/dev/null)
read -r -a sargs <<< "$short"
sleep 2   # the token's lifetime is the thing under test
rc=0; err=$("$CTL" peer out-of-band north --kubeconfig "$KC" --auth-url "$url" --cluster-id turin --auth-token "${sargs[9]}" --auth-fingerprint "$fp" --networking-disabled --timeout 30 2>&1) || rc=$?
assert_eq 1 "$rc" "an expired token is refused"
assert_contains "$err" "the peering token expired at" "saying when it expired"
assert_eq "" "$(kcp get ns liqo-tenant-rome -o name 2>/dev/null)" "refused attempts created nothing on the provider"

# --- out-of-band peering with only the consumer's kubeconfig ----------------------------------
out=$("$CTL" peer out-of-band north --kubeconfig "$KC" --auth-url "$url" --cluster-id turin --auth-token "$token" --auth-fingerprint "$fp" --networking-disabled --timeout 60 2>&1) \
  && pass "spillctl peer out-of-band succeeds" || fail "out-of-band peer failed: $out"
assert_contains "$out" "authenticated: the consumer holds a certificate issued by the provider (" "phases with their times"
assert_contains "$out" "Peered: rome now consumes from turin" "rome consumes from turin"
assert_eq Provider "$(kcc get foreignclusters turin -o jsonpath='{.status.role}')" "consumer: ForeignCluster turin is a Provider"
assert_eq north "$(kcc get foreignclusters turin -o jsonpath='{.metadata.annotations.spillway\.dev/peer-name}')" "remembering the name it was given"
assert_eq Consumer "$(kcp get foreignclusters rome -o jsonpath='{.status.role}')" "provider: ForeignCluster rome is a Consumer"
assert_eq Approved "$(kcp get csr spillway-tenant-rome -o jsonpath='{.status.conditions[0].type}')" "the provider approved the CSR through its own API"
eventually 20 "virtual node liqo-turin is Ready" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KC' get node liqo-turin -o jsonpath='{.status.conditions[?(@.type==\"Ready\")].status}')\" = True ]"

rc=0; err=$("$CTL" peer out-of-band north --kubeconfig "$KQ" --auth-url "$url" --cluster-id turin --auth-token "$token" --auth-fingerprint "$fp" --networking-disabled --timeout 30 2>&1) || rc=$?
assert_eq 1 "$rc" "the used token is refused to another cluster"
assert_contains "$err" "already been used" "as used"
out=$("$CTL" peer out-of-band north --kubeconfig "$KC" --auth-url "$url" --cluster-id turin --auth-token "$token" --auth-fingerprint "$fp" --networking-disabled --timeout 60 2>&1) \
  && pass "the same consumer may repeat its peering with its token (a lost answer is retried)" || fail "repeat failed: $out"

# --- a second provider, in-band: one consumer, two virtual nodes -----------------------------
out=$("$CTL" peer --kubeconfig "$KC" --remote-kubeconfig "$KQ" --networking-disabled --timeout 60 2>&1) && pass "rome also peers with naples" || fail "second peering failed: $out"
eventually 20 "virtual node liqo-naples is Ready" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KC' get node liqo-naples -o jsonpath='{.status.conditions[?(@.type==\"Ready\")].status}')\" = True ]"
assert_eq "liqo-naples liqo-turin" "$(kcc get nodes -l liqo.io/type=virtual-node -o name | sed 's#node/##' | sort | xargs)" "the consumer has one virtual node per provider"
for peer in turin naples; do
  assert_eq Healthy "$("$CTL" info --kubeconfig "$KC" --get "peerings.peers.$peer.authenticationStatus")" "info: authentication with $peer Healthy"
done

# --- certificate renewal: turin re-issues, rome takes the new certificate and keeps working ---
first=$(kcc -n liqo-tenant-turin get identity controlplane-turin -o jsonpath='{.spec.authParams.signedCRT}')
vk_before=$(cat "$work"/rome/spillway-virtual-kubelet-*turin*/child.pid)
eventually 60 "turin renews the certificate before it expires and rome's Identity takes it" \
  bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KC' -n liqo-tenant-turin get identity controlplane-turin -o jsonpath='{.spec.authParams.signedCRT}')\" != '$first' ]"
renewed=$(kcc -n liqo-tenant-turin get identity controlplane-turin -o jsonpath='{.spec.authParams.signedCRT}')
eventually 20 "the kubeconfig Secret carries the renewed certificate" \
  bash -c "'$KUBECTL' --kubeconfig '$KC' -n liqo-tenant-turin get secret kubeconfig-controlplane-turin -o jsonpath='{.data.kubeconfig}' | base64 -d | grep -qF '$renewed'"
eventually 30 "the virtual kubelet for turin restarted to use it" bash -c "[ \"\$(cat $work/rome/spillway-virtual-kubelet-*turin*/child.pid)\" != '$vk_before' ]"
eventually 30 "and liqo-turin is Ready again" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KC' get node liqo-turin -o jsonpath='{.status.conditions[?(@.type==\"Ready\")].status}')\" = True ]"
old_end=$(echo "$first" | base64 -d | openssl x509 -noout -enddate | cut -d= -f2)
new_end=$(echo "$renewed" | base64 -d | openssl x509 -noout -enddate | cut -d= -f2)
[ "$(date -d "$new_end" +%s)" -gt "$(date -d "$old_end" +%s)" ] && pass "the new certificate lasts longer ($new_end)" || fail "renewed certificate ends $new_end, the old one $old_end"
printf 'apiVersion: authentication.liqo.io/v1beta1\nkind: ResourceSlice\nmetadata: {name: after-renewal, namespace: liqo-tenant-turin, labels: {liqo.io/replication: "true"}}\nspec: {class: default, consumerClusterID: rome, providerClusterID: turin}\n' | kcc apply -f - >/dev/null
eventually 30 "with the renewed certificate the consumer still gets resources from turin" \
  bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KC' -n liqo-tenant-turin get resourceslices.authentication.liqo.io after-renewal -o jsonpath='{.status.conditions[?(@.type==\"Resources\")].status}')\" = Accepted ]"

# --- unpeer out-of-band: only the consumer's kubeconfig; the provider cleans its side ---------
rc=0; err=$("$CTL" unpeer out-of-band nowhere --kubeconfig "$KC" 2>&1) || rc=$?
assert_eq 1 "$rc" "unpeer of an unknown peer fails"
assert_contains "$err" "north (turin)" "listing the peers there are"
out=$("$CTL" unpeer out-of-band north --kubeconfig "$KC" --timeout 60 2>&1) && pass "unpeer out-of-band north" || fail "unpeer failed: $out"
assert_contains "$out" "removed provider: our Tenant rome" "it withdrew its Tenant on the provider"
assert_eq "" "$(kcc get foreignclusters turin -o name 2>/dev/null)" "consumer: ForeignCluster turin gone"
eventually 20 "consumer: tenant namespace gone" bash -c "[ -z \"\$('$KUBECTL' --kubeconfig '$KC' get ns liqo-tenant-turin -o name 2>/dev/null)\" ]"
assert_eq "" "$(kcc get node liqo-turin -o name 2>/dev/null)" "consumer: virtual node liqo-turin gone"
eventually 30 "provider: its controller manager removed the tenant namespace, CSR and ForeignCluster" \
  bash -c "[ -z \"\$('$KUBECTL' --kubeconfig '$KP' get ns/liqo-tenant-rome csr/spillway-tenant-rome foreignclusters/rome -o name 2>/dev/null)\" ]"
assert_eq Ready "$(kcc get node liqo-naples -o jsonpath='{.status.conditions[?(@.type=="Ready")].type}')" "the other peering is untouched"
out=$("$CTL" unpeer --kubeconfig "$KC" --remote-kubeconfig "$KQ" --timeout 60 2>&1) && pass "unpeer naples (in-band)" || fail "unpeer failed: $out"
for k in "$KC" "$KP" "$KQ"; do
  assert_eq "" "$("$KUBECTL" --kubeconfig "$k" get foreignclusters,tenants.authentication.liqo.io,identities,resourceslices.authentication.liqo.io -A -o name 2>/dev/null)" "$(basename "$(dirname "$k")"): no peering objects left"
done
finish
