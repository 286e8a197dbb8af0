#!/usr/bin/env bash
# The shared pair for integration tests: ci-consumer and ci-provider, started side by side.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
case "${1:-}" in
  up)
    "$here/testbed.sh" down ci-consumer ci-provider >/dev/null 2>&1 || true
    "$here/testbed.sh" up ci-consumer --nodes 3 --node-cpu 4 --node-memory 8Gi \
        --node-labels topology.kubernetes.io/region=eu-south > /tmp/.spillway-fixture-consumer.$$ &
    c=$!
    "$here/testbed.sh" up ci-provider --nodes 3 --node-cpu 8 --node-memory 16Gi --node-pods 200 \
        --node-labels topology.kubernetes.io/region=eu-west,spillway.dev/pool=blue > /tmp/.spillway-fixture-provider.$$ &
    p=$!
    rc=0; wait $c || rc=1; wait $p || rc=1
    cat /tmp/.spillway-fixture-consumer.$$ /tmp/.spillway-fixture-provider.$$; rm -f /tmp/.spillway-fixture-*.$$
    if [ $rc -ne 0 ]; then "$here/testbed.sh" down ci-consumer ci-provider >/dev/null 2>&1 || true; exit 1; fi ;;
  down)
    "$here/testbed.sh" down ci-consumer ci-provider ;;
  *) echo "usage: fixture.sh up|down" >&2; exit 2 ;;
esac
