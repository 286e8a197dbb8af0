#!/usr/bin/env bash
# ./run screenshots, after the build: the console's screenshots in docs/screenshots/ (the
# README's among them), every one from the live demo — demo.sh first (it reuses the demo clusters
# when they run), then `spillway --screenshot` on each page and wizard with both clusters'
# kubeconfigs, in the light theme and English, without touching the user's history.
# usage: screenshots.sh BUILD_DIR [OUT_DIR]
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${1:?usage: screenshots.sh BUILD_DIR [OUT_DIR]}
OUT=${2:-$ROOT/docs/screenshots}
log() { echo "==> $*" >&2; }
die() { echo "error: $*" >&2; exit 1; }

"$ROOT/demo/demo.sh" "$BUILD" >/dev/null
consumer=$("$ROOT/tests/testbed/testbed.sh" kubeconfig consumer) || die "the demo's consumer is not up"
provider=$("$ROOT/tests/testbed/testbed.sh" kubeconfig provider) || die "the demo's provider is not up"
mkdir -p "$OUT"
shoot() {   # NAME ARGS...: one PNG, named after what it shows
  local name=$1; shift
  log "screenshot $name.png"
  QT_QPA_PLATFORM=offscreen timeout 120 "$BUILD/bin/spillway" --screenshot "$OUT/$name.png" --language en --theme light --history none \
    --kubeconfig "$consumer" --kubeconfig "$provider" "$@" || die "the console could not take $name.png (see above)"
}
for view in clusters graph charts dashboard pods; do
  shoot "$view" --view "$view"
done
shoot editor --view editor --namespace demo
shoot peering-wizard --view peering-wizard
shoot install-wizard --view install-wizard
shoot graph-dark --view graph --theme dark
log "written to $OUT"
