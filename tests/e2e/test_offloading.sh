#!/usr/bin/env bash
# Namespace offloading end to end on two clusters: spillctl offload / unoffload, Liqo's
# NamespaceOffloading semantics (mapping strategies, clusterSelector, status), NamespaceMaps and
# the provider's twin namespaces, the pod webhook, and pods scheduled by the consumer's own
# scheduler onto the virtual node running in the provider through ShadowPods, status coming back.
. "$SPILLWAY_SOURCE_DIR/tests/testbed/tests/assert.sh"
. "$TB/lib.sh"
RUN=$SPILLWAY_SOURCE_DIR/run
CTL=$SPILLWAY_BIN/spillctl
c=e2e-fc-$$; p=e2e-fp-$$
work=$(mktemp -d)
cleanup() {
  pkill -f -- "supervise --dir $work/" 2>/dev/null || true
  for n in "$c" "$p"; do "$RUN" cluster down "$n" >/dev/null 2>&1 || true; done
  rm -rf "$work" 2>/dev/null || true
}
trap cleanup EXIT
KC=$("$RUN" cluster up "$c" --nodes 1 2>/dev/null | tail -n 1)
KP=$("$RUN" cluster up "$p" --nodes 1 --node-labels topology.kubernetes.io/region=eu-west 2>/dev/null | tail -n 1)
kcc() { "$KUBECTL" --kubeconfig "$KC" "$@"; }
kcp() { "$KUBECTL" --kubeconfig "$KP" "$@"; }
"$CTL" install kind --kubeconfig "$KC" --cluster-id rome --state-dir "$work/rome" >/dev/null 2>&1 || fail "install on the consumer"
"$CTL" install kind --kubeconfig "$KP" --cluster-id milan --state-dir "$work/milan" --cluster-labels topology.kubernetes.io/region=eu-west >/dev/null 2>&1 || fail "install on the provider"
out=$("$CTL" peer --kubeconfig "$KC" --remote-kubeconfig "$KP" --networking-disabled --timeout 60 2>&1) || fail "peer failed: $out"
eventually 20 "virtual node liqo-milan is Ready" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KC' get node liqo-milan -o jsonpath='{.status.conditions[?(@.type==\"Ready\")].status}')\" = True ]"

# --- the manifest, and flags checked before anything is sent ---------------------------------
yaml=$("$CTL" offload namespace apps --pod-offloading-strategy Remote --selector 'topology.kubernetes.io/region in (eu-west,eu-south)' -o yaml)
assert_contains "$yaml" "kind: NamespaceOffloading" "offload -o yaml prints the NamespaceOffloading"
assert_contains "$yaml" "podOffloadingStrategy: Remote" "with the pod strategy"
assert_contains "$yaml" "operator: In" "and the selector as a nodeSelectorTerm"
rc=0; err=$("$CTL" offload namespace apps --namespace-mapping-strategy SelectedName --kubeconfig "$KC" 2>&1) || rc=$?
assert_eq 2 "$rc" "SelectedName without --remote-namespace-name is a usage error"
rc=0; err=$("$CTL" offload namespace apps --selector 'bad key=1' --kubeconfig "$KC" 2>&1) || rc=$?
assert_contains "$err" 'cannot read "bad key=1"' "a malformed selector names the part"

# --- a namespace with a pod already running, offloaded Remote --------------------------------
kcc create namespace apps >/dev/null
kcc -n apps create deployment old --image registry.example/old --replicas 1 >/dev/null
eventually 20 "a pod runs before offloading" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KC' -n apps get pods -l app=old -o jsonpath='{.items[0].status.phase}')\" = Running ]"
out=$("$CTL" offload namespace apps --kubeconfig "$KC" --pod-offloading-strategy Remote --timeout 60 2>&1) && pass "spillctl offload namespace apps" || fail "offload failed: $out"
assert_contains "$out" "NamespaceOffloading: Ready (remote namespace apps-rome)" "Ready, remote name <ns>-<cluster-id> (DefaultName)"
assert_contains "$out" "milan: OffloadingRequired=True (ClusterSelected), Ready=True (NamespaceCreated)" "per-cluster conditions as Liqo writes them"
assert_contains "$out" "already running in apps and stay where they are" "the pre-existing pod is reported, with the fix"
eventually 10 "and an Event on the NamespaceOffloading says so" bash -c "'$KUBECTL' --kubeconfig '$KC' -n apps get events --field-selector reason=PreexistingPods -o name | grep -q ."
assert_eq true "$(kcc get ns apps -o jsonpath='{.metadata.labels.liqo\.io/scheduling-enabled}')" "the namespace is labelled for the pod webhook"
assert_eq "rome apps" "$(kcp get ns apps-rome -o jsonpath='{.metadata.labels.liqo\.io/remote-cluster-id} {.metadata.annotations.liqo\.io/original-name}')" "provider: twin namespace apps-rome, labelled and annotated as Liqo does"
assert_eq Accepted "$(kcc -n liqo-tenant-milan get namespacemap milan -o jsonpath='{.status.currentMapping.apps.phase}')" "consumer: NamespaceMap milan reports the mapping Accepted"
assert_eq spillway-remote-offloading "$(kcp -n apps-rome get rolebinding spillway-remote-offloading -o jsonpath='{.roleRef.name}')" "provider: rome's identity may reflect in apps-rome only"

# --- pods: scheduled by the consumer onto the virtual node, running in the provider ----------
# 50 replicas, and the virtual kubelet SIGKILLed mid-burst: its supervisor restarts it, and the
# counts come out exact on both sides (no pod lost, none doubled).
kcc -n apps create deployment web --image registry.example/web --replicas 50 >/dev/null
# Killed once some pods already run: a restarted kubelet that judged them before reading the
# NamespaceMap once failed them all (OffloadingAborted).
eventually 60 "the burst runs in part" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KC' -n apps get pods -l app=web --field-selector status.phase=Running -o name | wc -l)\" -ge 10 ]"
# The provider's pods already running: a restarted kubelet must leave them be (one that looked
# at a twin before it had listed its own pods once withdrew it, and the pod was made again).
running_before=$(kcp -n apps-rome get pods -l app=web --field-selector status.phase=Running -o jsonpath='{range .items[*]}{.metadata.uid}{"\n"}{end}')
vk_pid=$(cat "$work/rome/spillway-virtual-kubelet-milan/child.pid")
kill -9 "$vk_pid" && pass "virtual kubelet SIGKILLed mid-burst ($(kcp -n apps-rome get shadowpods -o name | wc -l | tr -d ' ') of 50 ShadowPods made)"
eventually 30 "its supervisor restarted it" bash -c "p=\$(cat '$work/rome/spillway-virtual-kubelet-milan/child.pid'); [ \"\$p\" != '$vk_pid' ] && kill -0 \"\$p\""
eventually 60 "50 pods scheduled onto the virtual node" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KC' -n apps get pods -l app=web --field-selector spec.nodeName=liqo-milan -o name | wc -l)\" = 50 ]"
pod=$(kcc -n apps get pods -l app=web -o jsonpath='{.items[0].metadata.name}')
assert_contains "$(kcc -n apps get pod "$pod" -o jsonpath='{.spec.tolerations}')" "virtual-node.liqo.io/not-allowed" "the webhook added the virtual-node toleration"
assert_contains "$(kcc -n apps get pod "$pod" -o jsonpath='{.spec.affinity.nodeAffinity}')" '"key":"liqo.io/type","operator":"In","values":["virtual-node"]' "and required the virtual nodes (Remote)"
eventually 60 "provider: 50 ShadowPods became 50 Running pods" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KP' -n apps-rome get pods -l app=web --field-selector status.phase=Running -o name | wc -l)\" = 50 ]"
assert_eq 50 "$(kcp -n apps-rome get shadowpods -o name | wc -l | tr -d ' ')" "exactly 50 ShadowPods: no duplicates"
assert_eq 50 "$(kcp -n apps-rome get pods -l offloading.liqo.io/origin=rome,app=web -o name | wc -l | tr -d ' ')" "exactly 50 owner-labelled pods in the provider"
uids_now=$(kcp -n apps-rome get pods -l app=web -o jsonpath='{range .items[*]}{.metadata.uid}{"\n"}{end}')
assert_eq "" "$(comm -23 <(echo "$running_before" | sort) <(echo "$uids_now" | sort))" "the $(echo "$running_before" | grep -c .) remote pods running before the restart are the same pods after it"
assert_eq "rome milan liqo-milan shadowpod" "$(kcp -n apps-rome get pod "$pod" -o jsonpath='{.metadata.labels.offloading\.liqo\.io/origin} {.metadata.labels.offloading\.liqo\.io/destination} {.metadata.labels.offloading\.liqo\.io/nodename} {.metadata.labels.liqo\.io/managed-by}')" "labelled with origin, destination and node"
assert_eq ShadowPod "$(kcp -n apps-rome get pod "$pod" -o jsonpath='{.metadata.ownerReferences[0].kind}')" "owned by its ShadowPod"
assert_eq "false" "$(kcp -n apps-rome get pod "$pod" -o jsonpath='{.spec.automountServiceAccountToken}')" "the consumer's service-account token is not carried over"
eventually 60 "consumer: all 50 Running, status from the provider" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KC' -n apps get pods -l app=web --field-selector status.phase=Running -o name | wc -l)\" = 50 ]"
assert_eq "" "$(kcc -n apps get pods -l app=web --field-selector status.phase=Failed -o name)" "no pod was failed by the restart"
assert_eq "$(kcp -n apps-rome get pod "$pod" -o jsonpath='{.status.podIP}')" "$(kcc -n apps get pod "$pod" -o jsonpath='{.status.podIP}')" "the pod IP is the remote pod's"
assert_eq True "$(kcc -n apps get pod "$pod" -o jsonpath='{.status.conditions[?(@.type=="Ready")].status}')" "and it is Ready"
eventually 30 "the provider's Events about the remote pod are on the local pod" bash -c "'$KUBECTL' --kubeconfig '$KC' -n apps get events --field-selector involvedObject.name=$pod -o jsonpath='{range .items[*]}{.source.component}|{.message}{\"\\n\"}{end}' | grep -q '^default-scheduler (milan)|.*apps-rome/$pod'"
assert_eq local "$(kcc -n apps get pods -l app=old -o jsonpath='{.items[0].spec.nodeName}' | grep -q '^liqo-' && echo remote || echo local)" "the pre-existing pod stayed where it was"

# --- resilience: a remote pod deleted in the provider comes back ----------------------------
uid=$(kcp -n apps-rome get pod "$pod" -o jsonpath='{.metadata.uid}')
kcp -n apps-rome delete pod "$pod" --wait=false >/dev/null
eventually 30 "provider-side deletion → the pod is recreated" bash -c "u=\$('$KUBECTL' --kubeconfig '$KP' -n apps-rome get pod '$pod' -o jsonpath='{.metadata.uid}' 2>/dev/null); [ -n \"\$u\" ] && [ \"\$u\" != '$uid' ]"
assert_eq 50 "$(kcc -n apps get pods -l app=web -o name | wc -l | tr -d ' ')" "and the consumer still has exactly 50"

# --- kubectl logs: through the virtual node's kubelet endpoint, from the pod's twin ----------
# Each testbed cluster's KWOK pods log one line naming their cluster: the consumer's apiserver
# calls the virtual kubelet, which streams the provider's pods/log.
assert_contains "$(kcc -n apps logs "$pod")" "hello from a pod in cluster $p" "kubectl logs on the consumer shows the provider's container log"
assert_contains "$(kcc -n apps logs "$pod" --tail 1 --timestamps)" "Z hello from a pod in cluster $p" "with its options (tail, timestamps) passed through"
rc=0; err=$(kcc -n apps logs "$pod" --previous 2>&1) || rc=$?
assert_contains "$rc $err" "the twin of apps/$pod" "a provider-side error reaches the user, naming the twin"
kport=$(kcc get node liqo-milan -o jsonpath='{.status.daemonEndpoints.kubeletEndpoint.Port}')
pki=$(dirname "$KC")/pki
( cd "$work" && openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out nobody.key 2>/dev/null &&
  openssl req -new -key nobody.key -subj /CN=nobody -out nobody.csr 2>/dev/null && printf 'extendedKeyUsage=clientAuth\n' > nobody.ext &&
  openssl x509 -req -in nobody.csr -CA "$pki/ca.crt" -CAkey "$pki/ca.key" -CAcreateserial -days 1 -extfile nobody.ext -out nobody.crt 2>/dev/null )
assert_contains "$(curl -sk --cert "$work/nobody.crt" --key "$work/nobody.key" "https://127.0.0.1:$kport/containerLogs/apps/$pod/web")" \
  "Forbidden (user=nobody, verb=get, resource=nodes, subresource=proxy)" "the endpoint authorizes callers (SubjectAccessReview): a user without nodes/proxy is refused"
assert_eq "" "$(curl -sk "https://127.0.0.1:$kport/containerLogs/apps/$pod/web" 2>/dev/null)" "and a caller without a client certificate gets nothing"
# exec goes the same way: the virtual kubelet asks the provider's apiserver for the twin's
# pods/exec, which KWOK's kubelet answers but cannot run (it has no exec configured for these
# pods); its refusal, naming the twin in apps-rome, comes back through the spliced stream
# (e2e.real_cluster runs exec, cp, attach and port-forward into real containers).
rc=0; err=$(kcc -n apps exec "$pod" -- true 2>&1) || rc=$?
assert_contains "$rc $err" "in pod \"apps-rome/$pod\"" "kubectl exec on the virtual node reaches the twin in the provider; its answer comes back"
# exec, attach and port-forward reach the twins as the consumer's identity: allowed in the
# namespaces mapped for it, and nowhere else.
kcc -n liqo-tenant-milan get secret kubeconfig-controlplane-milan -o jsonpath='{.data.kubeconfig}' | base64 -d > "$work/identity"
can() { "$KUBECTL" --kubeconfig "$work/identity" auth can-i "$@" 2>/dev/null || true; }
# (can-i reads "pods/exec" as the pod named exec: the subresource is a flag.)
assert_eq "yes yes yes no no" "$(can -n apps-rome create pods --subresource exec) $(can -n apps-rome create pods --subresource attach) $(can -n apps-rome create pods --subresource portforward) $(can -n default create pods --subresource exec) $(can -n liqo create pods --subresource exec)" \
  "the consumer's identity may stream into pods of apps-rome only (exec, attach, port-forward)"

# --- kubectl top: the consumer's metrics-server scrapes the virtual node's kubelet endpoint, ---
# which serves the twins' use from the provider's metrics.k8s.io (KWOK's pods use what their
# kwok.x-k8s.io/usage-* annotations say; the annotations travel with the pod).
kcc -n apps run busy --image registry.example/busy --annotations kwok.x-k8s.io/usage-cpu=300m \
  --annotations kwok.x-k8s.io/usage-memory=50Mi >/dev/null
eventually 60 "the annotated pod runs in the provider" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KP' -n apps-rome get pod busy -o jsonpath='{.status.phase}' 2>/dev/null)\" = Running ]"
top_busy() { # what: cpu|memory, in base units
  kcc get --raw /apis/metrics.k8s.io/v1beta1/namespaces/apps/pods/busy 2>/dev/null | python3 -c '
import json, sys
u = json.load(sys.stdin)["containers"][0]["usage"][sys.argv[1]]
f = {"n": 1e-9, "u": 1e-6, "m": 1e-3, "Ki": 1024, "Mi": 1048576}
for s in ("Ki", "Mi", "n", "u", "m"):
    if u.endswith(s): print(float(u[:-len(s)]) * f[s]); break
else: print(float(u))' "$1"
}
eventually 120 "consumer: metrics.k8s.io has the offloaded pod (provider scrape, then the virtual node's)" top_busy memory
assert_eq 52428800 "$(top_busy memory | cut -d. -f1)" "its memory is what the provider measured for the twin (50Mi)"
cpu_ok() { python3 -c "import sys; sys.exit(not 0.29 <= $(top_busy cpu) <= 0.31)"; }
eventually 30 "its CPU is the twin's 300m (a rate of the virtual node's counter)" cpu_ok
node_mem_ok() {
  kcc get --raw /apis/metrics.k8s.io/v1beta1/nodes/liqo-milan | python3 -c '
import json, sys
m = json.load(sys.stdin)["usage"]["memory"]
v = float(m[:-2]) * {"Ki": 1024, "Mi": 1048576}[m[-2:]] if m[-2:] in ("Ki", "Mi") else float(m)
sys.exit(not v >= (50 + 50) * 1048576)'
}
eventually 30 "kubectl top node: the virtual node reports its pods' sum (busy's 50Mi and 50 web pods' 1Mi each)" node_mem_ok
assert_contains "$(curl -sk --cert "$work/nobody.crt" --key "$work/nobody.key" "https://127.0.0.1:$kport/metrics/resource")" \
  "Forbidden (user=nobody, verb=get, resource=nodes, subresource=metrics)" "the resource metrics need nodes/metrics, as a kubelet's do"
kcc -n apps delete pod busy --wait=false >/dev/null

# --- service accounts: offloaded pods hold a token of their own account in the consumer ------
assert_eq spillway-sa-token-default "$(kcp -n apps-rome get pod "$pod" -o jsonpath='{.spec.volumes[0].projected.sources[0].secret.name}')" "the remote pod's token volume reads the token Secret"
tok=$(kcp -n apps-rome get secret spillway-sa-token-default -o jsonpath='{.data.token}' | base64 -d)
assert_eq system:serviceaccount:apps:default "$("$KUBECTL" --kubeconfig /dev/null --server "$(grep '^SERVER=' "$(dirname "$KC")/cluster.env" | cut -d= -f2)" \
  --certificate-authority "$pki/ca.crt" --token "$tok" auth whoami -o jsonpath='{.status.userInfo.username}')" "and that token is the pod's own service account at the consumer"
assert_eq 1 "$(kcp -n apps-rome get secrets -l liqo.io/managed-by=spillway-service-account-token -o name | wc -l | tr -d ' ')" "one Secret for the 50 pods of that account"
kcc -n apps run quiet --image registry.example/quiet --annotations liqo.io/api-server-support=disabled >/dev/null
eventually 30 "a pod annotated liqo.io/api-server-support=disabled runs remotely" bash -c "'$KUBECTL' --kubeconfig '$KP' -n apps-rome get pod quiet >/dev/null 2>&1" ||
  { kcc -n apps get pod quiet -o wide; kcc -n apps get events --field-selector involvedObject.name=quiet; kcp -n apps-rome get shadowpod quiet -o yaml | tail -20;
    grep -a quiet "$work/rome/spillway-virtual-kubelet-milan/log" | tail -20; grep -a quiet "$work/milan/spillway-controller-manager/log" | tail -10; }
assert_eq "false|" "$(kcp -n apps-rome get pod quiet -o jsonpath='{.spec.automountServiceAccountToken}|{.spec.volumes}')" "with no token at all"
kcc -n apps delete pod quiet --wait=false >/dev/null

# --- object reflection: ConfigMaps, Secrets, Services follow into the twin -------------------
kcc -n apps create configmap settings --from-literal=mode=fast >/dev/null
kcc -n apps create secret generic token --from-literal=key=s3cr3t >/dev/null
kcc -n apps expose deployment web --port 80 --target-port 8080 >/dev/null
eventually 20 "the ConfigMap is reflected into apps-rome" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KP' -n apps-rome get cm settings -o jsonpath='{.data.mode}' 2>/dev/null)\" = fast ]"
assert_eq rome "$(kcp -n apps-rome get cm settings -o jsonpath='{.metadata.labels.offloading\.liqo\.io/origin}')" "labelled with its origin"
eventually 20 "the Secret too" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KP' -n apps-rome get secret token -o jsonpath='{.data.key}' 2>/dev/null)\" = \"\$(printf s3cr3t | base64)\" ]"
eventually 20 "and the Service, with the provider's own cluster IP" bash -c "ip=\$('$KUBECTL' --kubeconfig '$KP' -n apps-rome get svc web -o jsonpath='{.spec.clusterIP}' 2>/dev/null); [ -n \"\$ip\" ] && [ \"\$ip\" != \"\$('$KUBECTL' --kubeconfig '$KC' -n apps get svc web -o jsonpath='{.spec.clusterIP}')\" ]"
assert_eq 8080 "$(kcp -n apps-rome get svc web -o jsonpath='{.spec.ports[0].targetPort}')" "ports carried over"
eventually 30 "the local Service's endpoints include the offloaded pods (their remote IPs)" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KC' -n apps get endpointslices -l kubernetes.io/service-name=web -o jsonpath='{range .items[*].endpoints[*]}{.nodeName}{\"\\n\"}{end}' | grep -c '^liqo-milan\$')\" = 50 ]"
assert_eq "" "$(kcp -n apps-rome get cm kube-root-ca.crt -o jsonpath='{.metadata.labels.offloading\.liqo\.io/origin}')" "the provider's own kube-root-ca.crt is left alone"
kcc -n apps patch configmap settings --type merge -p '{"data":{"mode":"safe"}}' >/dev/null
eventually 20 "a change is reflected" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KP' -n apps-rome get cm settings -o jsonpath='{.data.mode}')\" = safe ]"
kcp -n apps-rome delete cm settings >/dev/null
eventually 20 "a copy deleted on the provider is put back" bash -c "'$KUBECTL' --kubeconfig '$KP' -n apps-rome get cm settings >/dev/null 2>&1"
kcc -n apps annotate secret token liqo.io/skip-reflection=true >/dev/null
eventually 20 "liqo.io/skip-reflection withdraws the copy" bash -c "! '$KUBECTL' --kubeconfig '$KP' -n apps-rome get secret token >/dev/null 2>&1"
kcc -n apps delete configmap settings >/dev/null
eventually 20 "deleting the local object deletes the copy" bash -c "! '$KUBECTL' --kubeconfig '$KP' -n apps-rome get cm settings >/dev/null 2>&1"

# --- a DaemonSet stays local ----------------------------------------------------------------
printf 'apiVersion: apps/v1\nkind: DaemonSet\nmetadata: {name: agent, namespace: apps}\nspec:\n  selector: {matchLabels: {app: agent}}\n  template:\n    metadata: {labels: {app: agent}}\n    spec: {containers: [{name: a, image: registry.example/agent}]}\n' | kcc apply -f - >/dev/null
eventually 20 "the DaemonSet's pod runs on the local node" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KC' -n apps get pods -l app=agent -o name | wc -l)\" -ge 1 ]"
assert_eq "" "$(kcc -n apps get pods -l app=agent --field-selector spec.nodeName=liqo-milan -o name)" "and none on the virtual node"

# --- scale to zero: the provider is emptied --------------------------------------------------
kcc -n apps scale deployment web --replicas 0 >/dev/null
eventually 40 "scale to 0 → no pod of web left in the provider" bash -c "[ -z \"\$('$KUBECTL' --kubeconfig '$KP' -n apps-rome get pods,shadowpods -l app=web -o name 2>/dev/null)\" ]"
eventually 20 "and none in the consumer" bash -c "[ -z \"\$('$KUBECTL' --kubeconfig '$KC' -n apps get pods -l app=web -o name 2>/dev/null)\" ]"

# --- mapping strategies and the clusterSelector ---------------------------------------------
kcc create namespace same >/dev/null; kcc create namespace picked >/dev/null; kcc create namespace nowhere >/dev/null
"$CTL" offload namespace same --kubeconfig "$KC" --namespace-mapping-strategy EnforceSameName --timeout 60 >/dev/null 2>&1 && pass "EnforceSameName" || fail "EnforceSameName offload failed"
assert_eq rome "$(kcp get ns same -o jsonpath='{.metadata.labels.liqo\.io/remote-cluster-id}')" "provider: twin namespace with the same name"
"$CTL" offload namespace picked --kubeconfig "$KC" --namespace-mapping-strategy SelectedName --remote-namespace-name chosen --selector topology.kubernetes.io/region=eu-west --timeout 60 >/dev/null 2>&1 \
  && pass "SelectedName with a clusterSelector matching the provider's region" || fail "SelectedName offload failed"
assert_eq picked "$(kcp get ns chosen -o jsonpath='{.metadata.annotations.liqo\.io/original-name}')" "provider: twin namespace 'chosen'"
out=$("$CTL" offload namespace nowhere --kubeconfig "$KC" --selector topology.kubernetes.io/region=mars --timeout 30 2>&1) || true
assert_contains "$out" "NamespaceOffloading: NoClusterSelected" "a selector no peer matches selects no cluster"
assert_contains "$out" "milan: OffloadingRequired=False (ClusterNotSelected)" "saying so per cluster"
assert_eq "" "$(kcp get ns nowhere-rome -o name 2>/dev/null)" "and nothing is made in the provider"

# --- unoffload: the twin goes, the local namespace stays ------------------------------------
out=$("$CTL" unoffload namespace same --kubeconfig "$KC" --timeout 60 2>&1) && pass "spillctl unoffload namespace same" || fail "unoffload failed: $out"
eventually 30 "provider: the twin namespace is deleted" bash -c "[ -z \"\$('$KUBECTL' --kubeconfig '$KP' get ns same -o name 2>/dev/null)\" ]"
assert_eq "" "$(kcc get ns same -o jsonpath='{.metadata.labels.liqo\.io/scheduling-enabled}')" "consumer: the namespace is no longer labelled"
assert_eq same "$(kcc get ns same -o jsonpath='{.metadata.name}')" "and still exists"

# --- LocalAndRemote: local nodes first, the virtual node takes the overflow ------------------
# The consumer's one node has 8 CPU; pods of 3 CPU: two fit locally, the third goes remote.
kcc create namespace mixed >/dev/null
"$CTL" offload namespace mixed --kubeconfig "$KC" --timeout 60 >/dev/null 2>&1 && pass "offload mixed (LocalAndRemote, the default)" || fail "offload mixed failed"
# With its requests from the start: a rollout from request-less pods would pass the count early.
printf 'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: batch, namespace: mixed}\nspec:\n  replicas: 3\n  selector: {matchLabels: {app: batch}}\n  template:\n    metadata: {labels: {app: batch}}\n    spec: {containers: [{name: batch, image: registry.example/batch, resources: {requests: {cpu: "3"}}}]}\n' | kcc apply -f - >/dev/null
eventually 40 "3 pods Running" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KC' -n mixed get pods -l app=batch --field-selector status.phase=Running -o name | wc -l)\" = 3 ]"
assert_eq 1 "$(kcc -n mixed get pods -l app=batch --field-selector spec.nodeName=liqo-milan -o name | wc -l | tr -d ' ')" "exactly the overflow (1 of 3) runs on the virtual node"

# --- failover: a lost provider's pods are recreated locally; on its return no duplicate runs --
kcc create namespace resilient >/dev/null
"$CTL" offload namespace resilient --kubeconfig "$KC" --prefer-local=false --failover-seconds 5 --timeout 60 >/dev/null 2>&1 && pass "offload resilient (failover after 5 s)" || fail "offload resilient failed"
printf 'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: api, namespace: resilient}\nspec:\n  replicas: 2\n  selector: {matchLabels: {app: api}}\n  template:\n    metadata: {labels: {app: api}}\n    spec:\n      affinity: {nodeAffinity: {preferredDuringSchedulingIgnoredDuringExecution: [{weight: 100, preference: {matchExpressions: [{key: liqo.io/type, operator: In, values: [virtual-node]}]}}]}}\n      containers: [{name: api, image: registry.example/api}]\n' | kcc apply -f - >/dev/null
eventually 40 "2 pods Running on the virtual node" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KC' -n resilient get pods -l app=api --field-selector spec.nodeName=liqo-milan,status.phase=Running -o name | wc -l)\" = 2 ]"
assert_contains "$(kcc -n resilient get pods -l app=api -o jsonpath='{.items[0].spec.tolerations}')" '"key":"node.kubernetes.io/not-ready","operator":"Exists","tolerationSeconds":5' "the webhook set the failover time"
"$RUN" cluster stop "$p" kube-apiserver >/dev/null 2>&1
eventually 30 "the lost provider's virtual node carries the NoExecute not-ready taint" bash -c "'$KUBECTL' --kubeconfig '$KC' get node liqo-milan -o jsonpath='{.spec.taints}' | grep -q '\"effect\":\"NoExecute\",\"key\":\"node.kubernetes.io/not-ready\"'"
sleep 12   # more than two heartbeats: the taint must stay (the virtual kubelet once wiped it every 10 s)
assert_contains "$(kcc get node liqo-milan -o jsonpath='{.spec.taints}')" '"effect":"NoExecute","key":"node.kubernetes.io/not-ready"' "and keeps it across the virtual kubelet's heartbeats"
eventually 90 "provider lost → both pods recreated and Running on the local node" \
  bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KC' -n resilient get pods -l app=api -o json | python3 -c 'import json,sys; print(sum(1 for p in json.load(sys.stdin)[\"items\"] if not p[\"spec\"].get(\"nodeName\", \"liqo-\").startswith(\"liqo-\") and p[\"status\"].get(\"phase\")==\"Running\" and \"deletionTimestamp\" not in p[\"metadata\"]))')\" = 2 ]" || { kcc -n resilient get pods -o wide; kcc get node liqo-milan -o jsonpath="{.spec.taints}"; } >&2
"$RUN" cluster start "$p" kube-apiserver >/dev/null 2>&1
eventually 90 "provider back → the evicted pods' remote twins are removed" bash -c "[ -z \"\$('$KUBECTL' --kubeconfig '$KP' -n resilient-rome get pods,shadowpods -l app=api -o name 2>/dev/null)\" ] && '$KUBECTL' --kubeconfig '$KP' get ns resilient-rome >/dev/null 2>&1"
eventually 60 "and the consumer keeps exactly 2 pods, none terminating" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KC' -n resilient get pods -l app=api -o name | wc -l)\" = 2 ]"

# --- unoffloading the last namespace empties the NamespaceMap; no twin is left ----------------
for ns in apps picked nowhere mixed resilient; do
  out=$("$CTL" unoffload namespace "$ns" --kubeconfig "$KC" --timeout 60 2>&1) || { fail "unoffload $ns failed: $out"; kcc -n "$ns" get namespaceoffloading offloading -o yaml >&2; kcp get ns -l liqo.io/remote-cluster-id=rome -o wide >&2; }
done
eventually 60 "provider: no twin namespace of rome's is left" bash -c "[ -z \"\$('$KUBECTL' --kubeconfig '$KP' get ns -l 'liqo.io/remote-cluster-id=rome,!liqo.io/tenant-namespace' -o name)\" ]" || kcp get namespacemaps -A -o yaml >&2
assert_eq "{}" "$(kcp get namespacemaps -A -o jsonpath='{.items[0].spec.desiredMapping}')" "and the provider's NamespaceMap replica is empty"

finish
