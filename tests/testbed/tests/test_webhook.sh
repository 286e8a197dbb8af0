#!/usr/bin/env bash
# A mutating webhook registered by URL on 127.0.0.1 is called by the apiserver and its patch applied.
. "$(dirname "$0")/assert.sh"
. "$TB/lib.sh"
work=$(mktemp -d); ns=tb-webhook-$$; hook=tb-webhook-$$
cleanup() {
  kc ci-consumer delete mutatingwebhookconfiguration "$hook" >/dev/null 2>&1 || true
  kc ci-consumer delete namespace "$ns" --wait=false >/dev/null 2>&1 || true
  [ -n "${whpid:-}" ] && kill "$whpid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

(
  cd "$work"
  openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out ca.key 2>/dev/null
  openssl req -x509 -new -key ca.key -days 1 -subj /CN=webhook-ca -out ca.crt 2>/dev/null
  openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out tls.key 2>/dev/null
  openssl req -new -key tls.key -subj /CN=127.0.0.1 -out tls.csr 2>/dev/null
  printf 'subjectAltName=IP:127.0.0.1\nextendedKeyUsage=serverAuth\n' > ext
  openssl x509 -req -in tls.csr -CA ca.crt -CAkey ca.key -CAcreateserial -days 1 -extfile ext -out tls.crt 2>/dev/null
)
port=$(free_port)
"$TESTBED_WEBHOOK" "$port" "$work/tls.crt" "$work/tls.key" > "$work/webhook.log" 2>&1 &
whpid=$!
eventually 10 "webhook listening" grep -q listening "$work/webhook.log"

kc ci-consumer create namespace "$ns" >/dev/null
kc ci-consumer label namespace "$ns" spillway.dev/webhook-test=yes >/dev/null
kc ci-consumer apply -f - >/dev/null <<EOF2
apiVersion: admissionregistration.k8s.io/v1
kind: MutatingWebhookConfiguration
metadata:
  name: $hook
webhooks:
- name: mutate.testbed.spillway.dev
  admissionReviewVersions: [v1]
  sideEffects: None
  failurePolicy: Fail
  timeoutSeconds: 5
  clientConfig:
    url: https://127.0.0.1:$port/mutate
    caBundle: $(base64 -w0 < "$work/ca.crt")
  namespaceSelector:
    matchLabels: {spillway.dev/webhook-test: "yes"}
  rules:
  - apiGroups: [""]
    apiVersions: [v1]
    operations: [CREATE]
    resources: [configmaps]
EOF2
# Registration is eventually consistent in the apiserver; retry creation until the hook takes effect.
created() {
  kc ci-consumer -n "$ns" delete configmap probe --ignore-not-found >/dev/null
  kc ci-consumer -n "$ns" create configmap probe --from-literal=a=b >/dev/null
  [ "$(kc ci-consumer -n "$ns" get configmap probe -o jsonpath='{.metadata.labels.spillway\.dev/mutated}')" = true ]
}
eventually 30 "configmap carries the label the webhook patched in" created
assert_contains "$(cat "$work/webhook.log")" "admission CREATE $ns/probe" "webhook saw the AdmissionReview"
kc ci-consumer create configmap outside-$$ -n default --from-literal=a=b >/dev/null
assert_eq "" "$(kc ci-consumer -n default get configmap outside-$$ -o jsonpath='{.metadata.labels}')" "namespaceSelector keeps other namespaces untouched"
kc ci-consumer -n default delete configmap outside-$$ >/dev/null
finish
