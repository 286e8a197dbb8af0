#!/usr/bin/env bash
# A CertificateSigningRequest is approved and signed by the controller-manager, and the
# certificate it returns authenticates against the apiserver (peering relies on this).
. "$(dirname "$0")/assert.sh"
work=$(mktemp -d); csr=tb-csr-$$; user=tb-user-$$
trap 'kc ci-provider delete csr "$csr" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$work/u.key" 2>/dev/null
openssl req -new -key "$work/u.key" -subj "/O=spillway-test/CN=$user" -out "$work/u.csr" 2>/dev/null
kc ci-provider apply -f - >/dev/null <<EOF2
apiVersion: certificates.k8s.io/v1
kind: CertificateSigningRequest
metadata:
  name: $csr
spec:
  request: $(base64 -w0 < "$work/u.csr")
  signerName: kubernetes.io/kube-apiserver-client
  expirationSeconds: 3600
  usages: [client auth]
EOF2
kc ci-provider certificate approve "$csr" >/dev/null
issued() { [ -n "$(kc ci-provider get csr "$csr" -o jsonpath='{.status.certificate}')" ]; }
eventually 30 "CSR signed after approval" issued
kc ci-provider get csr "$csr" -o jsonpath='{.status.certificate}' | base64 -d > "$work/u.crt"
assert_eq "Approved" "$(kc ci-provider get csr "$csr" -o jsonpath='{.status.conditions[0].type}')" "condition Approved"
ca=$(mktemp); kc ci-provider config view --raw -o jsonpath='{.clusters[0].cluster.certificate-authority-data}' | base64 -d > "$ca"
assert_contains "$(openssl verify -CAfile "$ca" "$work/u.crt" 2>&1)" "OK" "certificate chains to the cluster CA"
rm -f "$ca"
server=$(kc ci-provider config view -o jsonpath='{.clusters[0].cluster.server}')
kc ci-provider config view --raw --minify -o jsonpath='{.clusters[0].cluster.certificate-authority-data}' | base64 -d > "$work/ca.crt"
who=$("$KUBECTL" --server "$server" --certificate-authority "$work/ca.crt" --client-certificate "$work/u.crt" \
      --client-key "$work/u.key" auth whoami -o jsonpath='{.status.userInfo.username}' 2>&1)
assert_eq "$user" "$who" "the signed certificate authenticates as its CN"
denied=$("$KUBECTL" --server "$server" --certificate-authority "$work/ca.crt" --client-certificate "$work/u.crt" \
      --client-key "$work/u.key" get secrets -n kube-system 2>&1 || true)
assert_contains "$denied" "Forbidden" "and RBAC grants it nothing by default"
finish
