#!/bin/sh
# `puzzlecore snapper play|auto|show` (TAP): a scripted seeded game scoring two figures, the
# advisor and the greedy player on pinned seeds, and saved fields rendered.
cli="$PUZZLECORE_CLI"
n=0; fail=0
tap() { n=$((n+1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fail=1; fi; }

# play: the advisor's first 16 moves of seed 1 (classic): -1 a drop (S10), two figures of 12
script="1:0 1:0 4:3 1:0 0:3 1:3 0:0 0:2 4:3 1:1 1:3 2:3 2:1 4:0 3:3 3:3"
out=$("$cli" snapper play --seed 1 --moves "$script")
tap $? "play exits 0"
[ "$(echo "$out" | wc -l)" = 17 ]; tap $? "one line per move and a summary"
echo "$out" | sed -n 1p | grep -qx 'game=1 move=1 kind=drop column=1 turns=0 status=ok points=-1.0000 figures=0 score=-1.0000'
tap $? "a drop costs one point"
echo "$out" | grep -qx 'game=1 move=12 kind=drop column=2 turns=3 status=ok points=-1.0000 figures=0 score=-12.0000'
tap $? "twelve drops, no figure: -12"
echo "$out" | grep -qx 'game=1 move=13 kind=drop column=2 turns=1 status=ok points=11.0000 figures=1 score=-1.0000'
tap $? "move 13 closes the first figure: +12 - 1"
echo "$out" | grep -qx 'game=1 move=16 kind=drop column=3 turns=3 status=ok points=11.0000 figures=2 score=8.0000'
tap $? "move 16 closes the second figure"
echo "$out" | tail -n 1 | grep -qx 'game=1 seed=1 score=8.0000 figures=2 drops=16 drains=0 over=0 end=playing'
tap $? "summary: score 8, 2 figures, 16 drops"
[ "$(echo "$out" | sed -n 's/.* points=\([-0-9.]*\) .*/\1/p' | awk '{ s += $1 } END { printf "%.4f", s }')" = 8.0000 ]
tap $? "the points of the moves add up to the score"

# moves from stdin, refused moves, drains, two games
out=$(echo "7 1:9 0 x" | "$cli" snapper play --seed 1 --games 2)
tap $? "play from stdin exits 0"
echo "$out" | grep -qx 'game=1 move=1 kind=drop column=7 turns=0 status=einval points=0.0000 figures=0 score=0.0000'
tap $? "column 7 is refused (einval), nothing scored"
echo "$out" | grep -qx 'game=1 move=2 kind=drop column=1 turns=9 status=einval points=0.0000 figures=0 score=0.0000'
tap $? "9 turns are refused"
echo "$out" | grep -qx 'game=1 move=4 kind=drain status=ok points=0.0000 figures=0 score=-1.0000'; tap $? "a drain scores nothing (S10)"
echo "$out" | grep -qx 'game=1 seed=1 score=-1.0000 figures=0 drops=1 drains=1 over=0 end=playing'; tap $? "game 1 summary: one drop, one drain"
echo "$out" | grep -qx 'game=2 seed=2 score=-1.0000 figures=0 drops=1 drains=1 over=0 end=playing'; tap $? "game 2 plays the same script on seed 2"
"$cli" snapper play --seed 1 --moves "0 zz 1" >/dev/null 2>&1; [ $? = 2 ]; tap $? "a malformed move exits 2"
"$cli" snapper play --seed 1 --moves "0 zz 1" 2>&1 >/dev/null | grep -q "bad move 'zz'"; tap $? "the message names the move"

# auto: the advisor and the greedy player on seeds 1-2 (deterministic)
out=$("$cli" snapper auto --seed 1 --games 2 --each)
tap $? "auto exits 0"
echo "$out" | grep -qx 'seed=1 score=1278.7500 figures=25 drops=72 drains=3 end=target'; tap $? "advisor seed 1: 1278.75 in 72 drops"
echo "$out" | grep -qx 'seed=2 score=482.0000 figures=20 drops=49 drains=0 end=target'; tap $? "advisor seed 2: 482 in 49 drops"
echo "$out" | tail -n 1 | grep -q '^games=2 mean=880\.3750 figures=22\.50 drops=60\.50 drains=1\.50 capped=0 player=advisor preset=classic seconds=[0-9.]*$'
tap $? "advisor summary: the means of the two games"
out=$("$cli" snapper auto --seed 1 --games 2 --player greedy)
echo "$out" | grep -q '^games=2 mean=30\.1250 figures=20\.00 drops=218\.50 drains=7\.00 capped=0 player=greedy preset=classic '
tap $? "greedy on seeds 1-2: mean 30.125, far below the advisor"
out=$("$cli" snapper auto --seed 1 --games 1 --budget 200 --max-drops 30 --each)
echo "$out" | sed -n 1p | grep -qx 'seed=1 score=18.0000 figures=2 drops=30 drains=0 end=capped'; tap $? "--max-drops 30 stops the game: end=capped"
echo "$out" | tail -n 1 | grep -q ' capped=1 '; tap $? "the summary counts it in capped="
out=$("$cli" snapper auto --seed 3 --games 2 --preset easy)
echo "$out" | grep -q '^games=2 mean=627\.6667 .* player=advisor preset=easy '; tap $? "preset easy on seeds 3-4"

# show: a field built by hand (doc/snapper.md, save format)
save='puzzlecore-snapper 1\ncolours 3\nseed 7\nscore 5040\nfigures 1\ndrops 3\nrow 0 NE:1222 NW:2221 . . I:1122\n'
out=$(printf "$save" | "$cli" snapper show -)
tap $? "show exits 0"
echo "$out" | tail -n 1 | grep -qx 'score=1.0000 figures=1 drops=3 drains=0 over=0 end=playing'; tap $? "show: 5040 units are one point"
echo "$out" | grep -q '^|2|11|2 .* 2|1|$'; tap $? "show draws the bottom row's pieces"
printf 'puzzlecore-snapper 1\ncolours 3\nrow 0 NE:1222 QQ . . .\n' | "$cli" snapper show - 2>/dev/null; [ $? = 1 ]; tap $? "a bad save exits 1"
printf 'puzzlecore-snapper 1\ncolours 3\nrow 0 NE:1222 QQ . . .\n' | "$cli" snapper show - 2>&1 >/dev/null | grep -q 'line 3, column 15'
tap $? "the error names line and column"
printf 'puzzlecore-snapper 1\ncolours 3\nrow 1 ES:2122 SW:2212 . . .\nrow 0 NE:1222 NW:2221 . . .\n' | "$cli" snapper show - 2>&1 >/dev/null |
    grep -q 'closed figure'; tap $? "a field holding a closed figure is refused"

# usage errors
"$cli" snapper show >/dev/null 2>&1; [ $? = 2 ]; tap $? "show without a file exits 2"
[ -z "$("$cli" snapper show 2>/dev/null)" ] && "$cli" snapper show 2>&1 | grep -q '^usage'; tap $? "... with its usage on stderr, not stdout"
"$cli" snapper show --help | grep -q '^usage'; tap $? "show --help: usage on stdout"
"$cli" snapper auto --player foo 2>/dev/null; [ $? = 2 ]; tap $? "unknown player exits 2"
"$cli" snapper auto --preset weird 2>/dev/null; [ $? = 2 ]; tap $? "unknown preset exits 2"
"$cli" snapper bogus 2>/dev/null; [ $? = 2 ]; tap $? "unknown command exits 2"
"$cli" snapper --help | grep -q '^usage'; tap $? "--help"
echo "1..$n"
exit $fail
