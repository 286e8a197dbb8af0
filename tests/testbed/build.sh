#!/usr/bin/env bash
# Builds the pinned testbed binaries (etcd, kube-apiserver, kube-controller-manager, kube-scheduler,
# kubectl, kubelet, kube-proxy, coredns, kwok, metrics-server) from the Go module proxy into a
# versioned cache outside the repo. Idempotent and safe to run concurrently: a lock serialises
# builders and the binaries appear only once all of them built.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

GO=$(find_go) || die "Go is not installed, and the testbed builds Kubernetes from the Go module proxy.
Install Go 1.26 or newer (the toolchain the testbed's go.mod files name), put it on PATH, and run again."

need=$(sed -n 's/^go \([0-9.]*\)$/\1/p' "$TESTBED_DIR/kube/go.mod")
have=$("$GO" env GOVERSION | sed 's/^go//')
if [ "$(printf '%s\n%s\n' "$need" "$have" | sort -V | head -1)" != "$need" ]; then
  die "Go $have is too old for Kubernetes $K8S_VERSION (needs Go $need or newer).
Install a newer Go, or with Go >= 1.21 set GOTOOLCHAIN=go$need+auto so the go command fetches it."
fi

BIN=$(testbed_bin_dir)
ALL=(etcd kube-apiserver kube-controller-manager kube-scheduler kubectl kubelet kube-proxy coredns kwok metrics-server)
complete() { local b; for b in "${ALL[@]}"; do [ -x "$BIN/$b" ] || return 1; done; }

if complete; then echo "$BIN"; exit 0; fi

mkdir -p "$(testbed_cache_root)"
exec 9> "$(testbed_cache_root)/build.lock"
note "testbed: waiting for the build lock ($(testbed_cache_root)/build.lock)…"
flock 9
if complete; then echo "$BIN"; exit 0; fi

STAGE=$(mktemp -d "$(testbed_cache_root)/.build.XXXXXX")
trap 'rm -rf "$STAGE"' EXIT
export CGO_ENABLED=0 GOFLAGS=-mod=mod
LOGDIR=$(testbed_cache_root)/logs; mkdir -p "$LOGDIR"

build() { # module-dir log-name ldflags packages...
  local dir=$1 log=$LOGDIR/$2.log ldflags=$3; shift 3
  local t0=$SECONDS
  note "testbed: building $* (log: $log)…"
  if ! (cd "$TESTBED_DIR/$dir" && "$GO" build -trimpath -ldflags "$ldflags" -o "$STAGE/" "$@") > "$log" 2>&1; then
    tail -n 30 "$log" >&2
    die "building $* failed (full log: $log).
If the Go module proxy was unreachable, check the network and run again; the Go build cache keeps finished work."
  fi
  note "testbed: built $* in $((SECONDS - t0)) s"
}

minor=${K8S_VERSION#v1.}; minor=${minor%%.*}
kv="-s -w -X k8s.io/component-base/version.gitVersion=$K8S_VERSION -X k8s.io/component-base/version.gitMajor=1 -X k8s.io/component-base/version.gitMinor=$minor -X k8s.io/component-base/version.gitTreeState=clean -X k8s.io/client-go/pkg/version.gitVersion=$K8S_VERSION -X k8s.io/client-go/pkg/version.gitMajor=1 -X k8s.io/client-go/pkg/version.gitMinor=$minor"
build kube kubernetes "$kv" k8s.io/kubernetes/cmd/kube-apiserver k8s.io/kubernetes/cmd/kube-controller-manager \
      k8s.io/kubernetes/cmd/kube-scheduler k8s.io/kubernetes/cmd/kubectl \
      k8s.io/kubernetes/cmd/kubelet k8s.io/kubernetes/cmd/kube-proxy
build etcd etcd "-s -w" go.etcd.io/etcd/server/v3
mv "$STAGE/v3" "$STAGE/etcd" 2>/dev/null || mv "$STAGE/server" "$STAGE/etcd" 2>/dev/null || true
build kwok kwok "-s -w -X sigs.k8s.io/kwok/pkg/consts.Version=${KWOK_VERSION#v}" sigs.k8s.io/kwok/cmd/kwok
build metrics-server metrics-server "-s -w" sigs.k8s.io/metrics-server/cmd/metrics-server
build coredns coredns "-s -w" .

for b in "${ALL[@]}"; do [ -x "$STAGE/$b" ] || die "the build produced no $b binary (in $STAGE: $(ls "$STAGE"))"; done
mkdir -p "$(dirname "$BIN")"
rm -rf "$BIN"; mv "$STAGE" "$BIN"; trap - EXIT
chmod 755 "$BIN"
echo "$BIN"
