#!/usr/bin/env bash
# metrics.k8s.io on the testbed: the aggregator routes it to metrics-server, which scrapes the
# usage KWOK emulates — a pod's annotations set its containers' use, its node adds it up.
. "$(dirname "$0")/assert.sh"
ns=tb-metrics-$$
kc ci-provider create namespace "$ns" >/dev/null
trap 'kc ci-provider delete namespace "$ns" --wait=false >/dev/null 2>&1 || true' EXIT

available() { [ "$(kc ci-provider get apiservice v1beta1.metrics.k8s.io -o jsonpath='{.status.conditions[?(@.type=="Available")].status}')" = True ]; }
eventually 60 "the metrics.k8s.io APIService is Available" available

node=ci-provider-worker-2
kc ci-provider -n "$ns" apply -f - >/dev/null <<YAML
apiVersion: v1
kind: Pod
metadata:
  name: busy
  annotations: {kwok.x-k8s.io/usage-cpu: 250m, kwok.x-k8s.io/usage-memory: 100Mi}
spec:
  nodeName: $node
  containers: [{name: a, image: registry.invalid/a:1}, {name: b, image: registry.invalid/b:1}]
YAML
raw() { kc ci-provider get --raw "$1"; }
pod_metrics() { raw "/apis/metrics.k8s.io/v1beta1/namespaces/$ns/pods/busy"; }
eventually 90 "PodMetrics for the pod (two scrapes after it started)" pod_metrics
# A Kubernetes quantity in base units (cores, bytes).
units() { python3 -c '
import sys
q = sys.argv[1]
suffixes = {"n": 1e-9, "u": 1e-6, "m": 1e-3, "Ki": 2**10, "Mi": 2**20, "Gi": 2**30, "k": 1e3, "M": 1e6, "G": 1e9}
for s, f in sorted(suffixes.items(), key=lambda kv: -len(kv[0])):
    if q.endswith(s):
        print(float(q[:-len(s)]) * f); break
else:
    print(float(q))' "$1"; }
usage_of() { # json container resource
  python3 -c 'import json, sys; print(next(c["usage"][sys.argv[2]] for c in json.loads(sys.argv[3])["containers"] if c["name"] == sys.argv[1]))' "$2" "$3" "$1"
}
m=$(pod_metrics)
# CPU is a rate over two scrapes of a cumulative counter: 250m per container, give or take rounding.
for c in a b; do
  cpu=$(usage_of "$m" $c cpu)
  python3 -c "import sys; sys.exit(not 0.245 <= $(units "$cpu") <= 0.255)" && pass "container $c uses ~250m CPU ($cpu)" ||
    fail "container $c CPU: expected ~250m, got '$cpu'"
  assert_eq 104857600 "$(units "$(usage_of "$m" $c memory)" | cut -d. -f1)" "container $c uses the 100Mi its pod's annotation says"
done

# The node: 64Mi for the system plus every pod on it (this one's 200Mi; others default to 1Mi
# a container), as kubectl top shows it.
node_mem() { units "$(raw "/apis/metrics.k8s.io/v1beta1/nodes/$node" | python3 -c 'import json, sys; print(json.load(sys.stdin)["usage"]["memory"])')" | cut -d. -f1; }
has_pod() { [ "$(node_mem)" -ge $(( (64 + 200) * 1048576 )) ]; }
eventually 60 "NodeMetrics count the pod's 200Mi on top of the node's 64Mi" has_pod
assert_contains "$(kc ci-provider top node "$node" --no-headers)" "$node " "kubectl top node lists the node"
assert_contains "$(kc ci-provider -n "$ns" top pod busy --containers --no-headers)" "busy " "kubectl top pod lists the pod"
finish
