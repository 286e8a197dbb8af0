#!/usr/bin/env bash
# The real scheduler places a 20-replica Deployment on KWOK nodes and the pods reach Running.
. "$(dirname "$0")/assert.sh"
ns=tb-deploy-$$
kc ci-provider create namespace "$ns" >/dev/null
trap 'kc ci-provider delete namespace "$ns" --wait=false >/dev/null 2>&1 || true' EXIT
kc ci-provider -n "$ns" create deployment web --image=registry.invalid/web:1 --replicas=20 >/dev/null
running() { [ "$(kc ci-provider -n "$ns" get pods --field-selector=status.phase=Running -o name | wc -l)" -eq 20 ]; }
eventually 90 "20 pods Running" running
assert_eq 20 "$(kc ci-provider -n "$ns" get deployment web -o jsonpath='{.status.readyReplicas}')" "deployment reports 20 ready replicas"
nodes=$(kc ci-provider -n "$ns" get pods -o jsonpath='{range .items[*]}{.spec.nodeName}{"\n"}{end}' | sort -u)
assert_eq 3 "$(echo "$nodes" | grep -c ci-provider-worker)" "pods spread over the 3 KWOK nodes"
ips=$(kc ci-provider -n "$ns" get pods -o jsonpath='{range .items[*]}{.status.podIP}{"\n"}{end}')
assert_eq 20 "$(echo "$ips" | grep -c '^10\.244\.')" "every pod has an IP in the pod CIDR"
assert_eq 20 "$(echo "$ips" | sort -u | grep -c .)" "pod IPs are unique"
finish
