#!/usr/bin/env bash
# Writes a man page for one of Spillway's programs from its --help (help2man), adding for
# spillctl a COMMANDS section with every command's own --help, so the page is complete.
# usage: manpage.sh BIN_DIR PROGRAM VERSION "one-line description" OUT
set -euo pipefail
bin_dir=$1 program=$2 version=$3 description=$4 out=$5
export PATH="$bin_dir:$PATH" QT_QPA_PLATFORM=offscreen LANG=C.UTF-8 LC_ALL=C.UTF-8
include=$(mktemp)
trap 'rm -f "$include"' EXIT
{
  echo "[SEE ALSO]"
  echo "spillway(1), spillctl(1). The project's docs/ folder describes the testbed, peering and offloading end to end."
  if [ "$program" = spillctl ]; then
    echo "[COMMANDS]"
    for command in "install" "uninstall" "info" "peer" "peer out-of-band" "generate peer-command" "unpeer" \
                   "offload namespace" "unoffload namespace" "network init" "network reset" "network connect" \
                   "network disconnect" "test network" "version"; do
      echo ".SS \"spillctl $command\""
      echo ".nf"
      # shellcheck disable=SC2086
      "$program" $command --help | sed -e 's/\\/\\e/g' -e 's/^\./\\\&./'
      echo ".fi"
    done
  fi
} >"$include"
help2man --no-info --version-string="$version" --name="$description" \
  --include="$include" --output="$out" "$program"
