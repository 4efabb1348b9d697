#!/bin/sh
# ABI check (TAP): the built library against the committed baseline in abi/.
#  1. every exported symbol is pc_* (no internal pc__ helper, nothing else);
#  2. no symbol of abi/symbols.txt has disappeared;
#  3. abidiff against abi/libpuzzlecore.abi reports no change other than
#     added symbols (skipped when abigail-tools is not installed).
# Refresh the baseline with `make abi-update` only together with a C:R:A change.
so="$top_builddir/lib/.libs/libpuzzlecore.so"
base="$top_srcdir/abi"
n=0; fail=0
tap() { n=$((n+1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fail=1; fi; }

if [ ! -f "$so" ]; then echo "1..0 # SKIP no shared library built"; exit 0; fi
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
${NM:-nm} -D --defined-only "$so" | awk '{print $3}' | sort > "$tmp/now"

bad=$(grep -v '^pc_[a-z0-9]' "$tmp/now" | grep -v '^PUZZLECORE_' || true)
internal=$(grep '^pc__' "$tmp/now" || true)
[ -z "$bad$internal" ]; tap $? "every exported symbol is a public pc_* name"
[ -z "$bad$internal" ] || echo "# unexpected: $bad $internal"

grep -q '^PUZZLECORE_1.0$' "$tmp/now"; tap $? "symbols carry the PUZZLECORE_1.0 version node"

missing=$(comm -23 "$base/symbols.txt" "$tmp/now")
[ -z "$missing" ]; tap $? "no baseline symbol removed"
[ -z "$missing" ] || echo "# removed: $missing"
added=$(comm -13 "$base/symbols.txt" "$tmp/now" | wc -l)
echo "# $added symbol(s) added since the baseline"

if [ -n "$ABIDIFF" ] && [ -x "$ABIDIFF" ] && [ -s "$base/libpuzzlecore.abi" ]; then
  "$ABIDIFF" --no-added-syms --headers-dir2 "$top_srcdir/include/puzzlecore" \
    "$base/libpuzzlecore.abi" "$so" > "$tmp/diff" 2>&1
  rc=$?
  tap $rc "abidiff: no removed or changed function or type"
  [ $rc = 0 ] || sed 's/^/# /' "$tmp/diff" | head -40
else
  echo "ok $((n=n+1)) - abidiff # SKIP abigail-tools not installed"
fi
echo "1..$n"
exit $fail
