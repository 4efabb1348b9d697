#!/bin/sh
# `puzzlecore nonogram solve` / `generate` (TAP).
cli() { "$PUZZLECORE_CLI" nonogram "$@"; }
data="$top_srcdir/data/nonogram"
n=0; fail=0
tap() { n=$((n+1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fail=1; fi; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

cli solve --help | grep -q 'usage: puzzlecore nonogram solve'; tap $? "solve --help"
cli generate --help | grep -q 'usage: puzzlecore nonogram generate'; tap $? "generate --help"
cli solve >/dev/null 2>&1; [ $? = 2 ]; tap $? "solve without a file: usage error (2)"
cli solve --bogus x >/dev/null 2>&1; [ $? = 2 ]; tap $? "unknown option: usage error (2)"

printf '4x4:2/1/2/1/1.1/2/1/1\n' > "$tmp/t.txt"
cli solve "$tmp/t.txt" > "$tmp/out"; rc=$?
[ $rc = 0 ]; tap $? "Tatham 4x4 solves (exit 0)"
head -1 "$tmp/out" | grep -q "^puzzle=$tmp/t.txt width=4 height=4 status=unique grade=probe solutions=1 nodes=0 "
tap $? "result line: unique, grade probe, no search"
[ "$(sed -n 2,5p "$tmp/out" | tr '\n' ' ')" = "1001 1100 0010 0010 " ]; tap $? "solution rows"

printf '2x2:1/1/1/1\n' > "$tmp/d.txt"
cli solve --count 5 "$tmp/d.txt" > "$tmp/out"
head -1 "$tmp/out" | grep -q "status=multiple grade=search solutions=2 "; tap $? "2x2 diagonals: multiple, both printed"
[ "$(wc -l < "$tmp/out")" = 5 ]; tap $? "two 2-row grids follow"
printf '2x2:2/0/0/2\n' > "$tmp/n.txt"
cli solve "$tmp/n.txt" | grep -q "status=none grade=none solutions=0"; tap $? "no solution"

cli solve --quiet "$data/tcga-sample.txt" > "$tmp/out"
[ "$(grep -c '^puzzle=\$[123] width=25 height=25 status=\(unique\|multiple\) ' "$tmp/out")" = 3 ]
tap $? "TCGA file: three \$n results"
cli solve --count 1 --quiet "$data/sample.non" | grep -c "status=solved" | grep -q '^2$'; tap $? ".non bundle, --count 1"
cli solve --limit-nodes 1 --quiet "$data/tcga-sample.txt" > "$tmp/out"
[ "$(grep -c "status=limit grade=unknown solutions=0" "$tmp/out")" = 3 ]; tap $? "--limit-nodes 1: status=limit for the three"

cli generate --width 12 --height 9 --seed 4 --count 2 > "$tmp/gen"; tap $? "generate two"
[ "$(grep -c '^puzzle=gen-12x9-[45] width=12 height=9 seed=[45] grade=line ' "$tmp/gen")" = 2 ]; tap $? "generate result lines"
cli generate --width 12 --height 9 --seed 4 --count 2 | sed 's/ seconds=.*//' > "$tmp/gen2"
sed 's/ seconds=.*//' "$tmp/gen" | cmp -s - "$tmp/gen2"; tap $? "same seed, same output (timing aside)"
cli generate --width 10 --height 10 --count 3 --grade probe --format non > "$tmp/g.non"; tap $? "generate --format non"
cli solve --quiet "$tmp/g.non" > "$tmp/out"
[ "$(grep -c 'status=unique grade=\(line\|probe\)' "$tmp/out")" = 3 ]; tap $? "generated bundle: 3 unique, grade <= probe"
cli generate --width 25 --height 25 --count 2 --format tcga > "$tmp/g.tcga"
cli solve --quiet "$tmp/g.tcga" | grep -c '^puzzle=\$[12] .*status=unique' | grep -q '^2$'; tap $? "generated TCGA file solves"
printf '# a picture\n.#.\n###\n.#.\n' > "$tmp/p.pic"
cli solve "$tmp/p.pic" > "$tmp/out"
head -1 "$tmp/out" | grep -q "width=3 height=3 status=unique grade=line"; tap $? "a picture file: the puzzle it makes"
[ "$(sed -n 2,4p "$tmp/out" | tr '\n' ' ')" = "010 111 010 " ]; tap $? "picture solved back"
echo "1..$n"
exit $fail
