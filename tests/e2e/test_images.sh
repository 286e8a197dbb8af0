#!/usr/bin/env bash
# ./run images end to end: each agent's OCI archive is a valid image layout (digests, media
# types, config, the name importers use), its rootfs holds only what the agent needs, the agent
# runs from the unpacked rootfs (chroot) printing its version, and the controller manager from
# its image reaches a real apiserver over TLS (Qt's TLS backend and libssl are in the image).
. "$SPILLWAY_SOURCE_DIR/tests/testbed/tests/assert.sh"
RUN=$SPILLWAY_SOURCE_DIR/run
export SPILLWAY_BUILD_DIR=${SPILLWAY_BIN%/bin}
name=e2e-images-$$
work=$(mktemp -d)
cleanup() {
  if [ -n "${cm_pid:-}" ]; then kill "$cm_pid" 2>/dev/null || true; fi
  "$RUN" cluster down "$name" >/dev/null 2>&1 || true
  rm -rf "$work" 2>/dev/null || true
}
trap cleanup EXIT

# Into a folder of its own: build/images keeps the default names other tests and the testbed use.
out=$("$RUN" images --registry registry.example/team --out "$work/out" 2>"$work/images.log") || { fail "./run images failed: $(tail -20 "$work/images.log")"; finish; }
version=$("$SPILLWAY_BIN/spillctl" --version | awk '{print $NF}')
for agent in spillway-controller-manager spillway-virtual-kubelet spillway-gateway; do
  archive=$work/out/$agent.tar
  ref=registry.example/team/$agent:v$version
  assert_contains "$out" "$archive $ref" "./run images reports $agent's archive and name"
  layout=$work/$agent && mkdir -p "$layout" && tar -C "$layout" -xf "$archive"
  # The layout, checked by hand against the OCI image spec rather than by the tool that wrote it.
  if problems=$(python3 - "$layout" "$ref" "$agent" <<'PY'
import hashlib, json, os, sys
layout, ref, agent = sys.argv[1:]
problems = []
def blob(desc):
    algo, digest = desc["digest"].split(":")
    data = open(os.path.join(layout, "blobs", algo, digest), "rb").read()
    if hashlib.sha256(data).hexdigest() != digest: problems.append("digest mismatch " + desc["digest"])
    if len(data) != desc["size"]: problems.append("size mismatch " + desc["digest"])
    return data
if json.load(open(os.path.join(layout, "oci-layout"))).get("imageLayoutVersion") != "1.0.0": problems.append("oci-layout version")
index = json.load(open(os.path.join(layout, "index.json")))
(m,) = index["manifests"]
if m["mediaType"] != "application/vnd.oci.image.manifest.v1+json": problems.append("index entry media type " + m["mediaType"])
if m.get("annotations", {}).get("org.opencontainers.image.ref.name") != ref: problems.append("ref.name " + str(m.get("annotations")))
if m.get("annotations", {}).get("io.containerd.image.name") != ref: problems.append("containerd name")
manifest = json.loads(blob(m))
if manifest["config"]["mediaType"] != "application/vnd.oci.image.config.v1+json": problems.append("config media type")
config = json.loads(blob(manifest["config"]))
if (config["os"], config["architecture"]) != ("linux", "amd64"): problems.append("platform")
if config["config"].get("Entrypoint") != ["/usr/bin/" + agent]: problems.append("entrypoint " + str(config["config"].get("Entrypoint")))
if len(manifest["layers"]) != len(config["rootfs"]["diff_ids"]) or not manifest["layers"]: problems.append("layers vs diff_ids")
for layer in manifest["layers"]:
    if layer["mediaType"] != "application/vnd.oci.image.layer.v1.tar+gzip": problems.append("layer media type")
    blob(layer)
if problems:
    print("; ".join(problems))
    sys.exit(1)
print("user " + config["config"].get("User", ""))
PY
  ); then pass "$agent: a valid OCI image layout ($problems)"; else fail "$agent: $problems"; fi
  umoci unpack --image "$layout:$ref" "$work/$agent-bundle" >/dev/null 2>&1 || fail "$agent: umoci cannot unpack it"
  rootfs=$work/$agent-bundle/rootfs
  assert_eq "$agent $version" "$(chroot "$rootfs" "/usr/bin/$agent" --version 2>&1)" "$agent runs from its image's rootfs (chroot)"
  assert_eq "" "$(cd "$rootfs" && find . -path ./proc -prune -o -type f -print | grep -vE '^\./(usr/bin|usr/lib|lib|etc)/' || true)" "$agent: no stray files in the image"
  assert_eq "" "$(cd "$rootfs" && find . -path '*/work/*' -o -name '*.a' -o -name '*.h' | head -3)" "$agent: no build tree, headers or static libraries"
done
gateway=$work/spillway-gateway-bundle/rootfs
assert_contains "$(chroot "$gateway" /usr/bin/wireguard-go --version 2>&1)" "wireguard-go" "the gateway image has wireguard-go"
assert_contains "$(chroot "$gateway" /usr/bin/ip -V 2>&1)" "iproute2" "and ip"
assert_contains "$(chroot "$gateway" /usr/bin/nft -v 2>&1)" "nftables" "and nft"
[ ! -e "$work/spillway-controller-manager-bundle/rootfs/usr/bin/wireguard-go" ] && pass "the controller manager's image has no tunnel tools" ||
  fail "wireguard-go in the controller manager's image"

# The controller manager from its image talks TLS to a real apiserver (this machine's loopback is shared by the chroot).
K=$("$RUN" cluster up "$name" --nodes 1 2>/dev/null | tail -n 1)
rootfs=$work/spillway-controller-manager-bundle/rootfs
install -m 0600 -o 65532 -g 65532 "$K" "$rootfs/tmp/kubeconfig"
chroot --userspec=65532:65532 "$rootfs" /usr/bin/spillway-controller-manager --kubeconfig /tmp/kubeconfig --namespace liqo \
  --health-port $((20000 + RANDOM % 5000)) --webhook-port $((25000 + RANDOM % 5000)) --auth-port 0 >"$work/cm.log" 2>&1 &
cm_pid=$!
eventually 30 "the imaged controller manager connects to the apiserver over TLS, as a non-root user" grep -q '"connected"' "$work/cm.log" ||
  echo "# $(head -c 2000 "$work/cm.log")"
assert_contains "$(grep '"connected"' "$work/cm.log")" "\"kubernetes\":\"v1." "and reads the server's version"
kill "$cm_pid" 2>/dev/null || true; wait "$cm_pid" 2>/dev/null || true; cm_pid=
finish
