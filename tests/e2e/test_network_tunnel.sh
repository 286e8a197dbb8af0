#!/usr/bin/env bash
# The tunnel between two clusters that both use 10.244.0.0/16 for pods (milan also 10.245.0.0/16): spillctl network connect
# runs a gateway server for milan and a client for rome (supervised by their controller managers,
# each cluster's gateways in a network namespace of its own, joined by a "WAN" link); "pods" are
# network namespaces routed through their cluster's gateway. Ping and TCP cross both ways over
# the remapped addresses; milan's IPs (ipam.liqo.io) are reached through its external CIDR, one
# masqueraded; the Connections and the metrics say Connected with a latency; a link cut for 30 s
# turns them to Error and back; a SIGKILLed gateway is back at once; an offloaded pod's IP is
# written as the consumer reaches it, and the consumer's endpoints are reflected as the provider
# reaches them; disconnect leaves no
# interface, rule, route or nftables table.
. "$SPILLWAY_SOURCE_DIR/tests/testbed/tests/assert.sh"
. "$TB/lib.sh"
RUN=$SPILLWAY_SOURCE_DIR/run
CTL=$SPILLWAY_BIN/spillctl
c=e2e-tc-$$; p=e2e-tp-$$
work=$(mktemp -d)
ns_r=spwt-$$-rgw; ns_m=spwt-$$-mgw; pod_r=spwt-$$-rpod; pod_m=spwt-$$-mpod; pod_m2=spwt-$$-mpod2
cleanup() {
  pkill -f -- "supervise --dir $work/" 2>/dev/null || true
  for n in "$c" "$p"; do "$RUN" cluster down "$n" >/dev/null 2>&1 || true; done
  for n in "$ns_r" "$ns_m" "$pod_r" "$pod_m" "$pod_m2"; do
    ip netns pids "$n" 2>/dev/null | xargs -r kill -9 2>/dev/null
    ip netns del "$n" 2>/dev/null
  done
  rm -rf "$work" 2>/dev/null || true
}
trap cleanup EXIT

# --- the lab: two gateway namespaces on a WAN, a pod namespace behind each ------------------
for n in "$ns_r" "$ns_m" "$pod_r" "$pod_m" "$pod_m2"; do ip netns add "$n"; ip -n "$n" link set lo up; done
ip link add wr$$ netns "$ns_r" type veth peer name wm$$ netns "$ns_m"
ip -n "$ns_r" address add 203.0.113.1/24 dev wr$$; ip -n "$ns_r" link set wr$$ up
ip -n "$ns_m" address add 203.0.113.2/24 dev wm$$; ip -n "$ns_m" link set wm$$ up
pod_link() { # gw-ns pod-ns gw-address pod-address gw-side-interface
  ip link add "$5" netns "$1" type veth peer name eth0 netns "$2"
  ip -n "$1" address add "$3/24" dev "$5"; ip -n "$1" link set "$5" up
  ip -n "$2" address add "$4/24" dev eth0; ip -n "$2" link set eth0 up
  ip -n "$2" route add default via "$3"
  ip netns exec "$1" sysctl -qw net.ipv4.ip_forward=1
}
pod_link "$ns_r" "$pod_r" 10.244.1.1 10.244.1.10 pg$$
pod_link "$ns_m" "$pod_m" 10.244.2.1 10.244.2.20 pg$$
pod_link "$ns_m" "$pod_m2" 10.245.3.1 10.245.3.30 ph$$   # milan's second pod CIDR

KC=$("$RUN" cluster up "$c" --nodes 1 2>/dev/null | tail -n 1)
KP=$("$RUN" cluster up "$p" --nodes 1 2>/dev/null | tail -n 1)
kcc() { "$KUBECTL" --kubeconfig "$KC" "$@"; }
kcp() { "$KUBECTL" --kubeconfig "$KP" "$@"; }
out=$("$CTL" install kind --kubeconfig "$KC" --cluster-id rome --state-dir "$work/rome" \
        --set "networking.gatewayNetns=$ns_r,networking.gatewayEndpointAddress=203.0.113.1" 2>&1) || fail "install on rome: $out"
out=$("$CTL" install kind --kubeconfig "$KP" --cluster-id milan --state-dir "$work/milan" --pod-cidr 10.244.0.0/16,10.245.0.0/16 \
        --set "networking.gatewayNetns=$ns_m,networking.gatewayEndpointAddress=203.0.113.2" 2>&1) || fail "install on milan: $out"
rc=0; err=$("$CTL" install kind --kubeconfig "$KC" --set networking.gatewayEndpointAddress=milan.example 2>&1) || rc=$?
assert_contains "$rc $err" 'networking.gatewayEndpointAddress="milan.example" is not an IPv4 address' "a gateway endpoint that is no address is refused"

# --- connect ---------------------------------------------------------------------------------
out=$("$CTL" network connect --kubeconfig "$KC" --remote-kubeconfig "$KP" --timeout 90 2>&1) && pass "spillctl network connect" || fail "network connect: $out"
assert_contains "$out" "rome dials milan at 203.0.113.2:51840: Connected" "rome's client dials milan's server at the endpoint it reported"
assert_eq "Client Connected" "$(kcc -n liqo-tenant-milan get connection milan -o jsonpath='{.spec.type} {.status.value}')" "rome's Connection: Client, Connected"
assert_eq "Server Connected" "$(kcp -n liqo-tenant-rome get connection rome -o jsonpath='{.spec.type} {.status.value}')" "milan's Connection: Server, Connected"
eventually 20 "and it carries a latency" bash -c "'$KUBECTL' --kubeconfig '$KC' -n liqo-tenant-milan get connection milan -o jsonpath='{.status.latency.value}' | grep -Eq '^[0-9.]+ms$'"
assert_eq "true" "$(kcp -n liqo-tenant-rome get publickey rome -o jsonpath='{.metadata.labels.networking\.liqo\.io/gateway-resource}')" "rome's public key is in milan, labelled"
secret=$(kcc -n liqo-tenant-milan get gatewayclient milan -o jsonpath='{.status.secretRef.name}')
assert_eq "$(kcc -n liqo-tenant-milan get secret "$secret" -o jsonpath='{.data.publicKey}')" "$(kcp -n liqo-tenant-rome get publickey rome -o jsonpath='{.spec.publicKey}')" "and it is the client's key from its Secret"

# --- traffic over the remapped addresses, both ways ------------------------------------------
as_r=$(kcc -n liqo-tenant-milan get configuration milan -o jsonpath='{.status.remote.cidr.pod[0]}')
as_m=$(kcp -n liqo-tenant-rome get configuration rome -o jsonpath='{.status.remote.cidr.pod[0]}')
[ "$as_r" != 10.244.0.0/16 ] && [ "$as_m" != 10.244.0.0/16 ] && pass "each side remaps the other's clashing pod CIDR ($as_r, $as_m)" || fail "no remapping: $as_r $as_m"
milan_pod=$(echo "$as_r" | awk -F'[./]' '{print $1"."$2".2.20"}')   # 10.244.2.20 as rome reaches it
rome_pod=$(echo "$as_m" | awk -F'[./]' '{print $1"."$2".1.10"}')
eventually 10 "rome's pod pings milan's pod at $milan_pod" ip netns exec "$pod_r" ping -c 1 -W 1 "$milan_pod"
eventually 10 "milan's pod pings rome's pod at $rome_pod" ip netns exec "$pod_m" ping -c 1 -W 1 "$rome_pod"
assert_eq "10.245.0.0/16" "$(kcc -n liqo-tenant-milan get configuration milan -o jsonpath='{.status.remote.cidr.pod[1]}')" "milan's second pod CIDR clashes with nothing in rome: reached as it is"
eventually 10 "rome's pod pings a pod in milan's second pod CIDR (10.245.3.30)" ip netns exec "$pod_r" ping -c 1 -W 1 10.245.3.30
eventually 10 "and that pod pings rome's pod back" ip netns exec "$pod_m2" ping -c 1 -W 1 "$rome_pod"
# TCP: milan's pod answers with the address it saw the connection come from.
seen_by_milan_pod() { # address rome's pod connects to
  ip netns exec "$pod_m" timeout 20 python3 -c '
import socket
s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1); s.bind(("0.0.0.0", 8080)); s.listen(1)
c, a = s.accept(); c.sendall(("seen from " + a[0] + "\n").encode()); c.close()' &
  local listener=$! answer=""
  for _ in $(seq 1 20); do
    answer=$(ip netns exec "$pod_r" timeout 3 bash -c "exec 3<>/dev/tcp/$1/8080; cat <&3" 2>/dev/null) && [ -n "$answer" ] && break
    sleep 0.25
  done
  kill "$listener" 2>/dev/null; wait "$listener" 2>/dev/null
  echo "$answer"
}
assert_eq "seen from $rome_pod" "$(seen_by_milan_pod "$milan_pod")" "TCP from rome's pod to milan's: milan sees rome's pod by its remapped address"

# --- spillctl test network: its own test pods, both ways, then gone ---------------------------
out=$("$CTL" test network --kubeconfig "$KC" --remote-kubeconfig "$KP" 2>&1) && pass "spillctl test network" || fail "test network: $out"
echo "$out" | sed 's/^/# /'
t_m=$(echo "$as_r" | awk -F'[./]' '{print $1"."$2".255.254"}'); t_r=$(echo "$as_m" | awk -F'[./]' '{print $1"."$2".255.254"}')
echo "$out" | grep -Eq "^rome +milan +$t_m +ok [0-9.]+ ms +ok +$t_r\$" && pass "rome's test pod reaches milan's at $t_m (ICMP, TCP), seen as $t_r" || fail "no rome → milan row: $out"
echo "$out" | grep -Eq "^milan +rome +$t_r +ok [0-9.]+ ms +ok +$t_m\$" && pass "and milan's reaches rome's at $t_r, seen as $t_m" || fail "no milan → rome row: $out"
assert_eq "" "$(ip netns list | grep "^spwtest-")" "its test pods' namespaces are gone"
assert_eq "" "$(ip -n "$ns_r" -o link | grep ': spt'; ip -n "$ns_m" -o link | grep ': spt')" "and their links in the gateway namespaces"
ip netns exec "$ns_m" sysctl -qw net.ipv4.ip_forward=0
rc=0; out=$("$CTL" test network --kubeconfig "$KC" --remote-kubeconfig "$KP" 2>&1) || rc=$?
ip netns exec "$ns_m" sysctl -qw net.ipv4.ip_forward=1
assert_contains "$rc $out" "1 error: IP forwarding is off in network namespace $ns_m" "a gateway namespace that does not forward is named, with the fix"
rc=0; out=$("$CTL" test network --kubeconfig "$KC" --remote-kubeconfig "$KP" --netns no-such-ns-$$ 2>&1) || rc=$?
assert_contains "$rc $out" "no-such-ns-$$" "a namespace that does not exist is named"

# --- IPs of milan's, reached by rome through milan's external CIDR ---------------------------
for n in exposed masqueraded; do
  masq=false; [ "$n" = masqueraded ] && masq=true
  kcp apply -f - >/dev/null <<EOF || fail "apply IP $n"
apiVersion: ipam.liqo.io/v1alpha1
kind: IP
metadata: {name: $n, namespace: default}
spec: {ip: 10.244.2.20, masquerade: $masq}
EOF
done
eventually 20 "milan's IPAM gives both IPs an address of its external CIDR" bash -c "[ -n \"\$('$KUBECTL' --kubeconfig '$KP' -n default get ip masqueraded -o jsonpath='{.status.ip}')\" ] && [ -n \"\$('$KUBECTL' --kubeconfig '$KP' -n default get ip exposed -o jsonpath='{.status.ip}')\" ]"
ext_real=$(kcc -n liqo-tenant-milan get configuration milan -o jsonpath='{.spec.remote.cidr.external[0]}')
ext_as=$(kcc -n liqo-tenant-milan get configuration milan -o jsonpath='{.status.remote.cidr.external[0]}')
as_rome() { # milan's external address -> the address rome reaches it by (host bits kept)
  python3 -c 'import ipaddress,sys; a,r,s=sys.argv[1:]; r=ipaddress.ip_network(r); s=ipaddress.ip_network(s); print(ipaddress.ip_address(int(s.network_address) + int(ipaddress.ip_address(a)) - int(r.network_address)))' "$1" "$ext_real" "$ext_as"
}
exposed=$(as_rome "$(kcp -n default get ip exposed -o jsonpath='{.status.ip}')")
masqueraded=$(as_rome "$(kcp -n default get ip masqueraded -o jsonpath='{.status.ip}')")
eventually 10 "rome's pod pings milan's IP 'exposed' (10.244.2.20) at $exposed, in milan's external CIDR as rome sees it ($ext_as)" ip netns exec "$pod_r" ping -c 1 -W 1 "$exposed"
assert_eq "seen from $rome_pod" "$(seen_by_milan_pod "$exposed")" "TCP to it reaches milan's pod, which sees rome's pod"
assert_eq "seen from 10.244.2.1" "$(seen_by_milan_pod "$masqueraded")" "TCP to the masqueraded IP reaches it from milan's gateway address, and the reply finds its way back"
kcp -n default delete ip exposed --wait=true >/dev/null
eventually 10 "a deleted IP is no longer exposed" bash -c "! ip netns exec '$pod_r' ping -c 1 -W 1 '$exposed'"

# --- metrics ---------------------------------------------------------------------------------
gwdir=$(ls -d "$work"/milan/spillway-gateway-server-* | head -n 1)
mport=$(grep -o '"metrics":"127.0.0.1:[0-9]*"' "$gwdir/log" | tail -n 1 | grep -o '[0-9]*"$' | tr -d '"')
metrics=$(curl -fsS "http://127.0.0.1:$mport/metrics" 2>&1)
assert_contains "$metrics" 'spillway_gateway_connected{remote_cluster_id="rome"} 1' "milan's gateway exports connected=1 for rome"
assert_contains "$metrics" 'spillway_gateway_latency_seconds_count{remote_cluster_id="rome"}' "and a latency histogram"
rx=$(echo "$metrics" | awk '/^spillway_gateway_rx_bytes_total\{remote_cluster_id="rome"\}/ { print $2 }')
tx=$(echo "$metrics" | awk '/^spillway_gateway_tx_bytes_total\{remote_cluster_id="rome"\}/ { print $2 }')
awk -v r="${rx:-0}" -v t="${tx:-0}" 'BEGIN { exit !(r > 0 && t > 0) }' && pass "and the device's traffic counters (rx $rx, tx $tx bytes)" || fail "no traffic counters: rx '$rx' tx '$tx'"

# --- a link cut for 30 s: Error within 5 s, Connected again within 10 s of the heal ----------
seconds_until() { # limit cmd... : prints the seconds it took, fails past the limit
  local start end; start=$(date +%s.%N)
  while ! "${@:2}" >/dev/null 2>&1; do
    end=$(date +%s.%N)
    if awk -v a="$start" -v b="$end" -v l="$1" 'BEGIN { exit !(b - a > l) }'; then echo "more than $1"; return 1; fi
    sleep 0.1
  done
  end=$(date +%s.%N); awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }'
}
state_is() { [ "$("$KUBECTL" --kubeconfig "$KC" -n liqo-tenant-milan get connection milan -o jsonpath='{.status.value}')" = "$1" ]; }
ip -n "$ns_r" link set wr$$ down; cut_at=$(date +%s)
t=$(seconds_until 5 state_is Error) && pass "link cut: rome's Connection is Error after ${t}s" || fail "link cut: not Error within 5 s ($t)"
rc=0; out=$("$CTL" test network --kubeconfig "$KC" --remote-kubeconfig "$KP" 2>&1) || rc=$?
echo "$out" | sed 's/^/# /'
assert_eq 1 "$rc" "test network fails while the link is cut"
echo "$out" | grep -Eq "^rome +milan +$t_m +no answer" && pass "and says which way got no answer" || fail "no failed row: $out"
# The cut lasts 30 s, long enough for WireGuard's handshake retries to back off.
left=$((cut_at + 30 - $(date +%s))); [ "$left" -gt 0 ] && sleep "$left"
assert_eq Error "$(kcc -n liqo-tenant-milan get connection milan -o jsonpath='{.status.value}')" "still Error after 30 s of cut link"
ip -n "$ns_r" link set wr$$ up
t=$(seconds_until 10 state_is Connected) && pass "link healed: Connected again after ${t}s, no restart" || fail "link healed: not Connected within 10 s ($t)"

# --- a SIGKILLed gateway: the tunnel is back within 10 s -------------------------------------
cgw=$(ls -d "$work"/rome/spillway-gateway-client-* | head -n 1)
gpid=$(cat "$cgw/child.pid")
kill -9 "$gpid" && pass "rome's gateway SIGKILLed"
t=$(seconds_until 10 ip netns exec "$pod_r" ping -c 1 -W 1 "$milan_pod") && pass "pods reach each other ${t}s after the kill" || fail "no traffic within 10 s of the kill ($t)"
eventually 15 "its supervisor restarted it" bash -c "p=\$(cat '$cgw/child.pid'); [ \"\$p\" != '$gpid' ] && kill -0 \"\$p\""
t=$(seconds_until 10 state_is Connected) && pass "and the restarted gateway reports Connected" || fail "not Connected after the restart ($t)"
assert_eq 1 "$(ip -n "$ns_r" -o link | grep -c ': spw')" "one tunnel interface in rome's gateway namespace, not two"

# --- disconnect: nothing left ----------------------------------------------------------------
no_tunnel_left() { # when
  for n in "$ns_r" "$ns_m"; do
    assert_eq "" "$(ip -n "$n" -o link | grep ': spw')" "$1, $n: no tunnel interface"
    assert_eq "" "$(ip netns exec "$n" nft list tables | grep spillway_)" "$1, $n: no nftables table"
    assert_eq "" "$(ip -n "$n" rule | grep fwmark)" "$1, $n: no routing rule"
    assert_eq "" "$(ip -n "$n" route show table all | grep -E '^(10|172|192)\.' | grep -Ev "dev (pg|ph|wr|wm)$$")" "$1, $n: no route to the peer"
  done
  eventually 20 "$1: the gateway processes are stopped" bash -c "! ls -d '$work'/rome/spillway-gateway-* '$work'/milan/spillway-gateway-* 2>/dev/null | grep -q ."
  assert_eq "" "$(ip netns pids "$ns_r"; ip netns pids "$ns_m")" "$1: no process left in the gateway namespaces (wireguard-go ended with its interface)"
}
out=$("$CTL" network disconnect --kubeconfig "$KC" --remote-kubeconfig "$KP" --timeout 60 2>&1) && pass "spillctl network disconnect" || fail "network disconnect: $out"
no_tunnel_left "disconnect"
assert_eq "" "$(kcc -n liqo-tenant-milan get gatewayclients,publickeies -o name)" "rome: no GatewayClient, no PublicKey"
assert_eq "" "$(kcp -n liqo-tenant-rome get gatewayservers,publickeies -o name)" "milan: no GatewayServer, no PublicKey"
eventually 60 "the gateways' Connections and key Secrets go with them (the garbage collector)" bash -c "[ -z \"\$('$KUBECTL' --kubeconfig '$KC' -n liqo-tenant-milan get connections,secrets -l networking.liqo.io/gateway-resource=true -o name)\" ] && [ -z \"\$('$KUBECTL' --kubeconfig '$KP' -n liqo-tenant-rome get connections,secrets -l networking.liqo.io/gateway-resource=true -o name)\" ]"

# --- spillctl peer sets the network up first; unpeer takes all of it down ---------------------
out=$("$CTL" peer --kubeconfig "$KC" --remote-kubeconfig "$KP" --timeout 90 2>&1) && pass "spillctl peer, networking on" || fail "peer: $out"
assert_contains "$out" "network: rome dials milan at 203.0.113.2:51840, Connected" "peer runs the network phase first"
eventually 10 "rome's pod reaches milan's pod again" ip netns exec "$pod_r" ping -c 1 -W 1 "$milan_pod"
eventually 30 "rome's ForeignCluster milan reports the network module: connection Established" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KC' get foreigncluster milan -o jsonpath='{.status.modules.networking.enabled} {.status.modules.networking.conditions[?(@.type==\"NetworkConnectionStatus\")].status} {.status.modules.networking.conditions[?(@.type==\"NetworkGatewayClientStatus\")].status}')\" = 'true Established Ready' ]"
eventually 60 "and the virtual node is Ready" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KC' get node liqo-milan -o jsonpath='{.status.conditions[?(@.type==\"Ready\")].status}')\" = True ]"
# --- an offloaded pod's IP is written as rome reaches it, and rome's Services use it ----------
# --- rome's endpoints are reflected into milan as milan reaches them ---------------------------
kcc create namespace apps >/dev/null
out=$("$CTL" offload namespace apps --kubeconfig "$KC" --pod-offloading-strategy LocalAndRemote --timeout 60 2>&1) || fail "offload: $out"
kcc -n apps run web --image registry.example/web --labels app=web --overrides '{"spec":{"nodeSelector":{"liqo.io/type":"virtual-node"}}}' >/dev/null
kcc -n apps run here --image registry.example/web --labels app=web >/dev/null
kcc -n apps create service clusterip web --tcp 80:80 >/dev/null
eventually 60 "the offloaded pod runs in milan" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KP' -n apps-rome get pod web -o jsonpath='{.status.phase}')\" = Running ]"
eventually 60 "the other one runs in rome" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KC' -n apps get pod here -o jsonpath='{.status.phase}')\" = Running ]"
remote_ip=$(kcp -n apps-rome get pod web -o jsonpath='{.status.podIP}')
want=$(echo "$as_r" | awk -F'[./]' -v ip="$remote_ip" '{ split(ip, h, "."); print $1"."$2"."h[3]"."h[4] }')
eventually 30 "rome writes its IP ($remote_ip in milan) as rome reaches it: $want" bash -c "[ \"\$('$KUBECTL' --kubeconfig '$KC' -n apps get pod web -o jsonpath='{.status.podIP} {.status.podIPs[0].ip}')\" = '$want $want' ]"
eventually 30 "and rome's Service web has that address as its endpoint" bash -c "'$KUBECTL' --kubeconfig '$KC' -n apps get endpointslices -l kubernetes.io/service-name=web -o jsonpath='{.items[*].endpoints[*].addresses[*]}' | grep -qw '$want'"
here_ip=$(kcc -n apps get pod here -o jsonpath='{.status.podIP}')
here_m=$(echo "$as_m" | awk -F'[./]' -v ip="$here_ip" '{ split(ip, h, "."); print $1"."$2"."h[3]"."h[4] }')
reflected="'$KUBECTL' --kubeconfig '$KP' -n apps-rome get endpointslices -l kubernetes.io/service-name=web,endpointslice.kubernetes.io/managed-by=endpointslice.reflection.liqo.io -o jsonpath='{.items[*].endpoints[*].addresses[*]}'"
eventually 30 "milan gets rome's endpoint slice with only the pod that stays in rome ($here_ip), as milan reaches it ($here_m)" bash -c "[ \"\$($reflected)\" = '$here_m' ]"
eventually 30 "while milan's own slice lists the offloaded pod ($remote_ip)" bash -c "'$KUBECTL' --kubeconfig '$KP' -n apps-rome get endpointslices -l kubernetes.io/service-name=web,endpointslice.kubernetes.io/managed-by=endpointslice-controller.k8s.io -o jsonpath='{.items[*].endpoints[*].addresses[*]}' | grep -qw '$remote_ip'" \
  || { kcp -n apps-rome get endpointslices,svc,pods -o yaml; kcp -n apps-rome get events; grep -iE 'endpoint|error' "$(dirname "$KP")/logs/kube-controller-manager.log" | tail -n 30; } | sed 's/^/# /'
kcc -n apps delete pod here --wait=false >/dev/null
eventually 30 "the pod in rome deleted: milan's copy lists no endpoint" bash -c "[ -z \"\$($reflected)\" ]"
out=$("$CTL" unoffload namespace apps --kubeconfig "$KC" --timeout 60 2>&1) || fail "unoffload: $out"
kcc delete namespace apps --wait=false >/dev/null
out=$("$CTL" unpeer --kubeconfig "$KC" --remote-kubeconfig "$KP" --timeout 90 2>&1) && pass "spillctl unpeer" || fail "unpeer: $out"
no_tunnel_left "unpeer"
eventually 60 "unpeer: no tenant namespace left on either side" bash -c "! '$KUBECTL' --kubeconfig '$KC' get ns liqo-tenant-milan && ! '$KUBECTL' --kubeconfig '$KP' get ns liqo-tenant-rome"
assert_eq "" "$(kcc get networks,configurations -A -o name | grep milan)" "unpeer: rome holds no Network or Configuration about milan"
finish
