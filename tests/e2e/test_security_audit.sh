#!/usr/bin/env bash
# Least privilege and secret hygiene, audited on two real clusters installed, peered (in band),
# with a namespace offloaded and a pod running remotely:
#   - every permission any Spillway component or peering identity holds in either cluster, listed
#     from the apiservers' own RBAC objects, equals tests/security/approved-permissions.txt;
#   - no token, key or certificate appears in any component's log, in spillctl's output or in
#     `spillctl info`; files holding credentials are 0600;
#   - TLS verification is on by default, and off only through insecure-skip-tls-verify, with a warning.
# (The consumer identity's 403s outside its tenant namespace are in test_peering.sh.)
. "$SPILLWAY_SOURCE_DIR/tests/testbed/tests/assert.sh"
. "$TB/lib.sh"
. "$SPILLWAY_SOURCE_DIR/tests/e2e/pair.sh"
APPROVED=$SPILLWAY_SOURCE_DIR/tests/security/approved-permissions.txt
pair_up e2e-audit
{
  "$CTL" install kind --kubeconfig "$KC" --cluster-id rome --state-dir "$work/rome"
  "$CTL" install kind --kubeconfig "$KP" --cluster-id milan --state-dir "$work/milan"
  "$CTL" peer --kubeconfig "$KC" --remote-kubeconfig "$KP" --networking-disabled --timeout 60
  "$KUBECTL" --kubeconfig "$KC" create namespace apps
  "$CTL" offload namespace apps --kubeconfig "$KC" --pod-offloading-strategy Remote
  "$CTL" generate peer-command --kubeconfig "$KP" --name north
} >"$work/spillctl.out" 2>&1 || fail "setting up: $(tail -20 "$work/spillctl.out")"
kcc -n apps create deployment web --image registry.example/web --replicas 2 >/dev/null
eventually 60 "two pods run in the provider" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KP' -n apps-rome get pods --field-selector status.phase=Running -o name | wc -l)\" = 2 ]"

# --- every permission, from the apiservers ------------------------------------------------------
for side in consumer:"$KC" provider:"$KP"; do
  "$KUBECTL" --kubeconfig "${side#*:}" get clusterroles,clusterrolebindings,roles,rolebindings -A -o json |
    python3 "$SPILLWAY_SOURCE_DIR/tests/security/permissions.py" "${side%%:*}" consumer=rome provider=milan
done >"$work/permissions.txt"
if [ "${SECURITY_AUDIT_UPDATE:-}" = 1 ]; then
  # After a deliberate RBAC change: rewrite the list, then review `git diff` before committing it.
  cp "$work/permissions.txt" "$APPROVED"; echo "# rewrote $APPROVED"
fi
if diff -u "$APPROVED" "$work/permissions.txt" >"$work/permissions.diff"; then
  pass "every permission held in either cluster is approved ($(wc -l <"$work/permissions.txt") subject × resource × verb)"
else
  fail "permissions differ from tests/security/approved-permissions.txt (+ held but not approved, - approved but not held):"
  grep -E '^[+-][^+-]' "$work/permissions.diff" | head -60
fi
assert_eq "" "$(grep -E ' (\*|[a-z.]+/\*) ' "$work/permissions.txt" | grep -vE ' (core|offloading|authentication|networking|ipam)\.liqo\.io/\*' | grep -E '^(consumer|provider) (User|Group)' || true)" \
  "no peering identity holds a wildcard"
assert_eq "" "$(grep -E '^(consumer|provider) (User|Group):' "$work/permissions.txt" | grep ' cluster ' || true)" "peering identities hold nothing cluster-wide"

# --- secrets stay out of logs and output -------------------------------------------------------
identity=$(kcc -n liqo-tenant-milan get secret kubeconfig-controlplane-milan -o jsonpath='{.data.kubeconfig}' | base64 -d)
key=$(echo "$identity" | sed -n 's/^ *client-key-data: *//p' | head -1)
token=$(sed -n 's/.*--auth-token \([^ ]*\).*/\1/p' "$work/spillctl.out" | head -1)
sa_token=$(sed -n 's/^ *token: *//p' "$work/rome/spillway-controller-manager/kubeconfig" | head -1)
[ -n "$key" ] && [ -n "$token" ] && [ -n "$sa_token" ] && pass "found the secrets to look for (identity key, invitation token, service-account token)" ||
  fail "could not find the secrets to scan for"
"$CTL" info --kubeconfig "$KC" -o yaml >"$work/info-consumer.yaml" 2>&1
"$CTL" info --kubeconfig "$KP" -o yaml >"$work/info-provider.yaml" 2>&1
logs=$(find "$work/rome" "$work/milan" -name log -type f)
[ "$(echo "$logs" | wc -l)" -ge 3 ] && pass "component logs to scan: $(echo "$logs" | wc -l)" || fail "too few logs found: $logs"
leaks=""
for f in $logs "$work/info-consumer.yaml" "$work/info-provider.yaml"; do
  grep -aqE 'PRIVATE KEY|BEGIN CERTIFICATE|LS0tLS1CRUdJTi|eyJhbGciOi' "$f" && leaks+=" $f(pem/jwt)"
  for s in "$key" "$sa_token" "${token#*.}"; do [ -n "$s" ] && grep -aqF -- "$s" "$f" && leaks+=" $f(secret)"; done
done
assert_eq "" "$leaks" "no key, certificate or token in any component log or in spillctl info"
assert_eq "" "$(grep -aE 'PRIVATE KEY|LS0tLS1CRUdJTi|eyJhbGciOi' "$work/spillctl.out" || true)" "nor in spillctl's output (install, peer, offload)"
loose=$(find "$work/rome" "$work/milan" -type f \( -name kubeconfig -o -name '*.key' -o -name '*key*.pem' \) ! -perm 0600)
credential_files=$(find "$work/rome" "$work/milan" -type f \( -name kubeconfig -o -name '*.key' \) | wc -l)
[ "$credential_files" -ge 2 ] && assert_eq "" "$loose" "all $credential_files credential files are 0600" || fail "no credential files found to check"
assert_eq 0600 "$(stat -c %04a "$work/rome/spillway-controller-manager/kubeconfig")" "the controller manager's kubeconfig is 0600"

# --- TLS: verified by default; off only when the kubeconfig says so, with a warning ------------
python3 - "$KC" "$work/wrong-ca" "$work/insecure" <<'PY'
import base64, subprocess, sys
src, wrong, insecure = sys.argv[1:]
text = open(src).read()
other = subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                        "-keyout", "/dev/null", "-subj", "/CN=someone-else", "-days", "1"], capture_output=True, check=True).stdout
import re
open(wrong, "w").write(re.sub(r"certificate-authority-data: *\S+", "certificate-authority-data: " + base64.b64encode(other).decode(), text))
open(insecure, "w").write(re.sub(r"certificate-authority-data: *\S+", "insecure-skip-tls-verify: true", text))
PY
rc=0; err=$("$CTL" info --kubeconfig "$work/wrong-ca" 2>&1) || rc=$?
assert_eq 1 "$rc" "a server whose certificate does not chain to the kubeconfig's CA is refused"
assert_contains "$err" "certificate" "naming the certificate problem"
out=$("$CTL" version --kubeconfig "$work/insecure" 2>&1) && pass "insecure-skip-tls-verify still connects" || fail "insecure kubeconfig failed: $out"
assert_contains "$out" "warning: cluster" "and says so"
assert_contains "$out" "sets insecure-skip-tls-verify" "naming the setting and what it exposes"
assert_eq "" "$("$CTL" version --kubeconfig "$KC" 2>&1 | grep -i warning || true)" "a verified connection prints no warning"
finish
