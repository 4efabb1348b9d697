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
[ "$(sed -n 2,5p "$tmp/out" | tr '\n' ' ')" = ".a a. a. .a " ]; tap $? "one colour named by the file: both in its chars"
cli solve "$data/sample.non" | sed -n 2p | grep -q '^[01]*$'; tap $? "black and white: rows of 0/1"
printf 'width 2\nheight 2\ncolor a #ff0000\ncolor b #00ff00\nrows\n1a,1b\n1b,1a\ncolumns\n1a,1b\n1a,1b\n' > "$tmp/n.non"
cli solve "$tmp/n.non" | grep -q "status=none grade=none solutions=0"; tap $? "no solution"

printf 'puzzlecore-nonogram 1\nsize 3x1\ncolour . ffffff white\ncolour r ff0000 red\ncolour g 00ff00 green\nsolution rg.\ngrid rg?\n' > "$tmp/s.txt"
cli clues "$tmp/s.txt" > "$tmp/out"
grep -q "^axis=row index=0 clues=1r.1g satisfied=1$" "$tmp/out"; tap $? "colour save: greyed row 1r.1g"
grep -q "^puzzle=$tmp/s.txt width=3 height=1 solved=1$" "$tmp/out"; tap $? "solved"

# from-image: PBM (ASCII and binary) and PPM (ASCII and binary)
printf 'P1\n# two on a diagonal\n6 6\n1 0 0 0 0 0\n0 1 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n' > "$tmp/d.pbm"
"$PUZZLECORE_CLI" nonogram from-image "$tmp/d.pbm" > "$tmp/out"; tap $? "from-image P1"
head -1 "$tmp/out" | grep -q "width=6 height=6 colours=1 unique=0 ambiguous=4 givens=1 changed=1 "; tap $? "diagonal pair: 4 ambiguous, 1 given, 1 change"
[ "$(grep '^ambiguous' "$tmp/out" | head -2 | tr '\n' ' ')" = "ambiguous ??.... ambiguous ??.... " ]; tap $? "ambiguous cells shown"
printf 'P4\n8 2\n\200\100' > "$tmp/b.pbm"
"$PUZZLECORE_CLI" nonogram from-image --quiet "$tmp/b.pbm" | grep -q "width=8 height=2 colours=1 unique=0 "; tap $? "from-image P4"
printf 'P3\n3 2\n255\n255 0 0  0 0 255  255 255 255\n0 0 255  0 0 255  255 255 255\n' > "$tmp/c.ppm"
"$PUZZLECORE_CLI" nonogram from-image "$tmp/c.ppm" > "$tmp/out"
head -1 "$tmp/out" | grep -q "width=3 height=2 colours=2 unique=1 ambiguous=0 givens=0 changed=0 "; tap $? "from-image P3: unique"
grep -q "^palette b 0000ff 0000ff$" "$tmp/out"; tap $? "palette lines"
printf 'P6\n2 2\n255\n\377\0\0\377\377\377\377\377\377\0\0\377' > "$tmp/c6.ppm"
"$PUZZLECORE_CLI" nonogram from-image --quiet "$tmp/c6.ppm" | grep -q "width=2 height=2 colours=2 unique=1 "; tap $? "from-image P6"
# PNG (libpng): the P3 picture above as RGBA, its white cell transparent black
printf '\211\120\116\107\015\012\032\012\000\000\000\015\111\110\104\122\000\000\000\003\000\000\000\002\010\006\000\000\000\235\164\146\032\000\000\000\025\111\104\101\124\170\332\143\370\317\300\000\102\100\014\006\377\301\034\020\000\000\173\236\013\365\255\373\025\375\000\000\000\000\111\105\116\104\256\102\140\202' > "$tmp/c.png"
if "$PUZZLECORE_CLI" nonogram from-image "$tmp/c.png" > "$tmp/out" 2> "$tmp/err"; then
  head -1 "$tmp/out" | grep -q "width=3 height=2 colours=2 unique=1 ambiguous=0 givens=0 changed=0 "; tap $? "from-image PNG: unique (a transparent pixel is white)"
  "$PUZZLECORE_CLI" nonogram from-image "$tmp/c.ppm" | sed 1d > "$tmp/ppm.rest"
  sed 1d "$tmp/out" | cmp -s - "$tmp/ppm.rest"; tap $? "from-image PNG: palette, rows and givens as the same PPM's"
  printf '\211PNG\015\012\032\012broken' > "$tmp/bad.png"
  "$PUZZLECORE_CLI" nonogram from-image "$tmp/bad.png" 2>/dev/null; [ $? = 1 ]; tap $? "a damaged PNG: exit 1"
else
  grep -q "PNG needs libpng" "$tmp/err"; tap $? "from-image PNG without libpng: the message says PNG needs libpng"
fi
printf 'P2\n2 2\n' > "$tmp/bad.pgm"
"$PUZZLECORE_CLI" nonogram from-image "$tmp/bad.pgm" 2>/dev/null; [ $? = 1 ]; tap $? "PGM refused (exit 1)"
"$PUZZLECORE_CLI" nonogram from-image 2>/dev/null; [ $? = 2 ]; tap $? "no file: usage error"

echo "1..$n"
exit $fail
