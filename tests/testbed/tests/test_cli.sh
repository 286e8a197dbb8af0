#!/usr/bin/env bash
# './run cluster' end to end: up/list/kubeconfig/down, and every bad input the issue names
# (unknown flags, busy ports, an existing name, missing Go, a failed build, a component that
# fails mid-start) gives a message naming the cause and the fix, and leaves nothing running.
. "$(dirname "$0")/assert.sh"
. "$TB/lib.sh"
RUN=$SPILLWAY_SOURCE_DIR/run
name=tb-cli-$$
trap '"$RUN" cluster down "$name" >/dev/null 2>&1 || true; "$RUN" cluster down "$name-b" >/dev/null 2>&1 || true' EXIT

no_procs_of() { ! pgrep -f -- "$(testbed_state_root)/$1/" >/dev/null; }

errlog=$(mktemp)
if ! out=$("$RUN" cluster up "$name" --nodes 2 --node-cpu 2 --node-memory 4Gi --node-labels a=b 2>"$errlog"); then
  cat "$errlog"; fail "'cluster up' failed"; finish; exit 1
fi
rm -f "$errlog"
kcfg=$(echo "$out" | tail -n 1)
assert_eq "$(testbed_state_root)/$name/kubeconfig" "$kcfg" "last line of 'cluster up' is the kubeconfig path"
assert_eq 2 "$("$KUBECTL" --kubeconfig "$kcfg" get nodes -l a=b -o name | wc -l)" "two labelled nodes"
assert_eq "$kcfg" "$("$RUN" cluster kubeconfig "$name")" "'cluster kubeconfig' prints the same path"
assert_contains "$("$RUN" cluster list 2>&1)" "$name" "'cluster list' shows it"
assert_contains "$("$RUN" cluster list 2>&1 | grep "^$name ")" "running" "and says it is running"

err=$("$RUN" cluster up "$name" 2>&1 >/dev/null || true)
assert_contains "$err" "already exists and is running" "'up' on an existing name is refused"
"$KUBECTL" --kubeconfig "$kcfg" get --raw /readyz >/dev/null && pass "the existing cluster is untouched" || fail "the existing cluster broke"

port=$(sed -n 's/^APISERVER_PORT=//p' "$(testbed_state_root)/$name/cluster.env")
err=$("$RUN" cluster up "$name-b" --apiserver-port "$port" 2>&1 >/dev/null || true)
assert_contains "$err" "port $port on 127.0.0.1 is already in use" "busy port named"
assert_contains "$err" "pick another --apiserver-port" "and the fix offered"
[ ! -e "$(testbed_state_root)/$name-b" ] && pass "nothing left of the refused cluster" || fail "state dir left behind"

err=$("$RUN" cluster up "$name-b" --bogus 2>&1 >/dev/null || true)
assert_contains "$err" "unknown flag '--bogus'" "unknown flag named"
err=$("$RUN" cluster up "$name-b" --pod-cidr 10.0.0.0/33 2>&1 >/dev/null || true)
assert_contains "$err" "--pod-cidr '10.0.0.0/33' is not an IPv4 CIDR" "bad CIDR named"
err=$("$RUN" cluster up "$name-b" --pod-cidr 10.96.0.0/16 --service-cidr 10.96.0.0/20 2>&1 >/dev/null || true)
assert_contains "$err" "overlap" "overlapping CIDRs refused"
err=$("$RUN" cluster up Bad_Name 2>&1 >/dev/null || true)
assert_contains "$err" "invalid cluster name 'Bad_Name'" "bad name refused"
err=$("$RUN" frobnicate 2>&1 || true)
assert_contains "$err" "unknown command 'frobnicate'" "unknown ./run command"

# A component failing mid-start: the apiserver is replaced by one that exits; etcd, already
# started, must be stopped and the state removed.
fake=$(mktemp -d); real=$("$TB/testbed.sh" bin)
for b in etcd kube-controller-manager kube-scheduler kubectl kwok metrics-server; do ln -s "$real/$b" "$fake/$b"; done
printf '#!/bin/sh\necho "simulated apiserver crash" >&2\nexit 3\n' > "$fake/kube-apiserver"; chmod +x "$fake/kube-apiserver"
err=$(SPILLWAY_TESTBED_BIN=$fake "$TB/testbed.sh" up "$name-b" 2>&1 >/dev/null || true)
assert_contains "$err" "kube-apiserver exited during start-up" "start-up failure named"
assert_contains "$err" "simulated apiserver crash" "with the component's own log"
[ ! -e "$(testbed_state_root)/$name-b" ] && pass "half-started cluster removed" || fail "half-started state left behind"
no_procs_of "$name-b" && pass "no process of the half-started cluster left running" || fail "processes left: $(pgrep -af -- "$name-b/")"

# Missing Go and a failed build, in a scratch cache so the real binaries are not touched.
scratch=$(mktemp -d)
err=$(XDG_CACHE_HOME=$scratch SPILLWAY_GO=/nonexistent/go "$TB/build.sh" 2>&1 || true)
assert_contains "$err" "Go is not installed" "missing Go named"
assert_contains "$err" "Install Go 1.26 or newer" "and how to get it"
printf '#!/bin/sh\nif [ "$1" = env ]; then echo go1.26.8; exit 0; fi\necho "simulated compile error" >&2\nexit 1\n' > "$scratch/go"
chmod +x "$scratch/go"
err=$(XDG_CACHE_HOME=$scratch SPILLWAY_GO=$scratch/go "$TB/build.sh" 2>&1 || true)
assert_contains "$err" "simulated compile error" "failed build shows the compiler's output"
assert_contains "$err" "failed (full log:" "and where the full log is"
[ -z "$(find "$scratch/spillway/testbed" -name kube-apiserver 2>/dev/null)" ] && pass "a failed build publishes no binaries" || fail "partial binaries published"
rm -rf "$scratch" "$fake"

pids=$(cat "$(testbed_state_root)/$name"/pids/*.pid)
"$RUN" cluster down "$name" 2>/dev/null
gone=1; for p in $pids; do pid_alive "$p" && gone=0; done
assert_eq 1 "$gone" "'down' stops every process of the cluster"
[ ! -e "$(testbed_state_root)/$name" ] && pass "'down' removes the state" || fail "state left behind"
err=$("$RUN" cluster down "$name" 2>&1 || true)
assert_contains "$err" "there is no cluster '$name'" "'down' of an unknown name says so"
finish
