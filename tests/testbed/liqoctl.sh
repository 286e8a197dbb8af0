#!/usr/bin/env bash
# Builds Liqo v1.2.0's liqoctl (pinned in liqo/go.mod) from the Go module proxy into a versioned
# cache outside the repo and prints its path. e2e.liqoctl drives Spillway clusters with it, as a
# Liqo user would. Built lazily: its module graph is large, and only that test needs it.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
GO=$(find_go) || die "Go is needed to build liqoctl from the Go module proxy; install Go 1.26 or newer"
version=$(sed -n 's/^require github.com\/liqotech\/liqo \(v[^ ]*\)$/\1/p' "$TESTBED_DIR/liqo/go.mod")
sum=$(cat "$TESTBED_DIR/liqo/go.mod" "$TESTBED_DIR/liqo/go.sum" "$0" | sha256sum | cut -c1-12)
dir="${XDG_CACHE_HOME:-$HOME/.cache}/spillway/liqoctl/$version-$("$GO" env GOVERSION)-$sum"
if [ ! -x "$dir/liqoctl" ]; then
  mkdir -p "$dir"
  exec 9> "$dir/.lock"; flock 9
  if [ ! -x "$dir/liqoctl" ]; then
    note "liqoctl: building $version (log: $dir/build.log)…"
    (cd "$TESTBED_DIR/liqo" && CGO_ENABLED=0 GOFLAGS=-mod=mod "$GO" build -trimpath -o "$dir/liqoctl.tmp" \
      -ldflags "-s -w -X github.com/liqotech/liqo/pkg/liqoctl/version.LiqoctlVersion=$version" \
      github.com/liqotech/liqo/cmd/liqoctl) > "$dir/build.log" 2>&1 \
      || { tail -n 20 "$dir/build.log" >&2; die "building liqoctl $version failed"; }
    mv "$dir/liqoctl.tmp" "$dir/liqoctl"
  fi
fi
echo "$dir/liqoctl"
