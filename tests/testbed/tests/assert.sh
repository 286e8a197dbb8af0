# Assertions for the testbed's shell tests (sourced). Every failure says what was expected.
# shellcheck shell=bash
set -euo pipefail
TB=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BIN=$("$TB/testbed.sh" bin)
KUBECTL=$BIN/kubectl
FAILS=0; PASSES=0

kc() { # cluster args...
  local c=$1; shift
  "$KUBECTL" --kubeconfig "$("$TB/testbed.sh" kubeconfig "$c")" "$@"
}

pass() { PASSES=$((PASSES + 1)); echo "ok - $*"; }
fail() { FAILS=$((FAILS + 1)); echo "FAIL - $*"; }

assert_eq() { # expected actual what
  if [ "$1" = "$2" ]; then pass "$3"; else fail "$3: expected '$1', got '$2'"; fi
}
assert_contains() { # haystack needle what
  if [[ "$1" == *"$2"* ]]; then pass "$3"; else fail "$3: expected to contain '$2', got: $1"; fi
}

# Polls CMD until it succeeds, up to SECONDS; the condition is about the cluster's state, not a sleep.
eventually() { # seconds what cmd...
  local secs=$1 what=$2 i; shift 2
  for i in $(seq 1 $((secs * 4))); do
    if "$@" >/dev/null 2>&1; then pass "$what"; return 0; fi
    sleep 0.25
  done
  fail "$what (not true after ${secs}s)"; return 1
}

finish() {
  echo "$PASSES passed, $FAILS failed"
  [ "$FAILS" -eq 0 ]
}
