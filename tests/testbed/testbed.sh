#!/usr/bin/env bash
# Local Kubernetes clusters made of real components on 127.0.0.1:
# etcd, kube-apiserver, kube-controller-manager, kube-scheduler, KWOK nodes, and real nodes
# (kubelet, containerd, runc, CNI, kube-proxy, CoreDNS; realnode.sh) when asked for.
#   testbed.sh up NAME [options]      last line of stdout: the kubeconfig path
#   testbed.sh down NAME | kubeconfig NAME | list | bin
set -euo pipefail
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/realnode.sh"

usage() {
  cat >&2 <<'EOF'
usage: ./run cluster up NAME [--nodes N] [--real-nodes N] [--node-cpu C] [--node-memory M] [--node-pods P]
                             [--node-labels k=v,...] [--pod-cidr CIDR] [--service-cidr CIDR]
                             [--apiserver-port PORT] [--no-metrics-server]
       ./run cluster down NAME [NAME...] | down --all
       ./run cluster kubeconfig NAME
       ./run cluster import NAME ARCHIVE...      (OCI image archives into every real node's containerd)
       ./run cluster list
       ./run cluster stop|start NAME COMPONENT   (etcd, kube-apiserver, kube-controller-manager, kube-scheduler, kwok,
                                                  metrics-server)
Defaults: 3 nodes of 8 CPU, 32Gi memory, 110 pods; pod CIDR 10.244.0.0/16; service CIDR 10.96.0.0/16.
--real-nodes N adds N real nodes (default 0; root only): each a network namespace running a kubelet,
containerd and kube-proxy, that runs real containers from imported image archives (the testbed's
pause and workload images, and build/images/*.tar from ./run images); CoreDNS serves cluster.local.
--nodes 0 is allowed beside real nodes. See tests/testbed/README.md.
metrics.k8s.io (kubectl top) is served by metrics-server from KWOK's emulated usage: each container
uses what its pod's kwok.x-k8s.io/usage-cpu and usage-memory annotations say, else 1m and 1Mi.
State (logs, certificates, etcd data) lives in $SPILLWAY_STATE_DIR/clusters/NAME
(default ~/.local/state/spillway/clusters/NAME).
EOF
}

STATE_ROOT=$(testbed_state_root)

cluster_running() { # dir
  local f pid any=1
  for f in "$1"/pids/*.pid; do
    [ -e "$f" ] || continue
    pid=$(cat "$f"); pid_belongs_to "$pid" "$1" && any=0
  done
  return $any
}

stop_cluster_dir() { # dir — stops only the PIDs recorded for this cluster
  local dir=$1 f pid i pids=()
  for f in "$dir"/pids/*.pid; do
    [ -e "$f" ] || continue
    pid=$(cat "$f")
    pid_belongs_to "$pid" "$dir" && { kill -TERM "$pid" 2>/dev/null || true; pids+=("$pid"); }
  done
  # The state is deleted right after, so a component slow to drain its watches is not waited for long.
  for i in $(seq 1 30); do
    local alive=0
    for pid in "${pids[@]}"; do pid_belongs_to "$pid" "$dir" && alive=1; done
    [ $alive -eq 0 ] && break
    sleep 0.1
  done
  for pid in "${pids[@]}"; do pid_belongs_to "$pid" "$dir" && kill -KILL "$pid" 2>/dev/null || true; done
  for i in $(seq 1 50); do
    local alive=0
    for pid in "${pids[@]}"; do pid_alive "$pid" && alive=1; done
    [ $alive -eq 0 ] && return 0
    sleep 0.1
  done
  note "warning: some processes of $dir did not stop: ${pids[*]}"
  return 0
}

validate_name() {
  [[ "$1" =~ ^[a-z0-9]([a-z0-9-]{0,38}[a-z0-9])?$ ]] ||
    die "invalid cluster name '$1': use 1-40 lowercase letters, digits and '-', starting and ending with a letter or digit"
}

cmd_up() {
  local name="" nodes=3 real_nodes=0 cpu=8 memory=32Gi pods=110 labels="" pod_cidr=10.244.0.0/16 svc_cidr=10.96.0.0/16 api_port="" metrics=1
  [ $# -gt 0 ] || { usage; die "cluster up needs a NAME"; }
  while [ $# -gt 0 ]; do
    case "$1" in
      --nodes) nodes=${2:?--nodes needs a value}; shift 2 ;;
      --real-nodes) real_nodes=${2:?--real-nodes needs a value}; shift 2 ;;
      --node-cpu) cpu=${2:?--node-cpu needs a value}; shift 2 ;;
      --node-memory) memory=${2:?--node-memory needs a value}; shift 2 ;;
      --node-pods) pods=${2:?--node-pods needs a value}; shift 2 ;;
      --node-labels) labels=${2?--node-labels needs a value}; shift 2 ;;
      --pod-cidr) pod_cidr=${2:?--pod-cidr needs a value}; shift 2 ;;
      --service-cidr) svc_cidr=${2:?--service-cidr needs a value}; shift 2 ;;
      --apiserver-port) api_port=${2:?--apiserver-port needs a value}; shift 2 ;;
      --no-metrics-server) metrics=0; shift ;;
      --nodes=*|--real-nodes=*|--node-cpu=*|--node-memory=*|--node-pods=*|--node-labels=*|--pod-cidr=*|--service-cidr=*|--apiserver-port=*)
        set -- "${1%%=*}" "${1#*=}" "${@:2}" ;;
      -h|--help) usage; exit 0 ;;
      -*) usage; die "unknown flag '$1' for 'cluster up'" ;;
      *) [ -z "$name" ] || die "cluster up takes one NAME (got '$name' and '$1')"; name=$1; shift ;;
    esac
  done
  [ -n "$name" ] || { usage; die "cluster up needs a NAME"; }
  validate_name "$name"
  [[ "$nodes" =~ ^[0-9]+$ ]] && [ "$nodes" -le 500 ] || die "--nodes must be a number from 0 to 500 (got '$nodes')"
  [[ "$real_nodes" =~ ^[0-9]+$ ]] && [ "$real_nodes" -le 8 ] || die "--real-nodes must be a number from 0 to 8 (got '$real_nodes')"
  [ $((nodes + real_nodes)) -ge 1 ] || die "a cluster needs a node: give --nodes or --real-nodes a number from 1"
  [ "$real_nodes" -eq 0 ] || real_need_tools
  [[ "$cpu" =~ ^[0-9]+(m)?$ ]] || die "--node-cpu must be a CPU quantity such as 8 or 8000m (got '$cpu')"
  [[ "$memory" =~ ^[0-9]+(Ki|Mi|Gi|Ti|k|M|G|T)?$ ]] || die "--node-memory must be a memory quantity such as 32Gi (got '$memory')"
  [[ "$pods" =~ ^[0-9]+$ ]] || die "--node-pods must be a number (got '$pods')"
  valid_cidr "$pod_cidr" || die "--pod-cidr '$pod_cidr' is not an IPv4 CIDR such as 10.244.0.0/16 (prefix 8 to 30)"
  valid_cidr "$svc_cidr" || die "--service-cidr '$svc_cidr' is not an IPv4 CIDR such as 10.96.0.0/16 (prefix 8 to 30)"
  [ "${svc_cidr#*/}" -ge 12 ] || die "--service-cidr '$svc_cidr' is too large: kube-apiserver accepts at most a /12"
  [ "${pod_cidr#*/}" -le 24 ] || die "--pod-cidr '$pod_cidr' is too small: each node gets a /24 from it"
  ! cidrs_overlap "$pod_cidr" "$svc_cidr" || die "--pod-cidr $pod_cidr and --service-cidr $svc_cidr overlap; choose disjoint ranges"
  local kv label_yaml=""
  if [ -n "$labels" ]; then
    IFS=, read -r -a kv <<< "$labels"
    local l
    for l in "${kv[@]}"; do
      [[ "$l" =~ ^([A-Za-z0-9._/-]+)=([A-Za-z0-9._-]*)$ ]] || die "--node-labels: '$l' is not key=value"
      label_yaml+="    ${BASH_REMATCH[1]}: \"${BASH_REMATCH[2]}\""$'\n'
    done
  fi
  if [ -n "$api_port" ]; then
    [[ "$api_port" =~ ^[0-9]+$ ]] && [ "$api_port" -ge 1024 ] && [ "$api_port" -le 65535 ] ||
      die "--apiserver-port must be a number from 1024 to 65535 (got '$api_port')"
    if port_in_use "$api_port"; then
      local owner; owner=$(port_owner "$api_port")
      die "port $api_port on 127.0.0.1 is already in use${owner:+ by $owner}; free it, pick another --apiserver-port, or omit the flag to get a free port"
    fi
  fi

  local BIN; BIN=$(testbed_bin_dir)
  [ -x "$BIN/kube-apiserver" ] || die "the testbed binaries are not built yet ($BIN); run './run testbed' (or './run cluster up', which builds them) first"

  mkdir -p "$STATE_ROOT"
  exec 8> "$STATE_ROOT/.$name.lock"
  flock -n 8 || die "another 'cluster up/down $name' is running right now; wait for it to finish"
  local dir=$STATE_ROOT/$name
  if [ -e "$dir" ]; then
    if cluster_running "$dir"; then
      die "cluster '$name' already exists and is running (kubeconfig: $dir/kubeconfig); use it, run './run cluster down $name' first, or pick another name"
    fi
    die "cluster '$name' exists but its processes are not running (the machine restarted?); run './run cluster down $name' to remove it, then 'up' again"
  fi

  mkdir -p "$dir"/{pki,logs,pids,etcd}; chmod 700 "$dir/etcd" "$dir/pki"
  UP_OK=0; local t0=$SECONDS
  # Never leave a half-started cluster behind: on any failure or interruption, stop what started.
  # shellcheck disable=SC2064
  trap "if [ \${UP_OK:-0} -eq 0 ]; then real_nodes_down '$dir' '$name'; stop_cluster_dir '$dir'; rm -rf '$dir'; fi" EXIT
  trap 'exit 130' INT TERM
  export TESTBED_TAKEN_PORTS=$dir/ports; : > "$TESTBED_TAKEN_PORTS"

  local etcd_port etcd_peer kcm_port sched_port kwok_port metrics_port
  [ -n "$api_port" ] && echo "$api_port" >> "$TESTBED_TAKEN_PORTS" || api_port=$(free_port)
  etcd_port=$(free_port); etcd_peer=$(free_port); kcm_port=$(free_port); sched_port=$(free_port); kwok_port=$(free_port)
  metrics_port=$(free_port)

  note "[$name] certificates…"
  make_pki "$dir/pki" "$svc_cidr"

  local server=https://127.0.0.1:$api_port
  write_kubeconfig "$dir/kubeconfig" "$name" "$server" "$dir/pki" admin
  write_kubeconfig "$dir/pki/controller-manager.kubeconfig" "$name" "$server" "$dir/pki" controller-manager
  write_kubeconfig "$dir/pki/scheduler.kubeconfig" "$name" "$server" "$dir/pki" scheduler
  write_kubeconfig "$dir/pki/metrics-server.kubeconfig" "$name" "$server" "$dir/pki" metrics-server-client
  cat > "$dir/cluster.env" <<EOF
NAME=$name
SERVER=$server
APISERVER_PORT=$api_port
ETCD_URL=http://127.0.0.1:$etcd_port
POD_CIDR=$pod_cidr
SERVICE_CIDR=$svc_cidr
NODES=$nodes
KUBERNETES_VERSION=$K8S_VERSION
EOF

  note "[$name] etcd on 127.0.0.1:$etcd_port…"
  launch "$dir" etcd "$BIN/etcd" --name "$name" --data-dir "$dir/etcd" \
    --listen-client-urls "http://127.0.0.1:$etcd_port" --advertise-client-urls "http://127.0.0.1:$etcd_port" \
    --listen-peer-urls "http://127.0.0.1:$etcd_peer" --initial-advertise-peer-urls "http://127.0.0.1:$etcd_peer" \
    --initial-cluster "$name=http://127.0.0.1:$etcd_peer" --unsafe-no-fsync --quota-backend-bytes 4294967296 \
    --listen-metrics-urls "" --log-level warn
  wait_for "$dir" etcd 30 curl -fsS "http://127.0.0.1:$etcd_port/health"

  note "[$name] kube-apiserver on $server…"
  local p=$dir/pki
  launch "$dir" kube-apiserver "$BIN/kube-apiserver" \
    --etcd-servers "http://127.0.0.1:$etcd_port" --etcd-prefix "/registry" \
    --bind-address 127.0.0.1 --advertise-address 127.0.0.1 --secure-port "$api_port" \
    --tls-cert-file "$p/apiserver.crt" --tls-private-key-file "$p/apiserver.key" --client-ca-file "$p/ca.crt" \
    --service-account-issuer https://kubernetes.default.svc.cluster.local \
    --service-account-key-file "$p/sa.pub" --service-account-signing-key-file "$p/sa.key" \
    --service-cluster-ip-range "$svc_cidr" --authorization-mode Node,RBAC \
    --enable-admission-plugins NamespaceLifecycle,ServiceAccount,NodeRestriction,TaintNodesByCondition,DefaultTolerationSeconds,MutatingAdmissionWebhook,ValidatingAdmissionWebhook,ResourceQuota \
    --allow-privileged=true --endpoint-reconciler-type none --profiling=false \
    --max-requests-inflight 1000 --max-mutating-requests-inflight 500 \
    --watch-cache-sizes podtemplates#0 \
    --kubelet-preferred-address-types InternalIP,Hostname,InternalDNS,ExternalIP,ExternalDNS \
    --kubelet-client-certificate "$p/apiserver-kubelet-client.crt" --kubelet-client-key "$p/apiserver-kubelet-client.key" \
    --requestheader-client-ca-file "$p/front-proxy-ca.crt" --requestheader-allowed-names front-proxy-client \
    --requestheader-username-headers X-Remote-User --requestheader-group-headers X-Remote-Group \
    --requestheader-extra-headers-prefix X-Remote-Extra- \
    --proxy-client-cert-file "$p/front-proxy-client.crt" --proxy-client-key-file "$p/front-proxy-client.key"
  wait_for "$dir" kube-apiserver 60 curl -fsS --cacert "$p/ca.crt" --cert "$p/admin.crt" --key "$p/admin.key" "$server/readyz"

  note "[$name] kube-controller-manager, kube-scheduler, kwok…"
  launch "$dir" kube-controller-manager "$BIN/kube-controller-manager" \
    --kubeconfig "$p/controller-manager.kubeconfig" --authentication-kubeconfig "$p/controller-manager.kubeconfig" \
    --authorization-kubeconfig "$p/controller-manager.kubeconfig" \
    --bind-address 127.0.0.1 --secure-port "$kcm_port" --leader-elect=false \
    --use-service-account-credentials=true --service-account-private-key-file "$p/sa.key" --root-ca-file "$p/ca.crt" \
    --cluster-signing-cert-file "$p/ca.crt" --cluster-signing-key-file "$p/ca.key" \
    --allocate-node-cidrs=true --cluster-cidr "$pod_cidr" --node-cidr-mask-size 24 --service-cluster-ip-range "$svc_cidr" \
    --node-monitor-period 2s --node-monitor-grace-period 20s \
    --kube-api-qps 200 --kube-api-burst 400 --concurrent-deployment-syncs 10 --concurrent-replicaset-syncs 10
  launch "$dir" kube-scheduler "$BIN/kube-scheduler" \
    --kubeconfig "$p/scheduler.kubeconfig" --authentication-kubeconfig "$p/scheduler.kubeconfig" \
    --authorization-kubeconfig "$p/scheduler.kubeconfig" \
    --bind-address 127.0.0.1 --secure-port "$sched_port" --leader-elect=false --kube-api-qps 200 --kube-api-burst 400
  # Every KWOK container "logs" one line naming its cluster, so kubectl logs shows where it ran.
  printf '%s stdout F hello from a pod in cluster %s\n' "$(date -u +%Y-%m-%dT%H:%M:%S.000000000Z)" "$name" > "$dir/pod.log"
  printf 'apiVersion: kwok.x-k8s.io/v1alpha1\nkind: ClusterLogs\nmetadata: {name: testbed-pod-logs}\nspec:\n  logs:\n  - logsFile: %s\n' \
    "$dir/pod.log" > "$dir/kwok-logs.yaml"
  local kwok_metrics=()
  [ "$metrics" = 1 ] && kwok_metrics=(--config "$TESTBED_DIR/kwok-metrics.yaml")
  launch "$dir" kwok "$BIN/kwok" --kubeconfig "$dir/kubeconfig" --config "$TESTBED_DIR/kwok-stages.yaml" --config "$dir/kwok-logs.yaml" \
    "${kwok_metrics[@]}" \
    --manage-nodes-with-label-selector kwok.x-k8s.io/node=fake --server-address "127.0.0.1:$kwok_port" --node-port "$kwok_port" \
    --node-lease-duration-seconds 10 --cidr "$pod_cidr" --node-ip 127.0.0.1
  wait_for "$dir" kube-controller-manager 60 curl -fsSk "https://127.0.0.1:$kcm_port/healthz"
  wait_for "$dir" kube-scheduler 60 curl -fsSk "https://127.0.0.1:$sched_port/healthz"
  wait_for "$dir" kwok 30 curl -fsS "http://127.0.0.1:$kwok_port/healthz"

  [ "$nodes" -eq 0 ] || note "[$name] $nodes KWOK node(s) of cpu=$cpu memory=$memory pods=$pods…"
  local kc="$BIN/kubectl --kubeconfig $dir/kubeconfig" i manifest=""
  # Beside real nodes, KWOK's run no containers: only pods that tolerate it land there.
  local kwok_spec=""
  [ "$real_nodes" -eq 0 ] || kwok_spec="spec:
  taints: [{key: kwok.x-k8s.io/node, value: fake, effect: NoSchedule}]
"
  for i in $(seq 1 "$nodes"); do
    manifest+="apiVersion: v1
kind: Node
metadata:
  name: $name-worker-$i
  annotations:
    node.alpha.kubernetes.io/ttl: \"0\"
    metrics.k8s.io/resource-metrics-path: /metrics/nodes/$name-worker-$i/metrics/resource
  labels:
    kwok.x-k8s.io/node: fake
    kubernetes.io/arch: amd64
    kubernetes.io/os: linux
    kubernetes.io/hostname: $name-worker-$i
    node-role.kubernetes.io/worker: \"\"
    type: kwok
${label_yaml}${kwok_spec}status:
  capacity: {cpu: \"$cpu\", memory: \"$memory\", pods: \"$pods\", ephemeral-storage: 100Gi}
  allocatable: {cpu: \"$cpu\", memory: \"$memory\", pods: \"$pods\", ephemeral-storage: 100Gi}
---
"
  done
  if [ "$nodes" -gt 0 ]; then
    echo "$manifest" > "$dir/nodes.yaml"
    $kc create -f "$dir/nodes.yaml" > "$dir/logs/nodes.log" 2>&1 || { cat "$dir/logs/nodes.log" >&2; die "creating the nodes failed"; }
    $kc wait --for=condition=Ready node --all --timeout=60s >> "$dir/logs/nodes.log" 2>&1 ||
      { cat "$dir/logs/nodes.log" >&2; tail -n 20 "$dir/logs/kwok.log" >&2; die "nodes did not become Ready within 60 s (see $dir/logs/kwok.log)"; }
  fi
  [ "$real_nodes" -eq 0 ] || real_nodes_up "$dir" "$name" "$real_nodes" "$pod_cidr" "$api_port"
  [ "$metrics" = 1 ] && start_metrics_server "$dir" "$metrics_port"
  # Pods need the namespace's default ServiceAccount; wait so the first workload doesn't race it.
  for i in $(seq 1 100); do $kc get serviceaccount default -n default >/dev/null 2>&1 && break; sleep 0.2; done

  UP_OK=1
  note "[$name] ready in $((SECONDS - t0)) s: $server, $nodes KWOK and $real_nodes real node(s), pods $pod_cidr, services $svc_cidr"
  echo "$dir/kubeconfig"
}

# metrics-server on 127.0.0.1:PORT scraping KWOK's nodes, and the objects that make it the
# cluster's metrics.k8s.io. Not waited for: its first figures come after two scrapes (~20 s).
start_metrics_server() { # dir port
  local dir=$1 port=$2 p=$1/pki BIN; BIN=$(testbed_bin_dir)
  sed -e "s/@PORT@/$port/" -e "s/@CA_BUNDLE@/$(base64 -w0 < "$p/ca.crt")/" "$TESTBED_DIR/metrics-server.yaml" > "$dir/metrics-server.yaml"
  "$BIN/kubectl" --kubeconfig "$dir/kubeconfig" apply -f "$dir/metrics-server.yaml" > "$dir/logs/metrics-server-objects.log" 2>&1 ||
    { cat "$dir/logs/metrics-server-objects.log" >&2; die "registering metrics-server failed"; }
  launch "$dir" metrics-server "$BIN/metrics-server" \
    --kubeconfig "$p/metrics-server.kubeconfig" --authentication-kubeconfig "$p/metrics-server.kubeconfig" \
    --authorization-kubeconfig "$p/metrics-server.kubeconfig" \
    --bind-address 127.0.0.1 --secure-port "$port" \
    --tls-cert-file "$p/metrics-server.crt" --tls-private-key-file "$p/metrics-server.key" \
    --kubelet-preferred-address-types InternalIP --kubelet-use-node-status-port --kubelet-insecure-tls \
    --metric-resolution 10s --kubelet-request-timeout 5s
  wait_for "$dir" metrics-server 30 curl -fsSk "https://127.0.0.1:$port/livez"
}

# Starts a component in its own session so it outlives ./run and ctest, logging to logs/NAME.log.
launch() { # dir name cmd...
  local dir=$1 comp=$2; shift 2
  # TESTBED_CPUS pins the cluster's processes to those cores (bench/offload --pinned).
  [ -n "${TESTBED_CPUS:-}" ] && set -- taskset -c "$TESTBED_CPUS" "$@"
  # The lock descriptors must not leak into long-lived processes, or the next up/down would wait forever.
  setsid "$@" >> "$dir/logs/$comp.log" 2>&1 < /dev/null 8>&- 9>&- &
  echo $! > "$dir/pids/$comp.pid"
  mkdir -p "$dir/cmd"; printf '%s\0' "$@" > "$dir/cmd/$comp"
}

# Stop / start one component of a running cluster (tests use it to take a control plane away).
cmd_component() { # stop|start NAME COMPONENT
  local action=$1 name=${2:-} comp=${3:-}
  [ -n "$name" ] && [ -n "$comp" ] || die "usage: ./run cluster $action NAME COMPONENT"
  validate_name "$name"
  local dir=$STATE_ROOT/$name
  [ -f "$dir/cmd/$comp" ] || die "cluster '$name' has no component '$comp' (have: $(ls "$dir/cmd" 2>/dev/null | tr '\n' ' '))"
  local pid; pid=$(cat "$dir/pids/$comp.pid" 2>/dev/null || echo 0)
  if [ "$action" = stop ]; then
    pid_belongs_to "$pid" "$dir" || { note "$comp of '$name' is not running"; return 0; }
    kill -KILL "$pid"
    local i; for i in $(seq 1 50); do pid_alive "$pid" || break; sleep 0.1; done
    note "$comp of '$name' stopped"
    return 0
  fi
  pid_belongs_to "$pid" "$dir" && { note "$comp of '$name' is already running"; return 0; }
  local args=(); mapfile -d '' -t args < "$dir/cmd/$comp"
  launch "$dir" "$comp" "${args[@]}"
  if [ "$comp" = kube-apiserver ]; then
    # With real nodes, its in-cluster calls are routed by its cgroup (realnode.sh).
    ! grep -q '^REAL_INDEX=' "$dir/cluster.env" || real_apiserver_join_cgroup "$dir" "$name"
    local SERVER; SERVER=$(sed -n 's/^SERVER=//p' "$dir/cluster.env")
    wait_for "$dir" kube-apiserver 60 curl -fsS --cacert "$dir/pki/ca.crt" --cert "$dir/pki/admin.crt" --key "$dir/pki/admin.key" "$SERVER/readyz"
  fi
  note "$comp of '$name' started"
}

wait_for() { # dir component seconds cmd...
  local dir=$1 comp=$2 secs=$3 i pid; shift 3
  pid=$(cat "$dir/pids/$comp.pid")
  for i in $(seq 1 $((secs * 5))); do
    "$@" >/dev/null 2>&1 && return 0
    if ! kill -0 "$pid" 2>/dev/null; then
      tail -n 25 "$dir/logs/$comp.log" >&2
      if grep -qiE "address already in use|bind: " "$dir/logs/$comp.log"; then
        note "$comp could not bind its port: another process took it meanwhile"
        exit 75
      fi
      die "$comp exited during start-up (log above; full log: $dir/logs/$comp.log)"
    fi
    sleep 0.2
  done
  tail -n 25 "$dir/logs/$comp.log" >&2
  die "$comp was not healthy after $secs s (full log: $dir/logs/$comp.log)"
}

make_pki() { # dir service-cidr
  local d=$1 svc_ip; svc_ip=$(cidr_first_ip "$2")
  (
    cd "$d"
    newkey() { openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$1" 2>/dev/null; chmod 600 "$1"; }
    newkey ca.key
    openssl req -x509 -new -key ca.key -days 3650 -subj "/CN=spillway-testbed-ca" -out ca.crt 2>/dev/null
    sign() { # name subject ext [ca]
      local ca=${4:-ca}
      newkey "$1.key"
      openssl req -new -key "$1.key" -subj "$2" -out "$1.csr" 2>/dev/null
      printf '%s\n' "$3" > "$1.ext"
      openssl x509 -req -in "$1.csr" -CA "$ca.crt" -CAkey "$ca.key" -CAcreateserial -days 825 -extfile "$1.ext" -out "$1.crt" 2>/dev/null
      rm -f "$1.csr" "$1.ext"
    }
    # 198.18.0.1: the host's address on the real nodes' network (realnode.sh).
    sign apiserver "/CN=kube-apiserver" "subjectAltName=IP:127.0.0.1,IP:198.18.0.1,IP:$svc_ip,DNS:localhost,DNS:kubernetes,DNS:kubernetes.default,DNS:kubernetes.default.svc,DNS:kubernetes.default.svc.cluster.local
extendedKeyUsage=serverAuth
keyUsage=critical,digitalSignature,keyEncipherment"
    local client="extendedKeyUsage=clientAuth
keyUsage=critical,digitalSignature,keyEncipherment"
    sign admin "/O=system:masters/CN=spillway-testbed-admin" "$client"
    sign controller-manager "/CN=system:kube-controller-manager" "$client"
    sign scheduler "/CN=system:kube-scheduler" "$client"
    # What the apiserver shows kubelets (KWOK's, virtual ones) when it calls them for logs.
    sign apiserver-kubelet-client "/O=system:masters/CN=kube-apiserver-kubelet-client" "$client"
    # metrics-server: served to the aggregator as its Service's name; its own identity as a client.
    sign metrics-server "/CN=metrics-server" "subjectAltName=DNS:metrics-server.kube-system.svc,IP:127.0.0.1
extendedKeyUsage=serverAuth
keyUsage=critical,digitalSignature,keyEncipherment"
    sign metrics-server-client "/CN=system:metrics-server" "$client"
    # The aggregator's front proxy: a CA of its own, so only it can assert a forwarded user.
    newkey front-proxy-ca.key
    openssl req -x509 -new -key front-proxy-ca.key -days 3650 -subj "/CN=spillway-testbed-front-proxy-ca" -out front-proxy-ca.crt 2>/dev/null
    sign front-proxy-client "/CN=front-proxy-client" "$client" front-proxy-ca
    newkey sa.key
    openssl pkey -in sa.key -pubout -out sa.pub 2>/dev/null
  )
}

write_kubeconfig() { # file name server pkidir user
  local b64="base64 -w0"
  cat > "$1" <<EOF
apiVersion: v1
kind: Config
clusters:
- name: $2
  cluster:
    server: $3
    certificate-authority-data: $($b64 < "$4/ca.crt")
users:
- name: $2-$5
  user:
    client-certificate-data: $($b64 < "$4/$5.crt")
    client-key-data: $($b64 < "$4/$5.key")
contexts:
- name: $2
  context:
    cluster: $2
    user: $2-$5
    namespace: default
current-context: $2
EOF
  chmod 600 "$1"
}

# The state folders of Spillway local-runtime installs in the cluster of DIR, one a line (from the
# install records, ConfigMaps spillway-install); nothing when its apiserver does not answer.
local_runtime_dirs() { # dir
  local bin; bin=$(testbed_bin_dir)
  [ -x "$bin/kubectl" ] && [ -f "$1/kubeconfig" ] || return 0
  "$bin/kubectl" --kubeconfig "$1/kubeconfig" --request-timeout=5s get configmaps -A --field-selector metadata.name=spillway-install \
    -o jsonpath='{range .items[*]}{.data.stateDir}{"\n"}{end}' 2>/dev/null || true
}

# Stops the supervisors of the state folders given one a line, and the agents they run: TERM to
# the supervisors (which stop their agents), up to 10 s to finish, then KILL those still there.
stop_local_runtime() { # folders
  local a i pid pids=() supervisors=()
  while IFS= read -r a; do
    [ -n "$a" ] && [ "$a" != / ] || continue
    for pid in $(pgrep -f -- "supervise --dir $a/" 2>/dev/null); do supervisors+=("$pid"); pids+=("$pid" $(pgrep -P "$pid" 2>/dev/null || true)); done
  done <<< "$1"
  [ ${#pids[@]} -gt 0 ] || return 0
  for pid in "${supervisors[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for i in $(seq 1 100); do
    local alive=0
    for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null && alive=1; done
    [ $alive -eq 0 ] && return 0
    sleep 0.1
  done
  for pid in "${pids[@]}"; do kill -KILL "$pid" 2>/dev/null || true; done
  return 0
}

cmd_down() {
  [ $# -gt 0 ] || die "cluster down needs a NAME (or --all)"
  local names=() n
  if [ "$1" = "--all" ]; then
    for n in "$STATE_ROOT"/*/; do [ -d "$n" ] && names+=("$(basename "$n")"); done
  else
    for n in "$@"; do
      case "$n" in -*) die "unknown flag '$n' for 'cluster down'";; esac
      names+=("$n")
    done
  fi
  for n in "${names[@]}"; do
    validate_name "$n"
    local dir=$STATE_ROOT/$n
    [ -d "$dir" ] || die "there is no cluster '$n' (in $STATE_ROOT); './run cluster list' shows them"
    mkdir -p "$STATE_ROOT"; exec 8> "$STATE_ROOT/.$n.lock"
    flock -w 60 8 || die "cluster '$n' is locked by another 'cluster up/down' for over 60 s ($STATE_ROOT/.$n.lock)"
    # Spillway's local runtime (supervised agents under its --state-dir, which the install record
    # names; the demo's is inside the cluster's folder) would otherwise outlive the apiserver it
    # talks to. They go first, while the apiserver still answers their goodbyes (lease release).
    local agents; agents=$(printf '%s\n%s' "$dir" "$(local_runtime_dirs "$dir")")
    stop_local_runtime "$agents"
    real_nodes_down "$dir" "$n"
    stop_cluster_dir "$dir"
    rm -rf "$dir"; rm -f "$STATE_ROOT/.$n.lock"
    note "cluster '$n' is down"
  done
}

cmd_list() {
  local d any=0
  printf '%-20s %-8s %-28s %s\n' NAME STATE SERVER KUBECONFIG
  for d in "$STATE_ROOT"/*/; do
    [ -f "$d/cluster.env" ] || continue
    any=1
    local SERVER="" NAME=""; . "$d/cluster.env"
    local st=stopped; cluster_running "${d%/}" && st=running
    printf '%-20s %-8s %-28s %s\n' "$NAME" "$st" "$SERVER" "${d}kubeconfig"
  done
  [ $any -eq 1 ] || note "(no clusters in $STATE_ROOT)"
}

# Imports OCI image archives into every real node of a running cluster.
cmd_import() { # name archive...
  [ $# -ge 2 ] || die "usage: ./run cluster import NAME ARCHIVE..."
  local name=$1 dir=$STATE_ROOT/$1 count i a; shift
  validate_name "$name"
  [ -f "$dir/cluster.env" ] || die "there is no cluster '$name' (in $STATE_ROOT); './run cluster list' shows them"
  count=$(sed -n 's/^REAL_NODES=//p' "$dir/cluster.env")
  [ -n "$count" ] || die "cluster '$name' has no real nodes to import images into (start it with --real-nodes N)"
  for a in "$@"; do [ -f "$a" ] || die "no image archive '$a'"; done
  local k; k=$(sed -n 's/^REAL_INDEX=//p' "$dir/cluster.env")
  for i in $(seq 1 "$count"); do real_import_images "$dir/nodes/$(real_node_name "$name" "$i")" "$(real_short_dir "$k" "$i")" "$@"; done
  note "imported $# archive(s) into $count real node(s) of '$name'"
}

cmd_kubeconfig() {
  [ $# -eq 1 ] || die "usage: ./run cluster kubeconfig NAME"
  validate_name "$1"
  [ -f "$STATE_ROOT/$1/kubeconfig" ] || die "there is no cluster '$1' (in $STATE_ROOT); './run cluster list' shows them"
  echo "$STATE_ROOT/$1/kubeconfig"
}

sub=${1:-}; [ $# -gt 0 ] && shift
case "$sub" in
  up)
    # A port can be taken between choosing and binding it; start again with fresh ports.
    for attempt in 1 2 3; do
      rc=0; ( cmd_up "$@" ) || rc=$?
      [ $rc -eq 75 ] || exit $rc
      note "retrying with other ports (attempt $((attempt + 1)) of 3)…"
    done
    die "could not find free ports for the cluster after 3 attempts" ;;
  down) cmd_down "$@" ;;
  list) cmd_list ;;
  kubeconfig) cmd_kubeconfig "$@" ;;
  import) cmd_import "$@" ;;
  bin) testbed_bin_dir ;;
  stop|start) cmd_component "$sub" "$@" ;;
  -h|--help|help|"") usage ;;
  *) usage; die "unknown cluster command '$sub'" ;;
esac
