#!/usr/bin/env bash
# The storage fabric on two clusters of its own: a StatefulSet's claims of the virtual class
# `liqo` are made in the provider (statically provisioned PVs of a no-provisioner class, so they
# really bind there) and mirrored back; pods follow their data (deleted, scaled to 0 and back);
# a pod on a local node gets a local volume of the real class; deleting a claim deletes its
# remote twin; a claim of another class is reflected as it is, and one the provider cannot bind
# is told on the pod; unoffload refuses to delete data unless --delete-volumes.
. "$SPILLWAY_SOURCE_DIR/tests/testbed/tests/assert.sh"
. "$SPILLWAY_SOURCE_DIR/tests/e2e/pair.sh"
pair_up e2e-storage
set -E
trap 'echo "# stopped at line $LINENO: $BASH_COMMAND" >&2' ERR
static_pvs() { # class count size
  local i; for i in $(seq 1 "$2"); do
    printf 'apiVersion: v1\nkind: PersistentVolume\nmetadata: {name: %s-%s}\nspec:\n  capacity: {storage: %s}\n  accessModes: [ReadWriteOnce]\n  storageClassName: %s\n  hostPath: {path: /srv/%s-%s}\n---\n' "$1" "$i" "$3" "$1" "$1" "$i"
  done
}
no_provisioner() { # name [default]
  printf 'apiVersion: storage.k8s.io/v1\nkind: StorageClass\nmetadata:\n  name: %s\n  annotations: {storageclass.kubernetes.io/is-default-class: "%s"}\nprovisioner: kubernetes.io/no-provisioner\nvolumeBindingMode: Immediate\n' "$1" "${2:-false}"
}
{
  no_provisioner provider-disk true | kcp apply -f -
  static_pvs provider-disk 4 2Gi | kcp apply -f -
  no_provisioner local-disk | kcc apply -f -
  static_pvs local-disk 1 5Gi | kcc apply -f -
  "$CTL" install kind --kubeconfig "$KC" --cluster-id rome --state-dir "$work/rome" --set storage.realStorageClassName=local-disk
  "$CTL" install kind --kubeconfig "$KP" --cluster-id milan --state-dir "$work/milan"
  "$CTL" peer --kubeconfig "$KC" --remote-kubeconfig "$KP" --networking-disabled --timeout 60
  kcc create namespace db
  "$CTL" offload namespace db --kubeconfig "$KC" --pod-offloading-strategy Remote --timeout 60
} >"$work/setup.log" 2>&1 || { fail "setting up: $(tail -20 "$work/setup.log")"; finish; }

assert_eq "liqo.io/storage WaitForFirstConsumer" "$(kcc get storageclass liqo -o jsonpath='{.provisioner} {.volumeBindingMode}')" "install makes the virtual storage class liqo"
eventually 30 "the provider advertises its storage class" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KC' get virtualnodes -A -o jsonpath='{.items[0].spec.storageClasses[0].storageClassName}')\" = provider-disk ]"
eventually 30 "the virtual node says storage is available there" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KC' get node liqo-milan -o jsonpath='{.metadata.labels.storage\.liqo\.io/available}')\" = true ]"

# --- a StatefulSet of 3 on class liqo, Remote: its volumes are made in the provider -----------
printf 'apiVersion: apps/v1\nkind: StatefulSet\nmetadata: {name: db, namespace: db}\nspec:\n  replicas: 3\n  serviceName: db\n  selector: {matchLabels: {app: db}}\n  template:\n    metadata: {labels: {app: db}}\n    spec: {containers: [{name: db, image: registry.example/db, volumeMounts: [{name: data, mountPath: /var/lib/db}]}]}\n  volumeClaimTemplates:\n  - metadata: {name: data}\n    spec: {storageClassName: liqo, accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}\n' | kcc apply -f - >/dev/null
running_on() { # node count → a command for eventually
  echo "[ \"\$('$KUBECTL' --kubeconfig '$KC' -n db get pods -l app=db --field-selector spec.nodeName=$1,status.phase=Running -o name | wc -l)\" = $2 ]"
}
eventually 90 "3 pods Running on the virtual node" bash -c "$(running_on liqo-milan 3)" \
  || { kcc -n db get pods,pvc -o wide; kcc -n db describe pvc data-db-0 | tail -15; } >&2
assert_eq "Bound Bound Bound" "$(kcp -n db-rome get pvc -o jsonpath='{.items[*].status.phase}')" "provider: 3 claims Bound in the mapped namespace"
assert_eq "provider-disk" "$(kcp -n db-rome get pvc data-db-0 -o jsonpath='{.spec.storageClassName}')" "with the provider's advertised class"
assert_eq 3 "$(kcc get pv -l storage.spillway.dev/location=milan -o name | wc -l | tr -d ' ')" "consumer: 3 virtual PVs, located in milan"
assert_eq "Bound Bound Bound" "$(kcc -n db get pvc -o jsonpath='{.items[*].status.phase}')" "binding the consumer's claims"
eventually 20 "the provider's claim is mirrored (phase, capacity, access modes)" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KC' -n db get pvc data-db-0 -o jsonpath='{.metadata.annotations.storage\.spillway\.dev/remote-phase} {.metadata.annotations.storage\.spillway\.dev/remote-capacity} {.metadata.annotations.storage\.spillway\.dev/remote-access-modes}')\" = 'Bound 2Gi ReadWriteOnce' ]"
assert_contains "$(kcp -n db-rome get pod db-0 -o jsonpath='{.spec.volumes}')" '"claimName":"data-db-0"' "the remote pod mounts the remote claim"
info=$("$CTL" info --kubeconfig "$KC")
assert_contains "$info" "db/data-db-0" "spillctl info lists each volume"
assert_contains "$(echo "$info" | grep db/data-db-1)" "in milan" "with where it lives"

# --- data gravity: the pods go back where their data is ------------------------------------
volume0=$(kcc -n db get pvc data-db-0 -o jsonpath='{.spec.volumeName}')
kcc -n db delete pod db-0 --wait=false >/dev/null
eventually 60 "a deleted pod comes back on the same virtual node" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KC' -n db get pod db-0 -o jsonpath='{.spec.nodeName} {.status.phase} {.metadata.deletionTimestamp}')\" = 'liqo-milan Running ' ]"
kcc -n db scale statefulset db --replicas 0 >/dev/null
eventually 60 "scaled to 0: no pod left in either cluster" bash -c "[ -z \"\$('$KUBECTL' --kubeconfig '$KC' -n db get pods -o name)\$('$KUBECTL' --kubeconfig '$KP' -n db-rome get pods -o name)\" ]"
assert_eq "Bound Bound Bound" "$(kcp -n db-rome get pvc -o jsonpath='{.items[*].status.phase}')" "the remote claims stay"
# Now local nodes are allowed and preferred (LocalAndRemote): only the volumes' affinity keeps
# the pods in the provider.
"$CTL" offload namespace db --kubeconfig "$KC" --pod-offloading-strategy LocalAndRemote --timeout 60 >/dev/null 2>&1 \
  && pass "the namespace now prefers local nodes" || fail "re-offloading LocalAndRemote failed"
printf 'apiVersion: v1\nkind: Pod\nmetadata: {name: probe, namespace: db}\nspec: {containers: [{name: p, image: registry.example/p}]}\n' | kcc apply -f - >/dev/null
eventually 30 "(a pod without volumes now goes to the local node)" bash -c "n=\$('$KUBECTL' --kubeconfig '$KC' -n db get pod probe -o jsonpath='{.spec.nodeName}'); [ -n \"\$n\" ] && [ \"\${n#liqo-}\" = \"\$n\" ]"
kcc -n db delete pod probe --wait=false >/dev/null
kcc -n db scale statefulset db --replicas 3 >/dev/null
eventually 90 "scaled back to 3: Running on the virtual node again, where the data is" bash -c "$(running_on liqo-milan 3)"
assert_eq "$volume0" "$(kcc -n db get pvc data-db-0 -o jsonpath='{.spec.volumeName}')" "on the same volumes"
assert_eq 3 "$(kcc get pv -l storage.spillway.dev/location=milan -o name | wc -l | tr -d ' ')" "and no new one"

# --- a pod on a local node gets a local volume of the real class -----------------------------
kcc create namespace local >/dev/null
printf 'apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata: {name: scratch, namespace: local}\nspec: {storageClassName: liqo, accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}\n---\napiVersion: v1\nkind: Pod\nmetadata: {name: worker, namespace: local}\nspec:\n  containers: [{name: w, image: registry.example/w, volumeMounts: [{name: s, mountPath: /s}]}]\n  volumes: [{name: s, persistentVolumeClaim: {claimName: scratch}}]\n' | kcc apply -f - >/dev/null
assert_eq "Pending" "$(kcc -n local get pvc scratch -o jsonpath='{.status.phase}')" "a claim of class liqo waits for its first pod"
eventually 60 "the local pod runs, its claim Bound" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KC' -n local get pod worker -o jsonpath='{.status.phase}') \$('$KUBECTL' --kubeconfig '$KC' -n local get pvc scratch -o jsonpath='{.status.phase}')\" = 'Running Bound' ]" \
  || { kcc -n local describe pvc scratch | tail -12; kcc -n liqo-storage get pvc -o wide; } >&2
assert_eq "local" "$(kcc get pv "$(kcc -n local get pvc scratch -o jsonpath='{.spec.volumeName}')" -o jsonpath='{.metadata.labels.storage\.spillway\.dev/location}')" "on a local volume"
assert_eq "local-disk-1" "$(kcc -n liqo-storage get pvc -o jsonpath='{.items[0].spec.volumeName}')" "backed by the real class's volume"
node=$(kcc -n local get pod worker -o jsonpath='{.spec.nodeName}')
[[ -n $node && $node != liqo-* ]] && pass "and the pod is on a physical node ($node)" || fail "the pod is on node '$node'"

# --- claims of other classes go as they are; one the provider cannot bind is told on the pod -
claim_and_pod() { # claim class pod
  printf 'apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata: {name: %s, namespace: db}\nspec: {storageClassName: %s, accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}\n---\napiVersion: v1\nkind: Pod\nmetadata: {name: %s, namespace: db}\nspec:\n  nodeName: liqo-milan\n  containers: [{name: c, image: registry.example/c, volumeMounts: [{name: v, mountPath: /v}]}]\n  volumes: [{name: v, persistentVolumeClaim: {claimName: %s}}]\n' "$1" "$2" "$3" "$1" | kcc apply -f - >/dev/null
}
claim_and_pod shared provider-disk reader
eventually 60 "a claim of a class only the provider has is reflected and binds there" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KP' -n db-rome get pvc shared -o jsonpath='{.spec.storageClassName} {.status.phase}')\" = 'provider-disk Bound' ]"
eventually 60 "and the pod using it runs" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KC' -n db get pod reader -o jsonpath='{.status.phase}')\" = Running ]"
assert_eq milan "$(kcc -n db get pvc shared -o jsonpath='{.metadata.annotations.storage\.spillway\.dev/reflected-to}')" "the consumer's claim says where its data went"
kcc -n db delete pod reader --wait=false >/dev/null
eventually 60 "(reader is gone)" bash -c "! '$KUBECTL' --kubeconfig '$KC' -n db get pod reader >/dev/null 2>&1"
rc=0; out=$("$CTL" unoffload namespace db --kubeconfig "$KC" --timeout 60 2>&1) || rc=$?
assert_contains "$rc $out" "1 error: db has 4 volume(s) whose data lives in peers" "unoffload is refused, counting a reflected claim too (no pod uses it any more)"
assert_contains "$out" "shared (in milan)" "naming it and where its data is"
claim_and_pod nowhere gold lost
eventually 60 "a claim the provider cannot bind: a Warning on the pod names the cause" bash -c "'$KUBECTL' --kubeconfig '$KC' -n db get events --field-selector involvedObject.name=lost,reason=RemoteVolumeUnavailable -o jsonpath='{.items[*].message}' | grep -q 'storageclass.storage.k8s.io \"gold\" not found'" \
  || kcc -n db get events --field-selector involvedObject.name=lost >&2
kcc -n db delete pod lost --wait=false >/dev/null
kcc -n db delete pvc nowhere --wait=false >/dev/null
eventually 60 "deleting the consumer's claim deletes its reflected twin" bash -c "'$KUBECTL' --kubeconfig '$KP' -n db-rome get pvc nowhere 2>&1 | grep -q NotFound"

# --- unoffload keeps the data unless asked; deleting a claim deletes its twin ---------------
# (refused above, with 4 volumes)
assert_contains "$out" "--delete-volumes" "the refusal says how to go on"
assert_eq offloading "$(kcc -n db get namespaceoffloading offloading -o jsonpath='{.metadata.name}')" "the namespace stays offloaded"
assert_eq 4 "$(kcp -n db-rome get pvc -o name | wc -l | tr -d ' ')" "with its remote claims"
kcc -n db scale statefulset db --replicas 2 >/dev/null
eventually 60 "db-2 is gone" bash -c "! '$KUBECTL' --kubeconfig '$KC' -n db get pod db-2 >/dev/null 2>&1"
volume2=$(kcc -n db get pvc data-db-2 -o jsonpath='{.spec.volumeName}')
kcc -n db delete pvc data-db-2 --wait=false >/dev/null
eventually 60 "deleting a claim deletes its twin in the provider" bash -c "'$KUBECTL' --kubeconfig '$KP' -n db-rome get pvc data-db-2 2>&1 | grep -q NotFound"
eventually 30 "and its virtual PV" bash -c "'$KUBECTL' --kubeconfig '$KC' get pv '$volume2' 2>&1 | grep -q NotFound"
out=$("$CTL" unoffload namespace db --kubeconfig "$KC" --delete-volumes --timeout 90 2>&1) && pass "unoffload --delete-volumes" || fail "unoffload --delete-volumes failed: $out"
assert_contains "$out" "deleting volume claim shared (its data in milan)" "which deletes the reflected claim too"
eventually 60 "provider: the remote namespace and its claims are gone" bash -c "! '$KUBECTL' --kubeconfig '$KP' get ns db-rome >/dev/null 2>&1"
finish
