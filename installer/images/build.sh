#!/usr/bin/env bash
# Builds an OCI image per agent without a container engine: umoci makes each image from a scratch
# rootfs: a base layer common to all agents with exactly the shared libraries they load (ldd, plus
# what Qt dlopens: the TLS backend and libssl), CA certificates and a passwd entry, then the agent
# itself; the gateway adds wireguard-go, ip and nft. Each is written as an OCI archive (a tarred OCI image layout) to OUT/<agent>.tar, tagged
# REGISTRY/<agent>:vVERSION — what `spillctl install --runtime kubernetes --registry --version`
# references.
# usage: build.sh BIN_DIR OUT_DIR VERSION [REGISTRY]    (needs root for umoci unpack/repack)
set -euo pipefail
bin_dir=$(cd "$1" && pwd) out=$2 version=$3 registry=${4:-localhost/spillway}
command -v umoci >/dev/null || { echo "error: umoci is missing; run ./run deps" >&2; exit 1; }
. "$(dirname "$0")/archive.sh"
mkdir -p "$out"; out=$(cd "$out" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
qt_plugins=$(dirname "$(dpkg -L libqt6network6 | grep '/plugins/tls/libqopensslbackend.so$')")/..

# Copies into ROOT every shared library FILE loads, each at its real path, with a link under the
# name the loader asks for when that differs. The rootfs is merged-/usr as Debian's (/lib is a link
# to usr/lib): Qt finds the libssl it loads at run time by listing the folders of loaded libraries.
copy_libs() {
  local root=$1 file=$2 lib
  while read -r lib; do copy_path "$root" "$lib"; done < <(ldd "$file" 2>/dev/null | grep -oE '/[^ ]+' | sort -u || true)
}
copy_path() {
  local root=$1 path=$2 real alias
  real=$(readlink -f "$path")
  if [ ! -e "$root$real" ]; then
    mkdir -p "$root$(dirname "$real")"
    cp "$real" "$root$real"
  fi
  alias=$(readlink -f "$(dirname "$path")")/$(basename "$path")
  if [ "$alias" != "$real" ] && [ ! -e "$root$alias" ] && [ ! -L "$root$alias" ]; then
    mkdir -p "$root$(dirname "$alias")"
    ln -s "$real" "$root$alias"
  fi
}
merged_usr() {
  local root=$1 d
  mkdir -p "$root/usr/bin" "$root/usr/sbin" "$root/usr/lib" "$root/usr/lib64"
  for d in bin sbin lib lib64; do ln -s "usr/$d" "$root/$d"; done
}
# A program into ROOT's /usr/bin, stripped, with its libraries.
add_program() {
  local root=$1 file=$2
  install -m 0755 "$file" "$root/usr/bin/$(basename "$file")"
  strip --strip-unneeded "$root/usr/bin/$(basename "$file")" 2>/dev/null || true   # Go binaries may refuse; harmless
  copy_libs "$root" "$file"
}

# One base layer for all agents: the shared libraries of the three agent binaries (plus what Qt
# dlopens), CA certificates and the passwd entries. Each agent image is that same layer (the
# same digest) and a layer of its own with its program, so a node unpacks the base once and its
# agents' processes share one copy of Qt's and OpenSSL's pages in memory.
build_base() {
  local layout=$work/base-layout bundle=$work/base-bundle
  umoci init --layout "$layout"
  umoci new --image "$layout:base"
  umoci unpack --image "$layout:base" "$bundle" >/dev/null
  local root=$bundle/rootfs agent
  merged_usr "$root"
  mkdir -p "$root/etc/ssl/certs" "$root/tmp" "$root/dev" "$root/proc"
  chmod 1777 "$root/tmp"
  for agent in spillway-controller-manager spillway-virtual-kubelet spillway-gateway; do copy_libs "$root" "$bin_dir/$agent"; done
  # Qt loads its TLS backend, and the backend libssl, at run time: ldd cannot see them.
  local tls; tls=$(readlink -f "$qt_plugins/tls/libqopensslbackend.so")
  copy_path "$root" "$tls"
  copy_libs "$root" "$tls"
  copy_path "$root" /usr/lib/x86_64-linux-gnu/libssl.so.3
  copy_libs "$root" /usr/lib/x86_64-linux-gnu/libssl.so.3
  cp /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/"
  printf 'root:x:0:0:root:/root:/sbin/nologin\nnonroot:x:65532:65532:nonroot:/home/nonroot:/sbin/nologin\n' >"$root/etc/passwd"
  printf 'root:x:0:\nnonroot:x:65532:\n' >"$root/etc/group"
  umoci repack --image "$layout:base" "$bundle"
}

build_image() {
  local name=$1 user=$2; shift 2
  local layout=$work/$name-layout bundle=$work/$name-bundle tag="v$version" ref="$registry/$name:v$version"
  cp -a "$work/base-layout" "$layout"
  umoci unpack --image "$layout:base" "$bundle" >/dev/null
  local root=$bundle/rootfs extra
  add_program "$root" "$bin_dir/$name"
  for extra in "$@"; do add_program "$root" "$extra"; done
  umoci repack --image "$layout:$tag" "$bundle"
  umoci rm --image "$layout:base"
  umoci config --image "$layout:$tag" --os linux --architecture amd64 --author "Spillway" \
    --config.entrypoint "/usr/bin/$name" --config.user "$user" --config.workingdir / \
    --config.env "SSL_CERT_FILE=/etc/ssl/certs/ca-certificates.crt" \
    --config.label "org.opencontainers.image.title=$name" --config.label "org.opencontainers.image.version=$version" \
    --history.comment "Spillway $name $version"
  umoci gc --layout "$layout"
  write_oci_archive "$layout" "$ref" "$out/$name.tar"
  echo "$out/$name.tar $ref $(du -m "$out/$name.tar" | cut -f1) MB"
}

build_base
build_image spillway-controller-manager 65532:65532
build_image spillway-virtual-kubelet 65532:65532
# The gateway configures interfaces and runs WireGuard: root with NET_ADMIN, as its Deployment asks.
wg=$bin_dir/wireguard-go; [ -x "$wg" ] || wg=$(command -v wireguard-go)
ipcmd=$(command -v ip) nft=$(command -v nft)
build_image spillway-gateway 0:0 "$wg" "$ipcmd" "$nft"
