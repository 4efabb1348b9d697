#!/bin/sh
# `puzzlecore pickerel levels|play|auto` (TAP): the level table, a scripted game on stdin with
# its scores and events, and the advisor's seeded games (the deal and the advisor are
# deterministic, so the scores are pinned).
cli="$PUZZLECORE_CLI"
n=0; fail=0
tap() { n=$((n+1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fail=1; fi; }

# levels: the table of doc/pickerel.md, one line per level
out=$("$cli" pickerel levels)
tap $? "levels exits 0"
[ "$(echo "$out" | wc -l)" = 12 ]; tap $? "twelve levels"
echo "$out" | grep -qx 'level=1 width=4 max_width=6 overlap=0 colours=2 inches=120 tray=8 bead_factor=0 any=0 specific=0 wild=0 incredible=900'
tap $? "level 1: width 4-6, no overlap, 2 colours of 120 inches, tray 8"
echo "$out" | grep -qx 'level=6 width=7 max_width=9 overlap=1 colours=3 inches=100 tray=11 bead_factor=3 any=25 specific=70 wild=5 incredible=1000'
tap $? "level 6: width 7-9, beads 25/70/5"
echo "$out" | grep -qx 'level=12 width=8 max_width=10 overlap=1 colours=4 inches=75 tray=12 bead_factor=5 any=0 specific=0 wild=100 incredible=1000'
tap $? "level 12: 4 colours of 75 inches, wild beads only"

# play: level 1 seed 1 deals 0:12 first; a 12-inch spool on a 4-wide loom is three perfect
# rows (4 x 3 = 12 points), the scissors score them as a rectangle (3 x 4 = 12)
out=$(printf 'state\nweave 0\nweave 9\nfoo\nscissors\nresize 5\nstate\n' | "$cli" pickerel play --level 1 --seed 1)
tap $? "play exits 0"
echo "$out" | sed -n 1p | grep -qx 'game=1 level=1 seed=1'; tap $? "game header"
echo "$out" | sed -n 2p | grep -qx 'score=0 width=4 colour=-1 rows=0 fill=0 run=0 deal_left=21 beads=0 over=0 tray=0:12,0:12,1:12,1:9,0:10,0:12,0:12,1:5'
tap $? "the deal of seed 1: the starting state and tray"
echo "$out" | grep -qx 'move=weave status=ok score=12 over=0 events=thread:0,refill:0,weave:0,weave:0,weave:0,perfect:12'
tap $? "weave 0: three rows, a perfect event of 12"
echo "$out" | grep -qx 'move=weave status=eillegal score=12 over=0'; tap $? "weave 9 (no such slot) is refused, score unchanged"
echo "$out" | grep -qx 'move=foo status=unknown-command score=[0-9-]* over=0'; tap $? "an unknown word is answered (score and over as every answer), not fatal"
echo "$out" | grep -qx 'move=scissors status=ok score=24 over=0 events=scissors:0,rectangle:12'; tap $? "scissors: the rectangle scores 12"
echo "$out" | grep -qx 'move=resize status=ok score=24 over=0 events=resize:0'; tap $? "resize 5"
echo "$out" | grep -q '^score=24 width=5 .* deal_left=20 beads=0 over=0 tray=0:7,'; tap $? "state after: width 5, the slot refilled from the deal"
echo "$out" | tail -n 1 | grep -qx 'game=1 score=24 rating=Booched over=0'; tap $? "end of input: the game's summary line"

# play --games 2: done ends game 1 (its rectangle scored), game 2 uses seed 2 (games count from 1,
# as in every command)
out=$(printf 'weave 0\ndone\nweave 1\n' | "$cli" pickerel play --level 1 --seed 1 --games 2)
echo "$out" | grep -qx 'move=done status=ok score=24 over=1 events=rectangle:12,game-over:0'; tap $? "done scores the cloth and ends the game"
echo "$out" | grep -qx 'game=1 score=24 rating=Booched over=1'; tap $? "game 1 summary: over"
echo "$out" | grep -qx 'game=2 level=1 seed=2'; tap $? "game 2 starts on seed 2"
echo "$out" | tail -n 1 | grep -qx 'game=2 score=0 rating=Booched over=0'; tap $? "game 2 summary"

# play save: the save line names the level and seed
out=$(printf 'save\n' | "$cli" pickerel play --level 3 --seed 42)
echo "$out" | grep -q '^save=puzzlecore-pickerel 1;level 3;options 0;seed 42;'; tap $? "save prints the save text on one line"

# auto: the advisor, seeds 1 and 2 on level 1 (advisor mean about 836 in doc/pickerel.md)
out=$("$cli" pickerel auto --level 1 --seed 1 --games 2 --each)
tap $? "auto exits 0"
echo "$out" | grep -qx 'game=1 seed=1 score=861 rating=Excellent'; tap $? "seed 1: 861, Excellent"
echo "$out" | grep -qx 'game=2 seed=2 score=784 rating=Excellent'; tap $? "seed 2: 784, Excellent"
echo "$out" | tail -n 1 | grep -q '^level=1 games=2 mean=822\.5 p5=784 min=784 max=861 seconds=[0-9.]*$'; tap $? "summary: mean 822.5, p5 784, min 784, max 861"
sum=$(echo "$out" | sed -n 's/^game=.* score=\([0-9]*\) .*/\1/p' | awk '{ s += $1 } END { printf "%.1f", s / NR }')
[ "$sum" = "$(echo "$out" | tail -n 1 | sed 's/.* mean=\([0-9.]*\) .*/\1/')" ]; tap $? "the mean is the mean of the games"
out2=$("$cli" pickerel auto --level 1 --seed 1 --games 2)
[ "$(echo "$out2" | sed 's/ seconds=.*//')" = "level=1 games=2 mean=822.5 p5=784 min=784 max=861" ]; tap $? "the same seeds give the same figures again"

# usage errors
"$cli" pickerel play --level 13 </dev/null 2>/dev/null; [ $? = 2 ]; tap $? "--level 13 exits 2"
"$cli" pickerel auto --bogus 1 2>/dev/null; [ $? = 2 ]; tap $? "unknown option exits 2"
"$cli" pickerel auto --games 2>/dev/null; [ $? = 2 ]; tap $? "an option without its value exits 2"
"$cli" pickerel bogus 2>/dev/null; [ $? = 2 ]; tap $? "unknown command exits 2"
"$cli" pickerel 2>/dev/null; [ $? = 2 ]; tap $? "no command exits 2"
"$cli" pickerel --help | grep -q '^usage'; tap $? "--help"
"$cli" pickerel play --help | grep -q '^usage: puzzlecore pickerel play'; tap $? "play --help"
echo "1..$n"
exit $fail
