#!/bin/sh
# `puzzlecore nonogram solve` / `clues` on colour puzzles (TAP).
cli() { "$PUZZLECORE_CLI" nonogram "$@"; }
data="$top_srcdir/data/nonogram"
n=0; fail=0
tap() { n=$((n+1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fail=1; fi; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

cli solve "$data/colour-sample.xml" > "$tmp/out"; tap $? "colour XML solves (exit 0)"
head -1 "$tmp/out" | grep -q "width=3 height=2 status=unique grade=line solutions=1 "; tap $? "result line: unique"
[ "$(sed -n 2,3p "$tmp/out" | tr '\n' ' ')" = "Xr. rr. " ]; tap $? "rows in the file's chars, background included"

cli clues "$data/colour-sample.xml" > "$tmp/out"; tap $? "clues of a colour XML file"
grep -q "^axis=row index=0 clues=1X.1r satisfied=0$" "$tmp/out"; tap $? "row 0: 1X.1r"
grep -q "^axis=col index=2 clues=0 satisfied=1$" "$tmp/out"; tap $? "empty column: 0"

printf 'width 2\nheight 2\ncolor a #ff0000\nrows\n1a\n1a\ncolumns\n1a\n1a\n' > "$tmp/d.non"
cli solve --count 5 "$tmp/d.non" > "$tmp/out"
head -1 "$tmp/out" | grep -q "status=multiple grade=search solutions=2 "; tap $? ".non colour diagonals: multiple"
[ "$(wc -l < "$tmp/out")" = 5 ]; tap $? "both printed"
printf 'width 2\nheight 2\ncolor a #ff0000\ncolor b #00ff00\nrows\n1a,1b\n1b,1a\ncolumns\n1a,1b\n1a,1b\n' > "$tmp/n.non"
cli solve "$tmp/n.non" | grep -q "status=none grade=none solutions=0"; tap $? "no solution"

printf 'puzzlecore-nonogram 1\nsize 3x1\ncolour . ffffff white\ncolour r ff0000 red\ncolour g 00ff00 green\nsolution rg.\ngrid rg?\n' > "$tmp/s.txt"
cli clues "$tmp/s.txt" > "$tmp/out"
grep -q "^axis=row index=0 clues=1r.1g satisfied=1$" "$tmp/out"; tap $? "colour save: greyed row 1r.1g"
grep -q "^puzzle=$tmp/s.txt width=3 height=1 solved=1$" "$tmp/out"; tap $? "solved"

echo "1..$n"
exit $fail
