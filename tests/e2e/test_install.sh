#!/usr/bin/env bash
# spillctl install / info / version / uninstall end to end on a cluster of its own (one KWOK and
# one real node; local runtime, then kubernetes): what issue #4 asks, plus the bad inputs a user
# meets first, and how install chooses the runtime from the nodes.
. "$SPILLWAY_SOURCE_DIR/tests/testbed/tests/assert.sh"
. "$TB/lib.sh"
RUN=$SPILLWAY_SOURCE_DIR/run
CTL=$SPILLWAY_BIN/spillctl
name=e2e-install-$$
state=$(mktemp -d)
cleanup() {
  pkill -f -- "supervise --dir $state/" 2>/dev/null || true
  "$CTL" uninstall --kubeconfig "$K" --force >/dev/null 2>&1 || true
  "$RUN" cluster down "$name" >/dev/null 2>&1 || true
  rm -rf "$state" 2>/dev/null || true
}
trap cleanup EXIT
K=$("$RUN" cluster up "$name" --nodes 1 --real-nodes 1 --no-metrics-server 2>/dev/null | tail -n 1)
kcn() { "$KUBECTL" --kubeconfig "$K" "$@"; }
# The local runtime unless a test says otherwise (a later --runtime wins).
install() { "$CTL" install kind --kubeconfig "$K" --state-dir "$state/run" --pod-cidr 10.244.0.0/16 --service-cidr 10.96.0.0/16 --runtime local "$@"; }

# --- bad input first: nothing may reach the cluster ---------------------------------------
rc=0; err=$("$CTL" install minikube --kubeconfig "$K" 2>&1) || rc=$?
assert_eq 2 "$rc" "unknown distribution: usage error"
assert_contains "$err" "use one of: generic, kind, k3s" "and the message lists the valid ones"
rc=0; err=$("$CTL" install --kubeconfig "$K" --pod-cidr 10.244.0.1/16 2>&1) || rc=$?
assert_eq 2 "$rc" "a CIDR with host bits: usage error"
assert_contains "$err" "--pod-cidr \"10.244.0.1/16\" is not a network" "naming the flag"
err=$("$CTL" install --kubeconfig "$K" --set nope=1 2>&1) || true
assert_contains "$err" "--set nope: unknown value; known:" "unknown --set key names the known ones"
rc=0; err=$("$CTL" install --kubeconfig /nonexistent/kubeconfig 2>&1) || rc=$?
assert_eq 1 "$rc" "missing kubeconfig fails"
assert_contains "$err" "/nonexistent/kubeconfig" "naming the file"
sed 's#server: https://127.0.0.1:[0-9]*#server: https://127.0.0.1:1#' "$K" > "$state/unreachable"
rc=0; err=$(timeout 60 "$CTL" install --kubeconfig "$state/unreachable" 2>&1) || rc=$?
assert_eq 1 "$rc" "unreachable cluster fails (no hang)"
assert_contains "$err" "127.0.0.1:1" "naming the server"
assert_eq "" "$(kcn get ns liqo -o name 2>/dev/null)" "nothing was created by the failed attempts"

# --- dry run: manifests for the kubernetes runtime, cluster untouched ---------------------
yaml=$(install --dry-run -o yaml --runtime kubernetes --set image.registry=registry.example/sw 2>/dev/null)
assert_contains "$yaml" "image: registry.example/sw/spillway-controller-manager:v" "dry run renders the Deployment with the configured image"
assert_contains "$yaml" "kind: Service" "and the webhook Service"
assert_contains "$yaml" "name: spillway-webhook" "which the webhook configuration points at"
assert_eq 18 "$(echo "$yaml" | grep -c '^kind: CustomResourceDefinition')" "and all 18 CRDs"
assert_eq "" "$(kcn get ns liqo -o name 2>/dev/null)" "dry run changed nothing"

# --- install ------------------------------------------------------------------------------
out=$(install --cluster-id e2e-consumer --cluster-labels topology.kubernetes.io/region=eu 2>"$state/err") || { cat "$state/err"; fail "install failed"; }
assert_contains "$out" "installed: cluster ID e2e-consumer" "install reports the cluster ID"
assert_eq 18 "$(kcn get crd -l app.kubernetes.io/part-of=spillway -o name | wc -l)" "18 CRDs installed"
assert_eq "liqo.io/storage" "$(kcn get storageclass liqo -o jsonpath='{.provisioner}')" "the virtual storage class liqo"
kcn wait --for condition=established --timeout=30s crd -l app.kubernetes.io/part-of=spillway >/dev/null && pass "every CRD Established" || fail "CRDs not Established"
assert_eq e2e-consumer "$(kcn -n liqo get cm liqo-clusterid-configmap -o jsonpath='{.data.CLUSTER_ID}')" "cluster ID in Liqo's ConfigMap"
assert_eq e2e-consumer "$(kcn -n liqo get cm -l app.kubernetes.io/name=clusterid-configmap -o jsonpath='{.items[0].data.CLUSTER_ID}')" "found by Liqo's label"
assert_eq 2 "$(kcn -n liqo get wggatewayservertemplates,wggatewayclienttemplates -o name | wc -l)" "gateway templates installed"
assert_eq "no" "$(kcn auth can-i create nodes --as system:serviceaccount:liqo:spillway-controller-manager 2>/dev/null)" "controller manager may not create nodes"
assert_eq "no" "$(kcn auth can-i create validatingwebhookconfigurations --as system:serviceaccount:liqo:spillway-controller-manager 2>/dev/null)" "nor create other webhooks"
assert_eq "yes" "$(kcn auth can-i patch validatingwebhookconfigurations/spillway-validating-webhook --as system:serviceaccount:liqo:spillway-controller-manager 2>/dev/null)" "but may patch its own"

# The webhook and the schema, through the real apiserver.
kcn create ns demo >/dev/null
kcn create ns liqo-demo >/dev/null
out=$(kcn apply -f "$SPILLWAY_SOURCE_DIR/tests/integration/data/namespaceoffloading-example.yaml" 2>&1) && pass "Liqo's NamespaceOffloading example applies" || fail "example refused: $out"
err=$(printf 'apiVersion: offloading.liqo.io/v1beta1\nkind: NamespaceOffloading\nmetadata: {name: mine, namespace: default}\nspec: {}\n' | kcn apply -f - 2>&1) || true
assert_contains "$err" 'must be named "offloading"' "a wrong name is refused by the webhook"
err=$(printf 'apiVersion: offloading.liqo.io/v1beta1\nkind: NamespaceOffloading\nmetadata: {name: offloading, namespace: default}\nspec: {podOffloadingStrategy: Sideways}\n' | kcn apply -f - 2>&1) || true
assert_contains "$err" 'Unsupported value: "Sideways"' "a bad enum is refused by the schema"
slice() { printf 'apiVersion: authentication.liqo.io/v1beta1\nkind: ResourceSlice\nmetadata: {name: s1, namespace: %s, labels: {liqo.io/replication: "true"}}\nspec: {consumerClusterID: e2e-consumer, providerClusterID: p1, resources: {cpu: "2"}}\n' "$1" | kcn apply -f - 2>&1; }
slice demo >/dev/null && pass "a ResourceSlice is accepted" || fail "ResourceSlice refused"
eventually 10 "the webhook's cache sees it" bash -c "[[ \"\$(printf 'apiVersion: authentication.liqo.io/v1beta1\nkind: ResourceSlice\nmetadata: {name: s1, namespace: default}\nspec: {}\n' | '$KUBECTL' --kubeconfig '$K' apply --dry-run=server -f - 2>&1)\" == *'already exists (demo/s1)'* ]]"
err=$(slice default) || true
assert_contains "$err" 'a ResourceSlice named "s1" already exists' "a second slice of the same name is refused by the webhook"

# --- info / version -----------------------------------------------------------------------
json=$("$CTL" info --kubeconfig "$K" -o json)
field() { echo "$json" | python3 -c "import json,sys; d=json.load(sys.stdin); print($1)"; }
assert_eq e2e-consumer "$(field "d['local']['clusterID']")" "info: local.clusterID"
assert_eq "$("$CTL" version --client | sed 's/Client version: //')" "$(field "d['local']['version']")" "info: local.version is this release"
assert_eq eu "$(field "d['local']['labels']['topology.kubernetes.io/region']")" "info: cluster labels"
assert_eq kind "$(field "d['local']['labels']['liqo.io/provider']")" "info: liqo.io/provider from the distribution"
assert_eq True "$(field "d['health']['healthy']")" "info: healthy"
assert_eq spillway-controller-manager "$(field "d['health']['components'][0]['name']")" "info: the controller manager's health"
assert_eq 10.244.0.0/16 "$(field "d['network']['podCIDR']")" "info: pod CIDR"
assert_eq "[]" "$(field "d['peerings']['peers']")" "info: no peers yet"
assert_eq e2e-consumer "$("$CTL" status --kubeconfig "$K" --get clusterid)" "status --get clusterid"
assert_contains "$("$CTL" info --kubeconfig "$K" -o yaml)" "clusterID: e2e-consumer" "info -o yaml"
err=$("$CTL" info --kubeconfig "$K" --get local.nope 2>&1) || true
assert_contains "$err" "available here:" "--get on a missing field lists what exists"
v=$("$CTL" version --kubeconfig "$K")
assert_contains "$v" "Kubernetes version: v1." "version: Kubernetes"
assert_contains "$v" "Server version: $(field "d['local']['version']")" "version: installed Spillway"

# --- supervision: a killed controller manager comes back ----------------------------------
pid=$(cat "$state/run/spillway-controller-manager/child.pid")
kill -9 "$pid"
eventually 20 "the supervisor restarts the controller manager" bash -c "[ -s '$state/run/spillway-controller-manager/child.pid' ] && [ \"\$(cat '$state/run/spillway-controller-manager/child.pid')\" != $pid ] && kill -0 \$(cat '$state/run/spillway-controller-manager/child.pid')"
eventually 30 "and info is healthy again" bash -c "'$CTL' info --kubeconfig '$K' --get health.healthy | grep -qx true"

# --- idempotence, version and identity guards ---------------------------------------------
out=$(install --cluster-labels topology.kubernetes.io/region=eu 2>/dev/null)
assert_contains "$out" "(0 created, 0 configured," "a second install changes nothing"
rc=0; err=$(install --cluster-id someone-else 2>&1) || rc=$?
assert_eq 1 "$rc" "a different --cluster-id is refused"
assert_contains "$err" 'already installed with cluster ID "e2e-consumer"' "naming the installed ID"
kcn -n liqo patch cm spillway-install --type merge -p '{"data":{"version":"0.0.7"}}' >/dev/null
rc=0; err=$(install 2>&1) || rc=$?
assert_eq 1 "$rc" "install over an older release is refused"
assert_contains "$err" "Spillway 0.0.7 is installed" "naming the installed version"
assert_contains "$err" "--upgrade" "and how to proceed"
out=$(install --upgrade --cluster-labels topology.kubernetes.io/region=eu 2>/dev/null)
assert_contains "$out" "upgraded from 0.0.7" "--upgrade proceeds"

# --- uninstall ----------------------------------------------------------------------------
# p1 is peered (its networking module is enabled by its Configuration); p2 is what liqoctl unpeer
# leaves behind: a ForeignCluster with every module off, which is no peering (as in Liqo).
printf 'apiVersion: core.liqo.io/v1beta1\nkind: ForeignCluster\nmetadata: {name: p1, finalizers: [spillway.dev/test]}\nspec: {clusterID: p1}\n' | kcn apply -f - >/dev/null
kcn create namespace liqo-tenant-p1 >/dev/null
printf 'apiVersion: networking.liqo.io/v1beta1\nkind: Configuration\nmetadata: {name: p1, namespace: liqo-tenant-p1, labels: {liqo.io/remote-cluster-id: p1}}\nspec: {remote: {cidr: {pod: [10.9.0.0/16], external: [10.10.0.0/16]}}}\n' | kcn apply -f - >/dev/null
printf 'apiVersion: core.liqo.io/v1beta1\nkind: ForeignCluster\nmetadata: {name: p2}\nspec: {clusterID: p2}\n' | kcn apply -f - >/dev/null
eventually 30 "p2's status is written: no module enabled" \
  bash -c "[ \"\$('$KUBECTL' --kubeconfig '$K' get foreignclusters p2 -o jsonpath='{.status.role} {.status.modules.authentication.enabled}')\" = 'Unknown false' ]"
rc=0; err=$("$CTL" uninstall --kubeconfig "$K" 2>&1) || rc=$?
assert_eq 1 "$rc" "uninstall refuses while peerings exist"
# (and the ResourceSlice demo/s1 of the webhook checks above, which names no peer)
assert_contains "$err" "2 peering(s) exist: p1, ResourceSlice demo/s1" "naming them"
assert_eq 1 "$(kcn get crd -l app.kubernetes.io/part-of=spillway -o name | grep -c foreignclusters)" "and removed nothing"
out=$("$CTL" uninstall --kubeconfig "$K" --force 2>&1) && pass "uninstall --force succeeds" || fail "uninstall --force failed: $out"
assert_eq "" "$(kcn get crd -o name | grep liqo.io)" "no Liqo CRD left"
assert_eq "" "$(kcn get ns liqo -o name 2>/dev/null)" "no namespace left"
assert_eq "" "$(kcn get validatingwebhookconfigurations,mutatingwebhookconfigurations,clusterroles,clusterrolebindings,storageclasses -l app.kubernetes.io/part-of=spillway -o name)" "no webhook, RBAC or storage class left"
pgrep -f -- "$state/run" >/dev/null && fail "processes left running" || pass "no process left"
assert_contains "$("$CTL" uninstall --kubeconfig "$K" 2>&1)" "nothing to remove" "uninstall again is harmless"

# --- the runtime follows from the nodes ---------------------------------------------------
real=$name-node-1
kcn cordon "$real" >/dev/null
rc=0; err=$(install --runtime kubernetes 2>&1) || rc=$?
assert_eq 1 "$rc" "--runtime kubernetes where no node can run pods is refused"
assert_contains "$err" "--runtime kubernetes needs a node that can run pods" "naming the check"
assert_contains "$err" "$name-worker-1: simulated by KWOK (it runs no containers)" "and why the KWOK node cannot"
assert_contains "$err" "$real: cordoned (spec.unschedulable)" "and why the cordoned real node cannot"
assert_eq "" "$(kcn get ns liqo -o name 2>/dev/null)" "the refused install changed nothing"
rc=0; out=$("$CTL" install kind --kubeconfig "$K" --dry-run -o yaml --registry registry.example/sw 2>&1 >/dev/null) || rc=$?
assert_contains "$out" "local runtime: no node can run the agents' pods (" "without --runtime, install says it chose local"
assert_contains "$out" "$name-worker-1: simulated by KWOK" "and why"
kcn uncordon "$real" >/dev/null
out=$("$CTL" install kind --kubeconfig "$K" --dry-run -o yaml --registry registry.example/sw --version 9.9.9 2>&1 >/dev/null)
assert_contains "$out" "kubernetes runtime, because these nodes can run the agents' pods: $real" "with a real node, it chooses kubernetes and says why"
assert_contains "$out" "warning: no node that can run the agents has the image registry.example/sw/spillway-controller-manager:v9.9.9" \
  "and warns of an agent image no node has, before its pods would wait on it"

# --- the kubernetes runtime: Deployment and Service applied; health comes from the cluster --
# No node has that image and nothing serves registry.example: everything is applied, then install
# waits for the agents' pods, and says at once (not after --timeout) why they cannot start.
rc=0; out=$(timeout 120 "$CTL" install kind --kubeconfig "$K" --state-dir "$state/run" --pod-cidr 10.244.0.0/16 --service-cidr 10.96.0.0/16 --runtime kubernetes --registry registry.example/sw --version 9.9.9 --timeout 90 2>&1) || rc=$?
assert_eq 1 "$rc" "install --runtime kubernetes fails when the agents' image cannot be had"
assert_contains "$out" "spillway-controller-manager: 0/2 Ready" "it shows each component's progress"
assert_contains "$out" "Spillway is applied, but spillway-controller-manager cannot start: pod spillway-controller-manager-" "and names the pod that cannot start"
[[ "$out" =~ (ErrImagePull|ImagePullBackOff) ]] && pass "with the kubelet's reason (${BASH_REMATCH[1]})" || fail "no image-pull reason in: $out"
assert_contains "$out" "put the image registry.example/sw/spillway-controller-manager:v9.9.9 into each node's container runtime" "and the fix"
assert_eq "registry.example/sw/spillway-controller-manager:v9.9.9" "$(kcn -n liqo get deploy spillway-controller-manager -o jsonpath='{.spec.template.spec.containers[0].image}')" "the Deployment runs the image of --registry and --version"
assert_contains "$out" "Gateway Service type NodePort (the kind preset; pass --gateway-service-type to override)" "install says the preset's choices and how to override them"
assert_contains "$out" "API server URL for peers https://127.0.0.1:" "and the API server address peers are given"
assert_contains "$(kcn -n liqo get deploy spillway-controller-manager -o jsonpath='{.spec.template.spec.containers[0].args}')" "--api-server-address-override=https://127.0.0.1:" "which the controller manager hands to consumers (under Liqo's flag name, which liqoctl info reads)"
assert_eq spillway-webhook "$(kcn get validatingwebhookconfiguration spillway-validating-webhook -o jsonpath='{.webhooks[0].clientConfig.service.name}')" "the webhook goes through the Service"
assert_eq "NodePort auth" "$(kcn -n liqo get svc spillway-auth -o jsonpath='{.spec.type} {.spec.ports[0].targetPort}')" "the out-of-band peering endpoint has its Service"
assert_contains "$(kcn -n liqo get deploy spillway-controller-manager -o jsonpath='{.spec.template.spec.containers[0].args}')" "--virtual-kubelet-image=registry.example/sw/spillway-virtual-kubelet:v9.9.9" "virtual kubelets will run from the same registry"
pgrep -f -- "$state/run" >/dev/null && fail "a local process was started" || pass "no local process"
# No node has that image, so no replica ever renews the leader lease.
assert_eq false "$("$CTL" info --kubeconfig "$K" --get health.healthy)" "info: unhealthy while no replica holds the lease"
out=$(install --api-server-url https://peers.example:6443 2>&1) && pass "switching back to the local runtime" || fail "switch failed: $out"
assert_eq https://peers.example:6443 "$("$CTL" info --kubeconfig "$K" --get local.APIServerAddr)" "info: the API server address peers are given"
assert_eq "" "$(kcn -n liqo get deploy,svc -o name 2>/dev/null)" "removes the Deployment and the Service"
assert_eq true "$("$CTL" info --kubeconfig "$K" --get health.healthy)" "and the local controller manager is healthy"
# In place from local (whose running controller manager registered its URL) to kubernetes: the
# webhook configurations are replaced, not merged into an address with both a URL and a Service.
out=$(install --runtime kubernetes --registry registry.example/sw --no-wait 2>&1) && pass "switching from a running local runtime to kubernetes in place (--no-wait)" || fail "local → kubernetes failed: $out"
assert_eq "spillway-webhook " "$(kcn get mutatingwebhookconfiguration spillway-mutating-webhook -o jsonpath='{.webhooks[0].clientConfig.service.name} {.webhooks[0].clientConfig.url}')" "the pod webhook now goes through the Service only"
"$CTL" uninstall --kubeconfig "$K" >/dev/null 2>&1 && pass "uninstall" || fail "uninstall failed"

# --- stopping the cluster stops a local-runtime install's agents, wherever its state lives ----
install >/dev/null 2>&1 && pass "local runtime installed again" || fail "local install failed"
eventually 30 "its controller manager runs under $state/run" pgrep -f -- "$state/run/spillway-controller-manager"
"$RUN" cluster down "$name" >/dev/null 2>&1
# ([s]: the pattern does not match the command line of the shell that runs pgrep)
eventually 15 "cluster down stops the agents and their supervisors too" \
  bash -c "! pgrep -f -- '[s]upervise --dir $state/run/' && ! pgrep -f -- '[s]pillway-controller-manager --kubeconfig=$state/run/'"
finish
