#!/usr/bin/env bash
# Downloads Liqo's Go module (the version pinned in liqo/go.mod) from the Go module proxy into the
# Go module cache and prints the directory holding its CRDs (deployments/liqo/charts/liqo-crds/crds).
# tst_liqo_crd_parity compares Spillway's installer/crds with them. Only this one module is fetched
# (a few MB), not liqoctl's module graph, and its hash must equal the one liqo/go.sum pins.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
GO=$(find_go) || die "Go is needed to download Liqo's CRDs from the Go module proxy; install Go 1.26 or newer (or set SPILLWAY_GO, or LIQO_CRDS_DIR for the test)"
version=$(sed -n 's/^require github.com\/liqotech\/liqo \(v[^ ]*\)$/\1/p' "$TESTBED_DIR/liqo/go.mod")
[ -n "$version" ] || die "no 'require github.com/liqotech/liqo vX.Y.Z' line in $TESTBED_DIR/liqo/go.mod"
pinned=$(sed -n "s/^github.com\/liqotech\/liqo $version \(h1:[^ ]*\)$/\1/p" "$TESTBED_DIR/liqo/go.sum")
[ -n "$pinned" ] || die "liqo/go.sum has no hash for github.com/liqotech/liqo $version"
# Outside any module (an empty directory, no workspace): the pin's go.mod and go.sum stay as they
# are, and only the Go that runs here is used.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
info=$(cd "$scratch" && GOWORK=off GOTOOLCHAIN=local GOFLAGS= "$GO" mod download -json "github.com/liqotech/liqo@$version" 2>&1) \
  || { echo "$info" >&2; die "downloading github.com/liqotech/liqo@$version failed"; }
field() { sed -n "s/^[[:space:]]*\"$1\": \"\(.*\)\",\{0,1\}$/\1/p" <<< "$info" | head -n 1; }
dir=$(field Dir)
sum=$(field Sum)
[ -n "$dir" ] || { echo "$info" >&2; die "go mod download printed no Dir for github.com/liqotech/liqo@$version"; }
[ "$sum" = "$pinned" ] || die "github.com/liqotech/liqo@$version has hash $sum, liqo/go.sum pins $pinned"
crds="$dir/deployments/liqo/charts/liqo-crds/crds"
[ -d "$crds" ] || die "no CRD directory in github.com/liqotech/liqo@$version: $crds"
echo "$crds"
