#!/usr/bin/env bash
# ./run package end to end: the .deb's file list and metadata, the package installed into a
# scratch root with dpkg, and the installed spillctl putting Spillway into a cluster of its own
# with the agents from the package (local runtime); the .tar.gz unpacked and run.
. "$SPILLWAY_SOURCE_DIR/tests/testbed/tests/assert.sh"
RUN=$SPILLWAY_SOURCE_DIR/run
export SPILLWAY_BUILD_DIR=${SPILLWAY_BIN%/bin}
name=e2e-package-$$
work=$(mktemp -d)
cleanup() {
  if [ -x "$work/root/usr/bin/spillctl" ] && [ -n "${K:-}" ]; then "$work/root/usr/bin/spillctl" uninstall --kubeconfig "$K" --force >/dev/null 2>&1 || true; fi
  pkill -f -- "supervise --dir $work/" 2>/dev/null || true
  "$RUN" cluster down "$name" >/dev/null 2>&1 || true
  rm -rf "$work" 2>/dev/null || true
}
trap cleanup EXIT

out=$("$RUN" package 2>"$work/package.log") || { fail "./run package failed: $(tail -20 "$work/package.log")"; finish; }
version=$("$SPILLWAY_BIN/spillctl" --version | awk '{print $NF}')
deb=$(echo "$out" | grep '\.deb$') tgz=$(echo "$out" | grep '\.tar\.gz$')
assert_eq "spillway_${version}_amd64.deb" "$(basename "$deb")" "./run package prints the .deb"
assert_eq "spillway-${version}-linux-x86_64.tar.gz" "$(basename "$tgz")" "and the .tar.gz"

# --- the .deb: what it holds and what it says -----------------------------------------------
files=$(dpkg-deb -c "$deb" | awk '{print $6}' | grep -v '/$' | sort)
expected=$(printf '%s\n' ./usr/bin/spillctl ./usr/bin/spillway ./usr/bin/spillway-controller-manager ./usr/bin/spillway-gateway \
  ./usr/bin/spillway-virtual-kubelet ./usr/share/applications/spillway.desktop ./usr/share/doc/spillway/README.md \
  ./usr/share/icons/hicolor/scalable/apps/spillway.svg ./usr/share/man/man1/spillctl.1.gz ./usr/share/man/man1/spillway-controller-manager.1.gz \
  ./usr/share/man/man1/spillway-gateway.1.gz ./usr/share/man/man1/spillway-virtual-kubelet.1.gz ./usr/share/man/man1/spillway.1.gz | sort)
assert_eq "$expected" "$files" "the .deb holds the programs, desktop entry, icon, README and man pages, nothing else"
assert_eq spillway "$(dpkg-deb -f "$deb" Package)" "package name"
assert_eq "$version" "$(dpkg-deb -f "$deb" Version)" "package version is the release's"
depends=$(dpkg-deb -f "$deb" Depends)
for lib in libqt6core6 libqt6widgets6 libqt6charts6 libqt6network6 libyaml-cpp0.7 libssl3; do
  assert_contains "$depends" "$lib" "Depends names $lib (from dpkg-shlibdeps)"
done
assert_contains "$(dpkg-deb -f "$deb" Recommends)" "wireguard-go" "Recommends the gateway's wireguard-go"
dpkg-deb -x "$deb" "$work/extracted"
desktop-file-validate "$work/extracted/usr/share/applications/spillway.desktop" && pass "the desktop entry validates" ||
  fail "desktop-file-validate refused the desktop entry"
assert_eq "" "$(readelf -S "$work/extracted/usr/bin/spillctl" | grep -oE '\.(debug_info|symtab)' || true)" "programs are stripped"
man=$(MANWIDTH=120 man -l "$work/extracted/usr/share/man/man1/spillctl.1.gz" 2>/dev/null)
assert_contains "$man" "spillctl offload namespace" "spillctl(1) documents every command"
assert_contains "$man" "--namespace-mapping-strategy" "with its flags"
assert_contains "$(MANWIDTH=120 man -l "$work/extracted/usr/share/man/man1/spillway.1.gz" 2>/dev/null)" "--screenshot" "spillway(1) documents the console's options"

# --- dpkg installs it into a scratch root; the installed programs run ---------------------------
root=$work/root
mkdir -p "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates" "$root/var/lib/dpkg/triggers"
touch "$root/var/lib/dpkg/status"
# The scratch root has no libraries of its own: dependencies are this machine's (--force-depends).
if dpkg --root="$root" --force-depends --force-script-chrootless -i "$deb" >"$work/dpkg.log" 2>&1; then
  pass "dpkg --root installs the package"
else
  fail "dpkg --root failed: $(cat "$work/dpkg.log")"
fi
assert_contains "$(dpkg --root="$root" -s spillway 2>/dev/null)" "Status: install ok installed" "dpkg records it installed"
assert_eq "Client version: $version" "$("$root/usr/bin/spillctl" version --client 2>&1)" "the installed spillctl runs: spillctl version"
assert_eq "Spillway $version" "$("$root/usr/bin/spillway" --version 2>/dev/null)" "the installed console runs: spillway --version"
for agent in spillway-controller-manager spillway-virtual-kubelet spillway-gateway; do
  assert_eq "$agent $version" "$("$root/usr/bin/$agent" --version 2>&1)" "the installed $agent runs"
done

# The packaged spillctl installs Spillway with the packaged agents (its own folder, as a user's /usr/bin).
K=$("$RUN" cluster up "$name" --nodes 1 2>/dev/null | tail -n 1)
if out=$("$root/usr/bin/spillctl" install --kubeconfig "$K" --cluster-id packaged --state-dir "$work/state" 2>&1); then
  pass "the packaged spillctl installs into a cluster"
else
  fail "install from the package failed: $out"
fi
eventually 30 "the packaged controller manager is healthy" bash -c "'$root/usr/bin/spillctl' info --kubeconfig '$K' --get health.healthy | grep -qx true"
assert_contains "$(pgrep -af -- "--state-dir=$work/state" || true)" "$root/usr/bin/spillway-controller-manager" "the controller manager running is the packaged one"

# --- the .tar.gz ---------------------------------------------------------------------------------
mkdir -p "$work/tgz" && tar -C "$work/tgz" -xzf "$tgz"
top=$work/tgz/spillway-${version}-linux-x86_64
assert_eq "Client version: $version" "$("$top/bin/spillctl" version --client 2>&1)" "the .tar.gz's spillctl runs"
[ -f "$top/share/man/man1/spillctl.1.gz" ] && [ -f "$top/share/applications/spillway.desktop" ] &&
  pass "the .tar.gz has the man pages and desktop entry" || fail "the .tar.gz lacks man pages or the desktop entry"
finish
