# Two clusters of the test's own, a consumer and a provider, with everything Spillway started for
# them stopped and both torn down when the test ends (sourced by e2e tests, after assert.sh).
# pair_up PREFIX [more `cluster up` flags for the provider] sets c, p, work, KC, KP; kcc and kcp
# run kubectl against each. A test with more to undo defines pair_cleanup_extra.
RUN=$SPILLWAY_SOURCE_DIR/run
CTL=$SPILLWAY_BIN/spillctl
pair_up() {
  c=$1-c-$$; p=$1-p-$$; shift
  work=$(mktemp -d)
  trap pair_down EXIT
  KC=$("$RUN" cluster up "$c" --nodes 1 2>/dev/null | tail -n 1)
  KP=$("$RUN" cluster up "$p" --nodes 1 "$@" 2>/dev/null | tail -n 1)
}
pair_down() {
  if declare -F pair_cleanup_extra >/dev/null; then pair_cleanup_extra || true; fi
  pkill -f -- "supervise --dir $work/" 2>/dev/null || true
  local n; for n in "$c" "$p"; do "$RUN" cluster down "$n" >/dev/null 2>&1 || true; done
  rm -rf "$work" 2>/dev/null || true
}
kcc() { "$KUBECTL" --kubeconfig "$KC" "$@"; }
kcp() { "$KUBECTL" --kubeconfig "$KP" "$@"; }
