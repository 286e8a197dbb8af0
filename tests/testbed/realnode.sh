# Real nodes for testbed clusters (sourced by testbed.sh): per node a kubelet, containerd, runc,
# the CNI reference plugins and kube-proxy; per cluster CoreDNS on its first real node.
# shellcheck shell=bash
#
# Network: the machine's clusters share one "WAN", a bridge in the network namespace spw-wan,
# which stands for the network between real clusters. The host joins it as 198.18.0.1/16 (veth
# spw-wan0); a node is a network namespace spw-<cluster>-<i> whose eth0 is 198.18.<K>.<10+i> on
# the WAN (K: the cluster's index). Pods live in their node's namespace behind its cni0 bridge,
# so the pods of two clusters, even with the same pod CIDR, cannot reach each other: only node
# addresses are routed between clusters, as public addresses are between real ones. Nodes reach
# the apiserver (on the host's loopback) at 198.18.0.1:PORT, which a per-cluster nftables table
# on the host DNATs to 127.0.0.1:PORT. Containers, mounts and cgroups stay under the node's own
# folder and cgroup (/spillway-testbed/<cluster>-<i>), so 'down' finds every one of them.

REAL_WAN_NETNS=spw-wan
REAL_WAN_HOST_IF=spw-wan0
REAL_WAN_HOST_IP=198.18.0.1
REAL_CGROUP_PARENT=spillway-testbed
REAL_CGROUP_SUBSYSTEMS=(cpu cpuacct cpuset memory devices freezer blkio pids systemd unified)

# Sockets and the kubelet's root live under a short path of their own: a unix socket's path is at
# most 107 bytes, which a node folder deep in a state directory soon passes.
REAL_SHORT_ROOT=/var/lib/spillway-testbed

real_node_name() { echo "$1-node-$2"; }                 # cluster i
real_short_dir() { echo "$REAL_SHORT_ROOT/$1-$2"; }      # index i
real_node_netns() { echo "spw-$1-$2"; }                  # cluster i
real_node_ip() { echo "198.18.$1.$((10 + $2))"; }        # index i
real_nft_table() { echo "spw_${1//-/_}"; }               # cluster

real_need_tools() {
  local t missing=()
  for t in containerd containerd-shim-runc-v2 runc ctr ip nft nsenter umoci; do command -v "$t" >/dev/null || missing+=("$t"); done
  for t in bridge host-local loopback portmap; do [ -x "/usr/lib/cni/$t" ] || missing+=("cni/$t"); done
  [ ${#missing[@]} -eq 0 ] || die "real nodes need $(echo "${missing[*]}"); run ./run deps (containerd, runc, containernetworking-plugins)"
  [ "$(id -u)" = 0 ] || die "real nodes need root (network namespaces, mounts and cgroups)"
}

# The smallest cluster index 1..250 no other cluster's cluster.env holds (under the WAN lock).
# Indexes are machine-wide (clusters of every state folder share the WAN and 198.18.K.0/24):
# index/K names the cluster folder holding it, and is free again once that folder no longer
# records it (its cluster came down, or its folder is gone).
REAL_INDEX_DIR=$REAL_SHORT_ROOT/index
real_index_taken() { # k
  local owner; owner=$(cat "$REAL_INDEX_DIR/$1" 2>/dev/null) || return 1
  grep -qsx "REAL_INDEX=$1" "$owner/cluster.env"
}
# Takes the smallest free index for the cluster of DIR (call under real_lock).
real_free_index() { # dir
  local k
  mkdir -p "$REAL_INDEX_DIR"
  for k in $(seq 1 250); do
    real_index_taken "$k" && continue
    echo "$1" > "$REAL_INDEX_DIR/$k"
    echo "$k"; return 0
  done
  die "all 250 real-node cluster indexes of this machine are taken; bring some clusters down"
}
real_lock() { mkdir -p "$REAL_SHORT_ROOT"; exec 7> "$REAL_SHORT_ROOT/.lock"; flock 7; }
real_unlock() { flock -u 7; exec 7>&-; }

real_wan_up() {
  ip netns list | grep -qw "^$REAL_WAN_NETNS" && ip link show "$REAL_WAN_HOST_IF" >/dev/null 2>&1 && return 0
  ip netns del "$REAL_WAN_NETNS" 2>/dev/null || true
  ip link del "$REAL_WAN_HOST_IF" 2>/dev/null || true
  ip netns add "$REAL_WAN_NETNS"
  ip -n "$REAL_WAN_NETNS" link set lo up
  ip -n "$REAL_WAN_NETNS" link add wan0 type bridge
  ip -n "$REAL_WAN_NETNS" link set wan0 up
  ip link add "$REAL_WAN_HOST_IF" type veth peer name uplink netns "$REAL_WAN_NETNS"
  ip -n "$REAL_WAN_NETNS" link set uplink master wan0 up
  ip addr add "$REAL_WAN_HOST_IP/16" dev "$REAL_WAN_HOST_IF"
  ip link set "$REAL_WAN_HOST_IF" up
  # Lets the host DNAT the nodes' apiserver traffic to its loopback, on this link only.
  sysctl -qw "net.ipv4.conf.$REAL_WAN_HOST_IF.route_localnet=1"
}

# Removes the WAN once no cluster of this machine uses it.
real_wan_down_if_unused() {
  local f
  for f in "$REAL_INDEX_DIR"/*; do [ -e "$f" ] && real_index_taken "$(basename "$f")" && return 0; done
  ip netns del "$REAL_WAN_NETNS" 2>/dev/null || true
  ip link del "$REAL_WAN_HOST_IF" 2>/dev/null || true
}

real_cgroup_dirs() { # cluster i — one a line, every hierarchy
  local s; for s in "${REAL_CGROUP_SUBSYSTEMS[@]}"; do echo "/sys/fs/cgroup/$s/$REAL_CGROUP_PARENT/$1-$2"; done
}

real_cgroup_make() { # cluster i
  local s d
  for s in "${REAL_CGROUP_SUBSYSTEMS[@]}"; do
    for d in "/sys/fs/cgroup/$s/$REAL_CGROUP_PARENT" "/sys/fs/cgroup/$s/$REAL_CGROUP_PARENT/$1-$2"; do
      mkdir -p "$d"
      # A v1 cpuset cgroup starts with no CPUs or memory nodes; give it its parent's.
      if [ "$s" = cpuset ]; then
        [ -n "$(cat "$d/cpuset.cpus")" ] || cat "$(dirname "$d")/cpuset.cpus" > "$d/cpuset.cpus"
        [ -n "$(cat "$d/cpuset.mems")" ] || cat "$(dirname "$d")/cpuset.mems" > "$d/cpuset.mems"
      fi
    done
  done
}

# Kills every process in the node's cgroups and removes them, deepest first.
real_cgroup_remove() { # cluster i
  local d pid
  while read -r d; do
    [ -d "$d" ] || continue
    for pid in $(find "$d" -name cgroup.procs -exec cat {} + 2>/dev/null); do kill -KILL "$pid" 2>/dev/null || true; done
  done < <(real_cgroup_dirs "$1" "$2")
  local i; for i in $(seq 1 50); do
    local left=0
    while read -r d; do [ -d "$d" ] && [ -n "$(find "$d" -name cgroup.procs -exec cat {} + 2>/dev/null)" ] && left=1; done < <(real_cgroup_dirs "$1" "$2")
    [ $left -eq 0 ] && break; sleep 0.1
  done
  while read -r d; do
    [ -d "$d" ] && find "$d" -depth -type d -exec rmdir {} \; 2>/dev/null
  done < <(real_cgroup_dirs "$1" "$2")
  local s; for s in "${REAL_CGROUP_SUBSYSTEMS[@]}"; do rmdir "/sys/fs/cgroup/$s/$REAL_CGROUP_PARENT" 2>/dev/null || true; done
}

real_sign_node_certs() { # pkidir node-name node-ip
  local p=$1 n=$2 ip=$3
  (
    cd "$p"
    newkey() { openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$1" 2>/dev/null; chmod 600 "$1"; }
    sign() { # file subject ext
      newkey "$1.key"
      openssl req -new -key "$1.key" -subj "$2" -out "$1.csr" 2>/dev/null
      printf '%s\n' "$3" > "$1.ext"
      openssl x509 -req -in "$1.csr" -CA ca.crt -CAkey ca.key -CAcreateserial -days 825 -extfile "$1.ext" -out "$1.crt" 2>/dev/null
      rm -f "$1.csr" "$1.ext"
    }
    sign "$n-kubelet-client" "/O=system:nodes/CN=system:node:$n" "extendedKeyUsage=clientAuth
keyUsage=critical,digitalSignature,keyEncipherment"
    sign "$n-kubelet-serving" "/O=system:nodes/CN=system:node:$n" "subjectAltName=IP:$ip,DNS:$n
extendedKeyUsage=serverAuth
keyUsage=critical,digitalSignature,keyEncipherment"
  )
}

# Objects every cluster with real nodes needs: kubelets may check requests with the apiserver,
# kube-proxy and CoreDNS read Services, and the 'kubernetes' Service points at the host's WAN side.
real_cluster_objects() { # dir api-port
  local dir=$1 port=$2 BIN; BIN=$(testbed_bin_dir)
  cat > "$dir/real-objects.yaml" <<EOF
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata: {name: "spillway-testbed:kubelet-delegated-auth"}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: "system:auth-delegator"}
subjects: [{apiGroup: rbac.authorization.k8s.io, kind: Group, name: "system:nodes"}]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata: {name: "spillway-testbed:coredns"}
rules:
- {apiGroups: [""], resources: [endpoints, services, pods, namespaces], verbs: [list, watch]}
- {apiGroups: [discovery.k8s.io], resources: [endpointslices], verbs: [list, watch]}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata: {name: "spillway-testbed:coredns"}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: "spillway-testbed:coredns"}
subjects: [{apiGroup: rbac.authorization.k8s.io, kind: User, name: "system:coredns"}]
---
apiVersion: discovery.k8s.io/v1
kind: EndpointSlice
metadata:
  name: kubernetes
  namespace: default
  labels: {kubernetes.io/service-name: kubernetes, endpointslice.kubernetes.io/managed-by: testbed.spillway.dev}
addressType: IPv4
endpoints: [{addresses: ["$REAL_WAN_HOST_IP"], conditions: {ready: true}}]
ports: [{name: https, port: $port, protocol: TCP}]
EOF
  "$BIN/kubectl" --kubeconfig "$dir/kubeconfig" apply -f "$dir/real-objects.yaml" > "$dir/logs/real-objects.log" 2>&1 ||
    { cat "$dir/logs/real-objects.log" >&2; die "creating the real nodes' RBAC and the kubernetes EndpointSlice failed"; }
}

real_containerd_config() { # node-dir short-dir
  local nd=$1 sd=$2
  mkdir -p "$sd"
  mkdir -p "$nd/cni/net.d" "$nd/cni/ipam" "$nd/containerd/root" "$nd/containerd/state" "$nd/containerd/opt"
  cat > "$nd/containerd.toml" <<EOF
version = 2
root = "$nd/containerd/root"
state = "$nd/containerd/state"
disabled_plugins = ["io.containerd.grpc.v1.introspection.deprecated", "io.containerd.snapshotter.v1.btrfs", "io.containerd.snapshotter.v1.zfs", "io.containerd.snapshotter.v1.devmapper", "io.containerd.snapshotter.v1.aufs"]
[grpc]
  address = "$sd/containerd.sock"
[ttrpc]
  address = "$sd/containerd.ttrpc.sock"
[debug]
  level = "warn"
[metrics]
  address = ""
[plugins."io.containerd.internal.v1.opt"]
  path = "$nd/containerd/opt"
[plugins."io.containerd.grpc.v1.cri"]
  sandbox_image = "testbed.spillway.dev/pause:1"
  # root here lacks CAP_SYS_RESOURCE: the kubelet's negative oom_score_adj would fail in runc.
  restrict_oom_score_adj = true
  netns_mounts_under_state_dir = true
  enable_selinux = false
  disable_apparmor = true
  stream_server_address = "127.0.0.1"
  stream_server_port = "0"
  [plugins."io.containerd.grpc.v1.cri".containerd]
    snapshotter = "overlayfs"
    default_runtime_name = "runc"
    [plugins."io.containerd.grpc.v1.cri".containerd.runtimes.runc]
      runtime_type = "io.containerd.runc.v2"
      [plugins."io.containerd.grpc.v1.cri".containerd.runtimes.runc.options]
        SystemdCgroup = false
        BinaryName = "$(command -v runc)"
  [plugins."io.containerd.grpc.v1.cri".cni]
    bin_dir = "/usr/lib/cni"
    conf_dir = "$nd/cni/net.d"
    conf_template = "$nd/cni/template.json"
EOF
  # containerd writes the network config from this once the kubelet reports the node's pod CIDR.
  cat > "$nd/cni/template.json" <<EOF
{
  "cniVersion": "0.4.0",
  "name": "testbed",
  "plugins": [
    {"type": "bridge", "bridge": "cni0", "isGateway": true, "ipMasq": false, "hairpinMode": true,
     "ipam": {"type": "host-local", "dataDir": "$nd/cni/ipam", "ranges": [[{"subnet": "{{.PodCIDR}}"}]],
              "routes": [{"dst": "0.0.0.0/0"}]}},
    {"type": "portmap", "capabilities": {"portMappings": true}}
  ]
}
EOF
}

real_kubelet_config() { # dir node-dir short-dir node-name node-ip dns-ip cluster i
  local dir=$1 nd=$2 sd=$3 n=$4 ip=$5 dns=$6 cluster=$7 i=$8 p=$1/pki
  cat > "$nd/kubelet.yaml" <<EOF
apiVersion: kubelet.config.k8s.io/v1beta1
kind: KubeletConfiguration
address: $ip
port: 10250
readOnlyPort: 0
healthzBindAddress: 127.0.0.1
healthzPort: 10248
tlsCertFile: $p/$n-kubelet-serving.crt
tlsPrivateKeyFile: $p/$n-kubelet-serving.key
authentication:
  anonymous: {enabled: false}
  webhook: {enabled: true}
  x509: {clientCAFile: $p/ca.crt}
authorization: {mode: Webhook}
# These machines run a hybrid cgroup v1 hierarchy; the host's cgroups are left as they are.
failCgroupV1: false
cgroupDriver: cgroupfs
cgroupRoot: /$REAL_CGROUP_PARENT/$cluster-$i
cgroupsPerQOS: true
containerRuntimeEndpoint: unix://$sd/containerd.sock
podLogsDir: $nd/pod-logs
volumePluginDir: $nd/volume-plugins
resolvConf: $nd/resolv.conf
clusterDomain: cluster.local
clusterDNS: [$dns]
failSwapOn: false
protectKernelDefaults: false
makeIPTablesUtilChains: false
serializeImagePulls: false
imageGCHighThresholdPercent: 100
imageGCLowThresholdPercent: 99
evictionHard: {memory.available: "100Mi", nodefs.available: "1%", imagefs.available: "1%", nodefs.inodesFree: "1%"}
maxPods: 110
nodeStatusUpdateFrequency: 5s
syncFrequency: 10s
serverTLSBootstrap: false
rotateCertificates: false
localStorageCapacityIsolation: true
EOF
  echo "nameserver $dns" > "$nd/resolv.conf"
  write_kubeconfig "$nd/kubelet.kubeconfig" "$cluster" "https://$REAL_WAN_HOST_IP:$(sed -n 's/^APISERVER_PORT=//p' "$dir/cluster.env")" "$p" "$n-kubelet-client"
}

# Starts a component inside a node's network namespace (only the network: mounts and cgroups are
# the host's, so 'down' sees them).
launch_in_node() { # dir netns component cmd...
  local dir=$1 ns=$2 comp=$3; shift 3
  launch "$dir" "$comp" nsenter "--net=/run/netns/$ns" "$@"
}

# Imports OCI archives into a node's containerd (k8s.io namespace, where the kubelet looks).
real_import_images() { # node-dir short-dir archive...
  local nd=$1 sd=$2 a; shift 2
  for a in "$@"; do
    ctr --address "$sd/containerd.sock" -n k8s.io images import "$a" >> "$nd/images.log" 2>&1 ||
      { tail -5 "$nd/images.log" >&2; die "importing $a into $(basename "$nd") failed (log: $nd/images.log)"; }
  done
}

# The archives a real node starts with: the testbed's pause and workload images, and Spillway's
# agent images when './run images' has built them.
real_image_archives() {
  local imgs; imgs=$("$TESTBED_DIR/images.sh") || die "building the testbed's pause and workload images failed"
  echo "$imgs/pause.tar"; echo "$imgs/workload.tar"
  local build=${SPILLWAY_BUILD_DIR:-$TESTBED_DIR/../../build} a
  for a in "$build"/images/*.tar; do [ -f "$a" ] && echo "$a"; done
  return 0
}

real_sign_cluster_certs() { # pkidir — identities of kube-proxy and CoreDNS, once per cluster
  (
    cd "$1"
    for who in kube-proxy:system:kube-proxy coredns:system:coredns; do
      local file=${who%%:*} cn=${who#*:}
      [ -f "$file.crt" ] && continue
      openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$file.key" 2>/dev/null; chmod 600 "$file.key"
      openssl req -new -key "$file.key" -subj "/CN=$cn" -out "$file.csr" 2>/dev/null
      printf 'extendedKeyUsage=clientAuth\nkeyUsage=critical,digitalSignature,keyEncipherment\n' > "$file.ext"
      openssl x509 -req -in "$file.csr" -CA ca.crt -CAkey ca.key -CAcreateserial -days 825 -extfile "$file.ext" -out "$file.crt" 2>/dev/null
      rm -f "$file.csr" "$file.ext"
    done
  )
}

# Starts COUNT real nodes for the cluster of DIR and waits until they are Ready with DNS served.
real_nodes_up() { # dir name count pod-cidr api-port
  local dir=$1 name=$2 count=$3 pod_cidr=$4 api_port=$5 BIN b k i; BIN=$(testbed_bin_dir)
  real_need_tools
  for b in kubelet kube-proxy coredns; do
    [ -x "$BIN/$b" ] || die "the testbed has no $b ($BIN); run './run testbed' to build it"
  done
  # Checked before anything is made, so the cleanup of a failed 'up' never removes what it did not make.
  for i in $(seq 1 "$count"); do
    local stale; stale=$(real_node_netns "$name" "$i")
    ! ip netns list | grep -qw "^$stale" ||
      die "a network namespace $stale is left from an earlier cluster '$name'; remove it with 'ip netns del $stale'"
  done
  real_lock
  k=$(real_free_index "$dir")
  printf 'REAL_INDEX=%s\nREAL_NODES=%s\n' "$k" "$count" >> "$dir/cluster.env"
  real_wan_up || die "creating the network namespace $REAL_WAN_NETNS or the link $REAL_WAN_HOST_IF failed"
  real_unlock
  local table; table=$(real_nft_table "$name")
  nft -f - <<NFT || die "adding the nftables table $table (the nodes' way to the apiserver) failed"
table ip $table {
  chain prerouting {
    type nat hook prerouting priority dstnat; policy accept;
    iifname "$REAL_WAN_HOST_IF" ip daddr $REAL_WAN_HOST_IP tcp dport $api_port dnat to 127.0.0.1:$api_port
  }
  # The same address works from this machine, so it can be the one peers are given.
  chain output {
    type nat hook output priority -100; policy accept;
    ip daddr $REAL_WAN_HOST_IP tcp dport $api_port dnat to 127.0.0.1:$api_port
  }
}
NFT
  echo "PEER_SERVER=https://$REAL_WAN_HOST_IP:$api_port" >> "$dir/cluster.env"
  real_cluster_objects "$dir" "$api_port"
  real_sign_cluster_certs "$dir/pki"
  local server=https://$REAL_WAN_HOST_IP:$api_port dns_ip archives=()
  dns_ip=$(real_node_ip "$k" 1)
  write_kubeconfig "$dir/pki/kube-proxy.kubeconfig" "$name" "$server" "$dir/pki" kube-proxy
  write_kubeconfig "$dir/pki/coredns.kubeconfig" "$name" "$server" "$dir/pki" coredns
  mapfile -t archives < <(real_image_archives)

  for i in $(seq 1 "$count"); do
    local n ns ip nd sd; n=$(real_node_name "$name" "$i"); ns=$(real_node_netns "$name" "$i"); ip=$(real_node_ip "$k" "$i")
    nd=$dir/nodes/$n sd=$(real_short_dir "$k" "$i")
    real_remove_short_dir "$sd"   # left by a cluster of this index that did not come down
    note "[$name] real node $n ($ip): network, containerd, kubelet, kube-proxy…"
    mkdir -p "$nd"
    ip netns add "$ns"
    ip -n "$ns" link set lo up
    ip -n "$REAL_WAN_NETNS" link del "n$k-$i" 2>/dev/null || true   # left by a cluster of this index that did not come down
    ip -n "$ns" link add eth0 type veth peer name "n$k-$i" netns "$REAL_WAN_NETNS"
    ip -n "$REAL_WAN_NETNS" link set "n$k-$i" master wan0 up
    ip -n "$ns" addr add "$ip/16" dev eth0
    ip -n "$ns" link set eth0 up
    # Host-network pods (the fabric) call Services, the kubernetes one first: a local socket needs a
    # route before kube-proxy's DNAT applies. Nothing else leaves: there is no default route, and
    # this machine does not forward what kube-proxy did not translate.
    ip -n "$ns" route add "$(sed -n 's/^SERVICE_CIDR=//p' "$dir/cluster.env")" via "$REAL_WAN_HOST_IP" dev eth0
    nsenter "--net=/run/netns/$ns" sysctl -qw net.ipv4.ip_forward=1
    # Pods leave their node masqueraded, except toward other pods of the cluster.
    ip netns exec "$ns" nft -f - <<NFT || die "adding the masquerade rule of $n failed"
table ip spw_node {
  chain postrouting {
    type nat hook postrouting priority srcnat; policy accept;
    oifname "eth0" ip saddr $pod_cidr ip daddr != $pod_cidr masquerade
  }
}
NFT
    real_sign_node_certs "$dir/pki" "$n" "$ip"
    real_cgroup_make "$name" "$i"
    real_containerd_config "$nd" "$sd"
    real_kubelet_config "$dir" "$nd" "$sd" "$n" "$ip" "$dns_ip" "$name" "$i"
    launch_in_node "$dir" "$ns" "containerd-$i" containerd --config "$nd/containerd.toml"
    wait_for "$dir" "containerd-$i" 30 ctr --address "$sd/containerd.sock" version
    real_import_images "$nd" "$sd" "${archives[@]}"
    launch_in_node "$dir" "$ns" "kubelet-$i" "$BIN/kubelet" --config "$nd/kubelet.yaml" --kubeconfig "$nd/kubelet.kubeconfig" \
      --root-dir "$sd/kubelet" --cert-dir "$nd/kubelet-pki" --hostname-override "$n" --node-ip "$ip" \
      --node-labels "type=real,spillway.dev/testbed-node=real"
    launch_in_node "$dir" "$ns" "kube-proxy-$i" "$BIN/kube-proxy" --kubeconfig "$dir/pki/kube-proxy.kubeconfig" \
      --hostname-override "$n" --proxy-mode nftables --cluster-cidr "$pod_cidr" --masquerade-all \
      --conntrack-max-per-core 0 --healthz-bind-address 127.0.0.1:10256 --metrics-bind-address 127.0.0.1:10249
  done

  local kc="$BIN/kubectl --kubeconfig $dir/kubeconfig"
  local t; for t in $(seq 1 120); do
    [ "$($kc get nodes -l spillway.dev/testbed-node=real -o name 2>/dev/null | wc -l)" -eq "$count" ] && break
    for i in $(seq 1 "$count"); do
      pid_alive "$(cat "$dir/pids/kubelet-$i.pid")" ||
        { tail -n 20 "$dir/logs/kubelet-$i.log" >&2; die "the kubelet of $(real_node_name "$name" "$i") exited (log: $dir/logs/kubelet-$i.log)"; }
    done
    sleep 0.5
  done
  $kc wait --for=condition=Ready node -l spillway.dev/testbed-node=real --timeout=90s > "$dir/logs/real-nodes.log" 2>&1 ||
    { cat "$dir/logs/real-nodes.log" >&2; tail -n 20 "$dir/logs/kubelet-1.log" >&2; die "the real nodes did not become Ready within 90 s (logs: $dir/logs/kubelet-*.log)"; }
  real_node_routes "$dir" "$name" "$k" "$count"
  real_apiserver_routes "$dir" "$name" "$k" "$pod_cidr"

  mkdir -p "$dir/coredns"
  cat > "$dir/coredns/Corefile" <<EOF
.:53 {
    bind $dns_ip
    errors
    health 127.0.0.1:8080
    ready 127.0.0.1:8181
    kubernetes cluster.local in-addr.arpa ip6.arpa {
        kubeconfig $dir/pki/coredns.kubeconfig $name
        pods insecure
        fallthrough in-addr.arpa ip6.arpa
    }
    cache 30
    loadbalance
}
EOF
  launch_in_node "$dir" "$(real_node_netns "$name" 1)" coredns "$BIN/coredns" -conf "$dir/coredns/Corefile"
  wait_for "$dir" coredns 30 nsenter "--net=/run/netns/$(real_node_netns "$name" 1)" curl -fsS http://127.0.0.1:8181/ready
}

# The apiserver (on the host) calls in-cluster addresses: webhooks and aggregated APIs at their
# Service's ClusterIP. Two clusters may use the same CIDRs, so the host cannot route them in its
# main table: the apiserver runs in a cgroup of its own, an nftables rule marks what its sockets
# send to the cluster's Service and pod CIDRs, a routing table for that mark sends it to the
# first node (whose kube-proxy does the rest), masqueraded to the host's WAN address for the reply.
real_apiserver_cgroup() { # name — the cgroup v2 folder
  local root; root=$(findmnt -rn -t cgroup2 -o TARGET | head -1)
  [ -n "$root" ] || die "no cgroup v2 hierarchy is mounted; the testbed routes the apiserver's in-cluster calls by its cgroup v2"
  echo "$root/$REAL_CGROUP_PARENT/$1-apiserver"
}
real_apiserver_join_cgroup() { # dir name
  local cg pid; cg=$(real_apiserver_cgroup "$2"); pid=$(cat "$1/pids/kube-apiserver.pid")
  mkdir -p "$cg"
  echo "$pid" > "$cg/cgroup.procs"
}
real_apiserver_routes() { # dir name index pod-cidr
  local dir=$1 name=$2 k=$3 pod_cidr=$4 svc_cidr cg rel mark table
  svc_cidr=$(sed -n 's/^SERVICE_CIDR=//p' "$dir/cluster.env")
  real_apiserver_join_cgroup "$dir" "$name"
  cg=$(real_apiserver_cgroup "$name"); rel=${cg#/sys/fs/cgroup}; rel=${rel#/}
  mark=$((0x5300 + k)) table=$((5300 + k))
  nft -f - <<NFT || die "adding the apiserver's routing rules to the nftables table $(real_nft_table "$name") failed"
table ip $(real_nft_table "$name") {
  chain apiserver-out {
    type route hook output priority mangle; policy accept;
    socket cgroupv2 level 2 "$rel" ip daddr { $svc_cidr, $pod_cidr } meta mark set $mark
  }
  chain apiserver-post {
    type nat hook postrouting priority srcnat; policy accept;
    oifname "$REAL_WAN_HOST_IF" meta mark $mark masquerade
  }
}
NFT
  while ip rule del pref "$table" 2>/dev/null; do :; done   # a stale one of this index
  ip rule add fwmark "$mark" lookup "$table" pref "$table"
  ip route replace "$svc_cidr" via "$(real_node_ip "$k" 1)" table "$table"
  ip route replace "$pod_cidr" via "$(real_node_ip "$k" 1)" table "$table"
}
real_apiserver_routes_down() { # name index
  local cg pid table=$((5300 + $2))
  ip rule del pref "$table" 2>/dev/null || true
  ip route flush table "$table" 2>/dev/null || true
  cg=$(real_apiserver_cgroup "$1" 2>/dev/null) || return 0
  [ -d "$cg" ] || return 0
  # Its processes (the apiserver, stopped right after) go back to the root cgroup.
  for pid in $(cat "$cg/cgroup.procs" 2>/dev/null); do echo "$pid" > "$(dirname "$(dirname "$cg")")/cgroup.procs" 2>/dev/null || true; done
  rmdir "$cg" 2>/dev/null || true
  rmdir "$(dirname "$cg")" 2>/dev/null || true
}

# Each node routes the other nodes' pod CIDRs to them across the WAN segment.
real_node_routes() { # dir name index count
  local dir=$1 name=$2 k=$3 count=$4 i j cidr BIN; BIN=$(testbed_bin_dir)
  [ "$count" -gt 1 ] || return 0
  for j in $(seq 1 "$count"); do
    cidr=$("$BIN/kubectl" --kubeconfig "$dir/kubeconfig" get node "$(real_node_name "$name" "$j")" -o jsonpath='{.spec.podCIDR}')
    [ -n "$cidr" ] || die "node $(real_node_name "$name" "$j") has no pod CIDR"
    for i in $(seq 1 "$count"); do
      [ "$i" = "$j" ] || ip -n "$(real_node_netns "$name" "$i")" route replace "$cidr" via "$(real_node_ip "$k" "$j")"
    done
  done
}

# Removes everything the real nodes of DIR's cluster made: containers and their shims, mounts,
# cgroups, network namespaces and veths, the host's nftables table, and the WAN when unused.
real_nodes_down() { # dir name
  local dir=$1 name=$2 k count i
  k=$(sed -n 's/^REAL_INDEX=//p' "$dir/cluster.env" 2>/dev/null)
  [ -n "$k" ] || return 0
  count=$(sed -n 's/^REAL_NODES=//p' "$dir/cluster.env")
  # The kubelets first, so that nothing restarts what is being removed.
  for i in $(seq 1 "$count"); do real_stop_component "$dir" "kubelet-$i"; real_stop_component "$dir" "kube-proxy-$i"; done
  real_stop_component "$dir" coredns
  for i in $(seq 1 "$count"); do
    local nd sd; nd=$dir/nodes/$(real_node_name "$name" "$i") sd=$(real_short_dir "$k" "$i")
    if [ -S "$sd/containerd.sock" ]; then
      local c ctr_=(ctr --address "$sd/containerd.sock" -n k8s.io)
      # Deleting the tasks through containerd lets each shim exit and remove its socket.
      for c in $(timeout 10 "${ctr_[@]}" tasks ls -q 2>/dev/null); do timeout 10 "${ctr_[@]}" tasks rm -f "$c" >/dev/null 2>&1 || true; done
    fi
    local pid; for pid in $(pgrep -f -- "containerd-shim-runc-v2 .*-address $sd/containerd.sock" 2>/dev/null); do kill -KILL "$pid" 2>/dev/null || true; done
    real_cgroup_remove "$name" "$i"
    real_stop_component "$dir" "containerd-$i"
    local m; for m in $(findmnt -rn -o TARGET | grep -F -- "$nd/" | sort -r); do umount -l "$m" 2>/dev/null || true; done
    real_remove_short_dir "$sd"
    ip netns del "$(real_node_netns "$name" "$i")" 2>/dev/null || true
    ip -n "$REAL_WAN_NETNS" link del "n$k-$i" 2>/dev/null || true
  done
  nft delete table ip "$(real_nft_table "$name")" 2>/dev/null || true
  real_apiserver_routes_down "$name" "$k"
  sed -i '/^REAL_INDEX=/d' "$dir/cluster.env"
  real_lock
  [ "$(cat "$REAL_INDEX_DIR/$k" 2>/dev/null)" != "$dir" ] || rm -f "$REAL_INDEX_DIR/$k"
  real_wan_down_if_unused
  real_unlock
}

real_remove_short_dir() { # short-dir
  local m
  [ -d "$1" ] || return 0
  for m in $(findmnt -rn -o TARGET | grep -F -- "$1/" | sort -r); do umount -l "$m" 2>/dev/null || true; done
  rm -rf "$1"
  rmdir "$REAL_SHORT_ROOT" 2>/dev/null || true
}

real_stop_component() { # dir component
  local f=$1/pids/$2.pid pid i
  [ -f "$f" ] || return 0
  pid=$(cat "$f")
  pid_belongs_to "$pid" "$1" || return 0
  kill -TERM "$pid" 2>/dev/null || true
  for i in $(seq 1 50); do pid_alive "$pid" || return 0; sleep 0.1; done
  kill -KILL "$pid" 2>/dev/null || true
  for i in $(seq 1 20); do pid_alive "$pid" || return 0; sleep 0.1; done
}
