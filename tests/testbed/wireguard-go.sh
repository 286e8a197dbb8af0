#!/usr/bin/env bash
# Builds the newest wireguard-go pinned in wireguard-go/go.mod from the Go module proxy into a
# versioned cache outside the repo (like the testbed binaries) and prints its path. Debian's
# /usr/bin/wireguard-go is the other one bench/tunnel measures.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
GO=$(find_go) || die "Go is needed to build wireguard-go from the Go module proxy; install Go 1.26 or newer"
version=$(sed -n 's/^require golang.zx2c4.com\/wireguard \(v[^ ]*\)$/\1/p' "$TESTBED_DIR/wireguard-go/go.mod")
sum=$(cat "$TESTBED_DIR/wireguard-go/go.mod" "$TESTBED_DIR/wireguard-go/go.sum" | sha256sum | cut -c1-12)
dir="${XDG_CACHE_HOME:-$HOME/.cache}/spillway/wireguard-go/$version-$("$GO" env GOVERSION)-$sum"
if [ ! -x "$dir/wireguard-go" ]; then
  mkdir -p "$dir"
  exec 9> "$dir/.lock"; flock 9
  if [ ! -x "$dir/wireguard-go" ]; then
    note "wireguard-go: building $version (log: $dir/build.log)…"
    (cd "$TESTBED_DIR/wireguard-go" && CGO_ENABLED=0 GOFLAGS=-mod=mod "$GO" build -trimpath -o "$dir/wireguard-go.tmp" golang.zx2c4.com/wireguard) \
      > "$dir/build.log" 2>&1 || { tail -n 20 "$dir/build.log" >&2; die "building wireguard-go $version failed"; }
    mv "$dir/wireguard-go.tmp" "$dir/wireguard-go"
  fi
fi
echo "$dir/wireguard-go"
