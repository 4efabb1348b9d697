#!/bin/sh
# `puzzlecore nonogram clues` (TAP): key=value output on a record and a picture.
cli="$PUZZLECORE_CLI"; d="$PUZZLECORE_DATA/nonogram"
n=0; fail=0
tap() { n=$((n+1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fail=1; fi; }
out=$("$cli" nonogram clues "$d/cup.txt")
tap $? "clues of a record exits 0"
echo "$out" | head -n 1 | grep -qx 'puzzle=cup-5x5 width=5 height=5 solved=0'; tap $? "header line"
echo "$out" | grep -qx 'axis=row index=4 clues=3 satisfied=0'; tap $? "row 5 clue 3"
echo "$out" | grep -qx 'axis=col index=1 clues=1.1 satisfied=0'; tap $? "column 2 clues 1.1"
[ "$(echo "$out" | wc -l)" = 11 ]; tap $? "one line per row and column"
out=$("$cli" nonogram clues --axis rows "$d/heart.pic")
echo "$out" | grep -qx 'axis=row index=0 clues=2.2 satisfied=0'; tap $? "picture file: first row 2.2"
[ "$(echo "$out" | wc -l)" = 9 ]; tap $? "--axis rows prints rows only"
printf '0101\n1x11\n' | "$cli" nonogram clues - 2>/dev/null; [ $? = 1 ]; tap $? "bad picture exits 1"
printf '0101\n1x11\n' | "$cli" nonogram clues - 2>&1 >/dev/null | grep -q 'line 2, column 2'; tap $? "error names line and column"
"$cli" nonogram clues --help | grep -q '^usage'; tap $? "--help"
"$cli" nonogram bogus 2>/dev/null; [ $? = 2 ]; tap $? "unknown command exits 2"
echo "1..$n"
exit $fail
