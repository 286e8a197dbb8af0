#!/usr/bin/env bash
# The testbed's own two images, made from Debian's busybox-static with umoci (no registry, no
# container engine), as OCI archives that real nodes import:
#   testbed.spillway.dev/pause:1     the pod sandbox: sleeps until killed
#   localhost/spillway/workload:v1   the workload of the tests and the demo: busybox's httpd on
#                                    :8080 answering /cgi-bin/echo with the pod's name and the
#                                    request, logging each request; sh, wget, nc and friends
# usage: images.sh        prints the folder holding pause.tar and workload.tar (built once per key)
set -euo pipefail
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/../../installer/images/archive.sh"

PAUSE_IMAGE=testbed.spillway.dev/pause:1
WORKLOAD_IMAGE=localhost/spillway/workload:v1

key=$( (dpkg-query -W -f '${Version}' busybox-static 2>/dev/null || echo none; cat "$0" "$(dirname "$0")/../../installer/images/archive.sh") | sha256sum | cut -c1-12)
out=$(testbed_cache_root)/images/$key
if [ -f "$out/pause.tar" ] && [ -f "$out/workload.tar" ]; then echo "$out"; exit 0; fi
command -v umoci >/dev/null || die "umoci is missing; run ./run deps"
[ -x /bin/busybox ] || die "busybox-static is missing (/bin/busybox); run ./run deps"
[ "$(id -u)" = 0 ] || die "building the testbed's images unpacks layers with umoci, which needs root here"

mkdir -p "$(testbed_cache_root)"
exec 9> "$(testbed_cache_root)/images.lock"
flock 9
if [ -f "$out/pause.tar" ] && [ -f "$out/workload.tar" ]; then echo "$out"; exit 0; fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
stage=$work/out; mkdir -p "$stage"

# image NAME REF ROOTFS_FILLER ENTRYPOINT... — FILLER is a function given the rootfs path.
image() {
  local name=$1 ref=$2 filler=$3; shift 3
  local layout=$work/$name bundle=$work/$name-bundle tag=${ref##*:}
  umoci init --layout "$layout"
  umoci new --image "$layout:$tag"
  umoci unpack --image "$layout:$tag" "$bundle" >/dev/null
  local root=$bundle/rootfs
  mkdir -p "$root/bin" "$root/tmp" "$root/etc" "$root/proc" "$root/dev" "$root/sys"
  chmod 1777 "$root/tmp"
  install -m 0755 /bin/busybox "$root/bin/busybox"
  "$filler" "$root"
  umoci repack --image "$layout:$tag" "$bundle"
  local ep=() a
  for a in "$@"; do ep+=(--config.entrypoint "$a"); done
  umoci config --image "$layout:$tag" --os linux --architecture amd64 --author "Spillway testbed" \
    "${ep[@]}" --config.workingdir / --config.env PATH=/bin --history.comment "Spillway testbed $name"
  umoci gc --layout "$layout"
  write_oci_archive "$layout" "$ref" "$stage/$name.tar"
}

pause_rootfs() { :; }
workload_rootfs() {
  local root=$1 applet
  for applet in sh ash cat echo env hostname httpd ls nc nslookup ps sleep wget date head tail dd md5sum sha256sum tar \
                mkdir rm cp mv id uname seq top vi less kill printf sed grep awk true false test timeout; do
    ln -s busybox "$root/bin/$applet"
  done
  printf 'root:x:0:0:root:/root:/bin/sh\nnobody:x:65534:65534:nobody:/:/bin/false\n' > "$root/etc/passwd"
  printf 'root:x:0:\nnogroup:x:65534:\n' > "$root/etc/group"
  mkdir -p "$root/www/cgi-bin"
  echo "spillway workload" > "$root/www/index.html"
  cat > "$root/www/cgi-bin/echo" <<'EOF'
#!/bin/sh
printf 'Content-Type: text/plain\r\n\r\n'
echo "pod ${POD_NAME:-$(hostname)} in namespace ${POD_NAMESPACE:-?} on node ${NODE_NAME:-?}"
echo "request $REQUEST_METHOD $REQUEST_URI from $REMOTE_ADDR"
EOF
  chmod 0755 "$root/www/cgi-bin/echo"
}

image pause "$PAUSE_IMAGE" pause_rootfs /bin/busybox sleep inf
image workload "$WORKLOAD_IMAGE" workload_rootfs /bin/busybox httpd -f -vv -p 8080 -h /www

mkdir -p "$(dirname "$out")"
rm -rf "$out"; mv "$stage" "$out"
echo "$out"
