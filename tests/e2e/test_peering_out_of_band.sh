#!/usr/bin/env bash
# Out-of-band peering and one consumer with two providers: the provider prints an invitation
# (spillctl generate peer-command); the consumer peers with only its own kubeconfig through the
# provider's HTTPS authentication endpoint; tokens are single-use (also after unpeer and a
# restart of the provider's controller manager), expire, and bind to one cluster; the endpoint
# is verified by its certificate fingerprint; bad signatures are refused before anything is
# written and, repeated, throttled with 429 and Retry-After (counted in metrics, logged without
# secrets) while the good consumer still peers; certificates are renewed before they expire and
# the consumer takes the new one; unpeer out-of-band cleans both sides.
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
assert_contains "$err" "the invitation was already used" "as used"
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

# --- an invitation stays spent: after unpeer, and after the provider's controller manager restarts
reuse() { "$CTL" peer out-of-band north --kubeconfig "$KC" --auth-url "$url" --cluster-id turin --auth-token "$token" --auth-fingerprint "$fp" --networking-disabled --timeout 30 2>&1; }
rc=0; err=$(reuse) || rc=$?
assert_eq 1 "$rc" "after unpeer, the same invitation is refused"
assert_contains "$err" "the invitation was already used (by cluster rome at " "saying it was used, by whom and when"
assert_contains "$err" "spillctl generate peer-command" "and how to get a new one"
assert_eq "" "$(kcp get ns liqo-tenant-rome -o name 2>/dev/null)" "and nothing was made for it on the provider"
cm_pid=$(cat "$work/turin/spillway-controller-manager/child.pid")
kill "$cm_pid"
eventually 30 "turin's controller manager is restarted by its supervisor" bash -c "p=\$(cat '$work/turin/spillway-controller-manager/child.pid' 2>/dev/null); [ -n \"\$p\" ] && [ \"\$p\" != '$cm_pid' ] && kill -0 \"\$p\""
eventually 30 "after the restart the invitation is still spent" bash -c "'$CTL' peer out-of-band north --kubeconfig '$KC' --auth-url '$url' --cluster-id turin --auth-token '$token' --auth-fingerprint '$fp' --networking-disabled --timeout 10 2>&1 | grep -q 'the invitation was already used'"

# --- 50 bad signatures in a row: refused before anything is written, then throttled -----------
version=$(kcp -n liqo get cm spillway-install -o jsonpath='{.data.version}')
mtoken=$("$CTL" generate peer-command --kubeconfig "$KP" --name north --only-command 2>/dev/null | sed 's/.*--auth-token \([^ ]*\).*/\1/')
openssl genpkey -algorithm ed25519 -out "$work/mallory.key" 2>/dev/null
openssl pkey -in "$work/mallory.key" -pubout -out "$work/mallory.pub"
openssl req -new -key "$work/mallory.key" -subj "/CN=mallory/O=liqo.io" -out "$work/mallory.csr" 2>/dev/null
post() { curl -sk -o "$work/body" -D "$work/headers" -w '%{http_code}' -X POST -H 'Content-Type: application/json' --data @- "$url$1"; }
code=$(printf '{"token":"%s","clusterID":"mallory","version":"%s","publicKey":"%s"}' "$mtoken" "$version" "$(base64 -w0 "$work/mallory.pub")" | post /v1/peering/challenge)
assert_eq 200 "$code" "mallory, holding an invitation, is challenged"
bad=$(printf '{"token":"%s","clusterID":"mallory","publicKey":"%s","csr":"%s","signature":"%s"}' "$mtoken" "$(base64 -w0 "$work/mallory.pub")" \
  "$(base64 -w0 "$work/mallory.csr")" "$(openssl rand -base64 64 | tr -d '\n')")
codes=""; retry_after=""
for i in $(seq 50); do
  answer=$(echo "$bad" | post /v1/peering/tenant); codes="$codes $answer"
  if [ "$answer" = 429 ] && [ -z "$retry_after" ]; then retry_after=$(sed -n 's/^Retry-After: *\([0-9]*\).*/\1/p' "$work/headers" | tr -d '\r'); fi
done
n403=$(echo "$codes" | tr ' ' '\n' | grep -c '^403$' || true)
[ "$n403" -ge 1 ] && [ "$n403" -le 10 ] && pass "the first bad signatures are refused ($n403 × 403)" || fail "403s: $n403 of$codes"
[ "$(echo "$codes" | tr ' ' '\n' | grep -c '^429$')" -ge 30 ] && pass "then the endpoint throttles: 429 ($(echo "$codes" | tr ' ' '\n' | sort | uniq -c | xargs))" || fail "no throttling:$codes"
[ "${retry_after:-0}" -ge 1 ] && pass "with Retry-After ($retry_after s)" || fail "429 without Retry-After"
assert_eq "" "$(kcp -n liqo-tenant-mallory get tenants.authentication.liqo.io -o name 2>/dev/null)" "no Tenant was written for a bad signature"
hport=$(kcp -n liqo get cm spillway-install -o jsonpath='{.data.healthPort}')
metrics=$(curl -fsS "http://127.0.0.1:$hport/metrics")
signature_failures=$(echo "$metrics" | sed -n 's/^spillway_peering_auth_failures_total{cause="signature"} \([0-9]*\).*/\1/p')
[ "${signature_failures:-0}" -ge 5 ] && pass "metrics count the failed signatures ($signature_failures)" || fail "metrics: $(echo "$metrics" | grep auth_)"
[ "$(echo "$metrics" | sed -n 's/^spillway_peering_auth_throttled_total \([0-9]*\).*/\1/p')" -ge 30 ] && pass "and the throttled attempts" || fail "throttled not counted: $(echo "$metrics" | grep auth_)"
log=$(grep '"refused"' "$work/turin/spillway-controller-manager/log" | grep 'consumer:mallory' || true)
assert_contains "$log" '"cause":"signature"' "each refusal is logged with its cause"
[ -n "$log" ] && ! grep -qF "${mtoken#*.}" "$work/turin/spillway-controller-manager/log" && pass "and no secret material" || fail "the log holds the token or no refusal"
assert_eq "$(echo "$codes" | tr ' ' '\n' | grep -c '^403$')" "$(echo "$log" | wc -l)" "once per refusal, not per throttled attempt"
# The good consumer, from the same address, waits out the backoff it is told about and peers.
good=$("$CTL" generate peer-command --kubeconfig "$KP" --name north --only-command 2>/dev/null | sed 's/.*--auth-token \([^ ]*\).*/\1/')
out=$("$CTL" peer out-of-band north --kubeconfig "$KC" --auth-url "$url" --cluster-id turin --auth-token "$good" --auth-fingerprint "$fp" --networking-disabled --timeout 120 2>&1) \
  && pass "the good consumer still peers afterwards" || fail "good consumer after the bad ones: $out"
out=$("$CTL" unpeer out-of-band north --kubeconfig "$KC" --timeout 60 2>&1) && pass "and unpeers" || fail "unpeer failed: $out"
eventually 30 "provider: rome's tenant namespace gone again" bash -c "[ -z \"\$('$KUBECTL' --kubeconfig '$KP' get ns/liqo-tenant-rome -o name 2>/dev/null)\" ]"
kcp delete foreignclusters mallory --ignore-not-found --timeout 30s >/dev/null
kcp delete ns liqo-tenant-mallory --ignore-not-found --timeout 60s >/dev/null
out=$("$CTL" unpeer --kubeconfig "$KC" --remote-kubeconfig "$KQ" --timeout 60 2>&1) && pass "unpeer naples (in-band)" || fail "unpeer failed: $out"
for k in "$KC" "$KP" "$KQ"; do
  assert_eq "" "$("$KUBECTL" --kubeconfig "$k" get foreignclusters,tenants.authentication.liqo.io,identities,resourceslices.authentication.liqo.io -A -o name 2>/dev/null)" "$(basename "$(dirname "$k")"): no peering objects left"
done
finish
