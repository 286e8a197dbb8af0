#!/usr/bin/env bash
# Fails when a translation is missing: re-runs lupdate over the sources into a scratch copy
# of each catalogue and counts entries that are unfinished (new or changed sources included).
set -euo pipefail
src=$1; tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
mapfile -t files < <(cd "$src" && find app views core agent -name '*.cpp' -o -name '*.h' | sort)
[ ${#files[@]} -gt 0 ] || { echo "no sources found under $src"; exit 1; }
rc=0
for lang in zh_CN en; do
  cp "$src/translations/spillway_$lang.ts" "$tmp/$lang.ts"
  (cd "$src" && "$LUPDATE" -silent -no-obsolete -locations none -I core -I views "${files[@]}" -ts "$tmp/$lang.ts") >/dev/null
  total=$(grep -c '<message' "$tmp/$lang.ts" || true)
  unfinished=$(grep -c 'type="unfinished"' "$tmp/$lang.ts" || true)
  if [ "$unfinished" -gt 0 ]; then
    echo "$lang: $unfinished of $total messages have no finished translation:"
    grep -B2 'type="unfinished"' "$tmp/$lang.ts" | grep '<source>' | sed 's/^ */  /'
    rc=1
  fi
  if ! diff -q <(grep '<source>' "$src/translations/spillway_$lang.ts" | sort) <(grep '<source>' "$tmp/$lang.ts" | sort) >/dev/null; then
    echo "$lang: translations/spillway_$lang.ts is out of date with the sources; run 'cmake --build build --target update_translations' and translate"
    rc=1
  fi
  echo "$lang: $total messages checked"
done
exit $rc
