# Shared helpers for the testbed scripts (sourced, not executed).
# shellcheck shell=bash

TESTBED_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

# Pinned versions. Changing one changes the cache key, so the next run rebuilds.
K8S_VERSION=v1.37.2
ETCD_VERSION=v3.7.0
KWOK_VERSION=v0.8.0
METRICS_SERVER_VERSION=v0.8.0
COREDNS_VERSION=v1.15.0

die() { echo "error: $*" >&2; exit 1; }
note() { echo "$*" >&2; }

find_go() {
  if [ -n "${SPILLWAY_GO:-}" ]; then [ -x "$SPILLWAY_GO" ] && { echo "$SPILLWAY_GO"; return 0; }; return 1; fi
  if command -v go >/dev/null 2>&1; then command -v go; return 0; fi
  for g in /usr/local/go/bin/go /usr/lib/go/bin/go "$HOME/go/bin/go"; do
    [ -x "$g" ] && { echo "$g"; return 0; }
  done
  return 1
}

# The cache key covers the pinned module graphs, the stage file and the Go version,
# so binaries are never reused across a change in any of them.
testbed_cache_key() {
  local gover sum
  gover=$("$(find_go)" env GOVERSION 2>/dev/null || echo nogo)
  sum=$(cat "$TESTBED_DIR"/kube/go.mod "$TESTBED_DIR"/kube/go.sum \
            "$TESTBED_DIR"/etcd/go.mod "$TESTBED_DIR"/etcd/go.sum \
            "$TESTBED_DIR"/kwok/go.mod "$TESTBED_DIR"/kwok/go.sum \
            "$TESTBED_DIR"/metrics-server/go.mod "$TESTBED_DIR"/metrics-server/go.sum \
            "$TESTBED_DIR"/coredns/go.mod "$TESTBED_DIR"/coredns/go.sum "$TESTBED_DIR"/coredns/main.go \
            "$TESTBED_DIR"/build.sh | sha256sum | cut -c1-12)
  echo "k8s-$K8S_VERSION-etcd-$ETCD_VERSION-kwok-$KWOK_VERSION-ms-$METRICS_SERVER_VERSION-$gover-$sum"
}

testbed_cache_root() { echo "${XDG_CACHE_HOME:-$HOME/.cache}/spillway/testbed"; }
# SPILLWAY_TESTBED_BIN points at another set of binaries (tests use it to inject failures).
testbed_bin_dir() { echo "${SPILLWAY_TESTBED_BIN:-$(testbed_cache_root)/$(testbed_cache_key)/bin}"; }

testbed_state_root() { echo "${SPILLWAY_STATE_DIR:-${XDG_STATE_HOME:-$HOME/.local/state}/spillway}/clusters"; }

# A random port on 127.0.0.1 that no socket uses; the caller binds it soon after. Ports come
# from below the kernel's ephemeral range, so outgoing connections never hold them.
free_port() {
  local p i lo=10000 hi
  hi=$(awk '{print $1 - 1}' /proc/sys/net/ipv4/ip_local_port_range 2>/dev/null || echo 32767)
  [ "$hi" -gt $((lo + 1000)) ] || { lo=1024; hi=$((lo + 8000)); }
  for i in $(seq 1 200); do
    p=$(( lo + (RANDOM * 32768 + RANDOM) % (hi - lo) ))
    if ! port_in_use "$p" && ! grep -qx "$p" "${TESTBED_TAKEN_PORTS:-/dev/null}" 2>/dev/null; then
      [ -n "${TESTBED_TAKEN_PORTS:-}" ] && echo "$p" >> "$TESTBED_TAKEN_PORTS"
      echo "$p"; return 0
    fi
  done
  die "could not find a free TCP port on 127.0.0.1 after 200 tries"
}

port_in_use() {
  [ -n "$(ss -Htan "( sport = :$1 )" 2>/dev/null)" ]
}

# Prints what holds a port, for error messages.
port_owner() {
  ss -Hltnp "( sport = :$1 )" 2>/dev/null | sed -n 's/.*users:((\("[^"]*"\).*/\1/p' | head -1
}

# IPv4 helpers for CIDR arithmetic.
ip_to_int() { local IFS=.; read -r a b c d <<< "$1"; echo $(( (a<<24) + (b<<16) + (c<<8) + d )); }
int_to_ip() { echo "$(( ($1>>24)&255 )).$(( ($1>>16)&255 )).$(( ($1>>8)&255 )).$(( $1&255 ))"; }

valid_cidr() {
  local ip=${1%/*} len=${1#*/}
  [[ "$1" == */* ]] || return 1
  [[ "$len" =~ ^[0-9]+$ ]] && [ "$len" -ge 8 ] && [ "$len" -le 30 ] || return 1
  [[ "$ip" =~ ^([0-9]{1,3})\.([0-9]{1,3})\.([0-9]{1,3})\.([0-9]{1,3})$ ]] || return 1
  local o; for o in "${BASH_REMATCH[@]:1}"; do [ "$o" -le 255 ] || return 1; done
}

# First usable address of a CIDR: the apiserver's in-cluster Service IP.
cidr_first_ip() {
  local ip=${1%/*} len=${1#*/} n mask
  n=$(ip_to_int "$ip"); mask=$(( (0xffffffff << (32 - len)) & 0xffffffff ))
  int_to_ip $(( (n & mask) + 1 ))
}

cidrs_overlap() {
  local a=${1%/*} al=${1#*/} b=${2%/*} bl=${2#*/} l m
  l=$(( al < bl ? al : bl )); m=$(( (0xffffffff << (32 - l)) & 0xffffffff ))
  [ $(( $(ip_to_int "$a") & m )) -eq $(( $(ip_to_int "$b") & m )) ]
}

# True while PID runs; a zombie waiting for init to reap it has stopped running.
pid_alive() {
  local st
  st=$(awk '{print $3}' "/proc/$1/stat" 2>/dev/null) || return 1
  [ -n "$st" ] && [ "$st" != Z ] && [ "$st" != X ]
}

# True when PID is alive and its command line mentions DIR (guards against PID reuse).
pid_belongs_to() {
  local pid=$1 dir=$2
  pid_alive "$pid" || return 1
  tr '\0' ' ' < "/proc/$pid/cmdline" | grep -qF -- "$dir"
}
