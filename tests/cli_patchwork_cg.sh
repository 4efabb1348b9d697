# The CodinGame single file (lib/patchwork/gen_cg.py, `make cg-patchwork`): generated from the
# tree, at most 100 000 characters, compiles alone with `cc -O2`, and plays whole games against
# `puzzlecore patchwork referee` (leagues 1 and 4) with the referee's rules: no forfeit, no
# desync message, a result for both players.
py="${PYTHON:-python3}"
cc="${CG_CC:-cc}"
n=0; fail=0
tap() { n=$((n+1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fail=1; fi; }
if ! "$py" -c 'import sys' 2>/dev/null || ! command -v "$cc" >/dev/null 2>&1; then
    echo "1..0 # SKIP no python or no cc"; exit 0
fi
top=$(cd "$(dirname "$0")/.." && pwd)
tmp=${TMPDIR:-/tmp}/cli_patchwork_cg.$$; mkdir -p "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT
"$py" "$top/lib/patchwork/gen_cg.py" "$top" "$tmp/patchwork_cg.c" >/dev/null
tap $? "gen_cg.py writes patchwork_cg.c"
size=$(wc -c <"$tmp/patchwork_cg.c")
[ "$size" -le 100000 ]; tap $? "at most 100 000 characters ($size)"
grep -q '#include "' "$tmp/patchwork_cg.c"; [ $? = 1 ]; tap $? "no local #include left"
(cd "$tmp" && "$cc" -O2 patchwork_cg.c -o pw_cg 2>"$tmp/cc.err"); r=$?
[ $r = 0 ] && [ ! -s "$tmp/cc.err" ]; tap $? "cc -O2 patchwork_cg.c: compiles and links alone, no warning"
for league in 1 4; do
    arg=""; [ $league = 1 ] && arg=" 1"
    out=$("$PUZZLECORE_CLI" patchwork referee --league $league --first-ms 30000 --turn-ms 30000 -d seed=3 \
        -l "$tmp/g$league.json" -p1 "$tmp/pw_cg$arg" -p2 "$PUZZLECORE_CLI patchwork bot --baseline --league $league" \
        2>"$tmp/err")
    s0=$(echo "$out" | sed -n 1p); s1=$(echo "$out" | sed -n 2p)
    [ -n "$s0" ] && [ "$s0" -gt 0 ] && [ "$s1" -gt 0 ] && [ ! -s "$tmp/err" ] && grep -q '"end": "normal"' "$tmp/g$league.json"
    tap $? "league $league: a whole game against the referee ($s0 to $s1 against the baseline)"
done
echo "1..$n"
exit $fail
