#!/bin/sh
# `puzzlecore play` (TAP): any kind through pc_game from a script on stdin —
# moves, undo/redo, hint, save and load, refused moves, bad kinds and params.
cli="$PUZZLECORE_CLI"
n=0; fail=0
tap() { n=$((n+1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fail=1; fi; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

out=$(printf 'moves\nr\nundo\nredo\nu\nr\nu\nl\nl\nl\nquit\n' | "$cli" play sokoban)
[ "$(echo "$out" | sed -n 1,2p | tr '\n' ' ')" = "l r " ]; tap $? "sokoban: the start lists l and r"
[ "$(echo "$out" | tail -n 1)" = "status=ok over=1 to_move=-1 score=2" ]; tap $? "sokoban: r u r u l l l solves the default level"
echo "$out" | sed -n 5p | grep -q "^status=ok .* score=0$"; tap $? "sokoban: undo takes the push back"

out=$(printf 'x\nfill 0 0\nfill 0 0\n' | "$cli" play nonogram size=5x5 --seed 3)
echo "$out" | sed -n 1p | grep -q "^status=eparse "; tap $? "nonogram: a word that is no move is a parse error"
echo "$out" | sed -n 2p | grep -q "^status=ok "; tap $? "nonogram: fill 0 0"
echo "$out" | sed -n 3p | grep -q "^status=eillegal "; tap $? "nonogram: filling it again is not a move"

out=$(printf 'paint red 0 0\npaint 1 0 0\nhint\nundo\n' | "$cli" play nonogram colours=3 size=4x4 --seed 2)
echo "$out" | sed -n 1p | grep -q "^status=ok "; tap $? "colour nonogram: paint red 0 0"
echo "$out" | sed -n 2p | grep -q "^status=eparse "; tap $? "colour nonogram: a colour is named, not numbered"
echo "$out" | sed -n 3p | grep -q "move=\(paint [a-z]* \|cross \)[0-9]* [0-9]*$"; tap $? "colour nonogram: hint names a paint or cross"
echo "$out" | sed -n 4p | grep -q "^status=ok "; tap $? "colour nonogram: undo"

out=$(printf 'hint\nweave 0\nsave %s/p.txt\nquit\n' "$tmp" | "$cli" play pickerel level=2 --seed 5)
echo "$out" | sed -n 1p | grep -q "^status=ok .* move=[a-z]"; tap $? "pickerel: hint names a move"
head -n 1 "$tmp/p.txt" | grep -q "^puzzlecore-pickerel 1$"; tap $? "pickerel: save writes the typed save"
out=$(printf 'undo\nweave 0\n' | "$cli" play pickerel --load "$tmp/p.txt")
echo "$out" | sed -n 1p | grep -q "^status=enotfound "; tap $? "a loaded game has no undo history"
echo "$out" | sed -n 2p | grep -q "^status=\(ok\|eillegal\) "; tap $? "and plays on"

out=$(printf 'show\n' | "$cli" play patchwork league=2 --seed 1)
echo "$out" | grep -q "^market: "; tap $? "patchwork: show renders both quilts and the market"
echo "$out" | tail -n 1 | grep -q "score=.*,"; tap $? "patchwork: two scores"

"$cli" play chess </dev/null 2>"$tmp/e"; [ $? = 1 ] && grep -q "unknown kind" "$tmp/e"; tap $? "an unknown kind: exit 1 and a message"
"$cli" play pickerel level=99 </dev/null 2>"$tmp/e"; [ $? = 1 ] && grep -q "level: " "$tmp/e"; tap $? "a bad parameter: exit 1, the key named"
"$cli" play 2>/dev/null; [ $? = 2 ]; tap $? "no kind: usage, exit 2"
echo "1..$n"
exit $fail
