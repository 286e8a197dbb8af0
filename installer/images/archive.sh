# Sourced by the image builders (installer/images/build.sh, tests/testbed/images.sh).
# shellcheck shell=bash

# Names the image of an OCI layout REF and writes the layout as an archive (a tarred layout).
# Image importers (containerd's `ctr images import`, kind, k3s) name the image after these
# annotations.
write_oci_archive() { # layout ref archive
  python3 - "$1/index.json" "$2" <<'PY'
import json, sys
path, ref = sys.argv[1], sys.argv[2]
index = json.load(open(path))
for m in index["manifests"]:
    m.setdefault("annotations", {})
    m["annotations"]["org.opencontainers.image.ref.name"] = ref
    m["annotations"]["io.containerd.image.name"] = ref
json.dump(index, open(path, "w"))
PY
  tar -C "$1" --sort=name --owner=0 --group=0 --numeric-owner -cf "$3" .
}
