#!/bin/sh
# `puzzlecore patchwork moves|arena|bot` (TAP): the legal moves of saved games, counted from the
# patches' shapes, and the library's bot playing through the CodinGame protocol in the arena
# (playout budgets, so the games are deterministic; long deadlines, so a loaded machine
# cannot turn them into timeouts), with forfeits by crash, unknown command and timeout.
cli="$PUZZLECORE_CLI"
n=0; fail=0
tap() { n=$((n+1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fail=1; fi; }
tmp=${TMPDIR:-/tmp}/cli_patchwork.$$; mkdir -p "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT

# moves: the deck 0 1 ... 32; the market is its first three patches, 0 "OO.|.OO" (3x2),
# 1 "OO.|.OO|OO." and 2 "OO.|.OO|..O" (3x3)
deck=$(awk 'BEGIN { for (i = 0; i < 33; i++) printf "%s%d", i ? " " : "", i }')
printf 'puzzlecore-patchwork 1\nruleset 1\nseed 0\ndeck %s\n' "$deck" >"$tmp/l1.txt"
out=$("$cli" patchwork moves "$tmp/l1.txt")
tap $? "moves exits 0"
echo "$out" | tail -n 1 | grep -qx 'summary player=0 moves=155 over=0'; tap $? "league 1 start: 155 legal moves for player 0"
[ "$(echo "$out" | grep -c '^move=')" = 155 ]; tap $? "one line per move"
echo "$out" | sed -n 1p | grep -qx 'move="SKIP" code=0'; tap $? "SKIP first, code 0"
echo "$out" | sed -n 2p | grep -qx 'move="PLAY 0 0 0" code=1'; tap $? "league 1 moves have no flip or rotation: PLAY id x y"
[ "$(echo "$out" | grep -c '^move="PLAY 0 ')" = 56 ]; tap $? "patch 0 (3x2, no turns in league 1): 7 x 8 = 56 places"
[ "$(echo "$out" | grep -c '^move="PLAY 1 ')" = 49 ]; tap $? "patch 1 (3x3): 49 places"
[ "$(echo "$out" | grep -c '^move="PLAY 2 ')" = 49 ]; tap $? "patch 2 (3x3): 49 places"
echo "$out" | grep -qx 'move="PLAY 2 6 6" code=[0-9]*'; tap $? "the last place of a 3x3 patch is 6 6"
[ "$(echo "$out" | sed -n 's/.* code=//p' | sort -n | uniq | wc -l)" = 155 ]; tap $? "the codes are distinct"

# a saved move: patch 0 bought, player 1 (now behind) moves; the market is 1 2 3 ("OOOO|O..." 4x2: 48)
{ cat "$tmp/l1.txt"; echo "move PLAY 0 0 0 0 0"; } >"$tmp/l1m.txt"
out=$("$cli" patchwork moves "$tmp/l1m.txt")
echo "$out" | tail -n 1 | grep -qx 'summary player=1 moves=147 over=0'; tap $? "after one purchase: player 1, 147 moves"
[ "$(echo "$out" | grep -c '^move="PLAY 3 ')" = 48 ]; tap $? "patch 3 (4x2): 6 x 8 = 48 places"
echo "$out" | grep -q '^move="PLAY 0 '; [ $? = 1 ]; tap $? "the bought patch is gone from the market"

# league 4 from stdin: 5 buttons afford only patch 1 (price 3), in its 4 distinct orientations
out=$(printf 'puzzlecore-patchwork 1\nruleset 4\nseed 0\ndeck %s\n' "$deck" | "$cli" patchwork moves -)
echo "$out" | tail -n 1 | grep -qx 'summary player=0 moves=197 over=0'; tap $? "league 4 start: 197 moves"
[ "$(echo "$out" | grep -c '^move="PLAY 1 ')" = 196 ]; tap $? "only patch 1 is affordable: 4 x 49 places"
echo "$out" | grep -q '^move="PLAY 1 [0-9] [0-9] [01] [0-3]" code=[0-9]*$'; tap $? "league 4 moves carry flip and rotation"

# a move as printed above pastes into a league-1 save (the short form: flip and rot 0)
a=$({ cat "$tmp/l1.txt"; echo "move PLAY 0 0 0 0 0"; } | "$cli" patchwork moves -)
b=$({ cat "$tmp/l1.txt"; echo "move PLAY 0 0 0"; } | "$cli" patchwork moves -)
[ -n "$a" ] && [ "$a" = "$b" ]; tap $? "league 1 save: move PLAY 0 0 0 as printed is PLAY 0 0 0 0 0"

# bad saves
{ cat "$tmp/l1.txt"; echo "move PLAY 0 0"; } | "$cli" patchwork moves - >/dev/null 2>&1; [ $? = 1 ]; tap $? "a bad move line exits 1"
{ cat "$tmp/l1.txt"; echo "move PLAY 0 0"; } | "$cli" patchwork moves - 2>&1 >/dev/null | grep -q 'line 5, column 1'
tap $? "the error names line and column"
printf 'puzzlecore-patchwork 1\nruleset 1\n' | "$cli" patchwork moves - 2>&1 >/dev/null | grep -q "missing key 'deck'"
tap $? "a save without its deck is refused"

# arena: the search bot (50 playouts a turn) against the league-5 boss, seats swapped
out=$("$cli" patchwork arena --league 1 --games 2 --seed 5 --first-ms 30000 --turn-ms 30000 \
    "$cli patchwork bot --league 1 --playouts 50" "$cli patchwork bot --league 1 --baseline" 2>"$tmp/err")
tap $? "arena exits 0"
[ ! -s "$tmp/err" ]; tap $? "the bots stay in step with the referee (nothing on stderr)"
echo "$out" | grep -qx 'game=1 seed=5 seat0=0 score0=130 score1=98 winner=0 actions=14 end=normal loser=-'; tap $? "league 1 game 1 pinned"
echo "$out" | grep -qx 'game=2 seed=5 seat0=1 score0=130 score1=120 winner=0 actions=17 end=normal loser=-'; tap $? "league 1 game 2 (same seed, seats swapped) pinned"
echo "$out" | grep -qx 'pair a=0 b=1 games=2 wins=2 draws=0 losses=0 score=1.000 ci95=0.342,1.000 elo=+inf elo95=inf'
tap $? "pair line: score, its 95% Wilson interval, Elo"
echo "$out" | tail -n 1 | grep -q '^summary games=2 wins0=2 wins1=0 draws=0 avg0=130\.00 avg1=109\.00 forfeits0=0 forfeits1=0 seconds='
tap $? "summary: the search wins both"
out=$("$cli" patchwork arena --league 4 --games 2 --seed 5 --first-ms 30000 --turn-ms 30000 --log \
    "$cli patchwork bot --playouts 50" "$cli patchwork bot --baseline" 2>"$tmp/err")
[ ! -s "$tmp/err" ]; tap $? "league 4 (league read from the init lines): no desynchronisation"
echo "$out" | grep -qx 'game=1 seed=5 seat0=0 score0=226 score1=192 winner=0 actions=41 end=normal loser=-'; tap $? "league 4 game 1 pinned"
[ "$(echo "$out" | grep -c '^move game=1 ')" = 41 ]; tap $? "--log: one move line per action"
echo "$out" | grep -q '^move game=1 action=1 player=0 bot=0 fixes=0 text=\(SKIP\|PLAY [0-9 ]*\)$'; tap $? "--log move line"
echo "$out" | tail -n 1 | grep -q '^summary games=2 wins0=2 wins1=0 draws=0 avg0=215\.00 avg1=181\.00 '; tap $? "league 4 summary pinned"

# forfeits: -1 for a bot that exits, prints an unknown command, or times out; the other bot
# scores an empty league-1 board (200 - 2 x 81 = 38)
out=$("$cli" patchwork arena --league 1 --games 2 --first-ms 5000 "true" "echo HELLO")
echo "$out" | grep -qx 'game=1 seed=1 seat0=0 score0=-1 score1=38 winner=1 actions=0 end=crash loser=0'; tap $? "a bot that exits loses by crash"
echo "$out" | grep -qx 'game=2 seed=1 seat0=1 score0=38 score1=-1 winner=0 actions=0 end=unknown loser=1'; tap $? "an unknown command loses"
echo "$out" | tail -n 1 | grep -q 'forfeits0=1 forfeits1=1 '; tap $? "forfeits counted per bot"
out=$("$cli" patchwork arena --league 1 --games 1 --first-ms 100 "sleep 5" "$cli patchwork bot --league 1 --baseline")
echo "$out" | grep -qx 'game=1 seed=1 seat0=0 score0=-1 score1=38 winner=1 actions=0 end=timeout loser=0'; tap $? "a silent bot times out"

# three bots on two threads: every pair, games in order, a matrix
out=$("$cli" patchwork arena --league 1 --games 2 --threads 2 --first-ms 30000 --turn-ms 30000 --quiet \
    "$cli patchwork bot --league 1 --playouts 20" "$cli patchwork bot --league 1 --baseline" "true" 2>"$tmp/err")
[ "$(echo "$out" | grep -c '^game=')" = 6 ] && [ ! -s "$tmp/err" ]; tap $? "3 bots: 3 pairs x 2 games, nothing on stderr"
[ "$(echo "$out" | sed -n 's/^game=\([0-9]*\) .*/\1/p' | tr '\n' ' ')" = "1 2 3 4 5 6 " ]; tap $? "games printed in order"
echo "$out" | grep -q '^game=5 bots=1,2 seed=1 seat0=0 .* winner=0 .* end=crash loser=1$'; tap $? "bots= names the pair"
echo "$out" | grep -q '^pair a=0 b=2 games=2 wins=2 draws=0 losses=0 score=1.000 '; tap $? "pair 0-2"
echo "$out" | grep -q '^matrix' && echo "$out" | grep -q '^     2  0\.0    0\.0      -$\|^     2    0\.0    0\.0      -$'
tap $? "matrix row of the crashing bot"
# SPRT: a bot that always crashes against the baseline: H1 (Elo 0 < 200) accepted early
out=$("$cli" patchwork arena --league 1 --games 200 --threads 2 --first-ms 30000 --quiet --sprt 0,200 \
    "$cli patchwork bot --league 1 --baseline" "true")
g=$(echo "$out" | grep -c '^game=')
echo "$out" | grep -q '^sprt elo0=0 elo1=200 alpha=0.05 beta=0.05 llr=[0-9.]* bounds=-2.944,2.944 games=[0-9]* result=H1$' &&
    [ "$g" -lt 40 ]; tap $? "--sprt stops as soon as it decides ($g games of 200)"
"$cli" patchwork arena --sprt 5 a b 2>/dev/null; [ $? = 2 ]; tap $? "--sprt needs E0,E1"
# the progress line: on stderr when it is a terminal (script(1) gives one), never with --quiet,
# never in the output
if command -v script >/dev/null 2>&1 && script -qc true /dev/null >/dev/null 2>&1; then
    script -qc "\"$cli\" patchwork arena --league 1 --games 2 --first-ms 5000 true true >\"$tmp/p.out\"" \
        "$tmp/p.tty" >/dev/null 2>&1
    grep -q '2/2 games  score 1\.0-1\.0 .* eta ' "$tmp/p.tty" && ! grep -q 'eta' "$tmp/p.out"
    tap $? "progress line on a terminal's stderr: games done, score, ETA"
    script -qc "\"$cli\" patchwork arena --quiet --league 1 --games 2 --first-ms 5000 true true >/dev/null" \
        "$tmp/q.tty" >/dev/null 2>&1
    ! grep -q 'eta' "$tmp/q.tty"; tap $? "--quiet: no progress line"
else
    tap 0 "# SKIP no script(1) for a terminal"
    tap 0 "# SKIP no script(1) for a terminal"
fi

# usage errors
"$cli" patchwork arena --league 6 a b 2>/dev/null; [ $? = 2 ]; tap $? "--league 6 exits 2"
"$cli" patchwork arena onlyone 2>/dev/null; [ $? = 2 ]; tap $? "arena needs two bots"
"$cli" patchwork moves 2>/dev/null; [ $? = 2 ]; tap $? "moves needs a file"
"$cli" patchwork bogus 2>/dev/null; [ $? = 2 ]; tap $? "unknown command exits 2"
"$cli" patchwork --help | grep -q '^usage'; tap $? "--help"
"$cli" patchwork bot --help | grep -q '^usage: puzzlecore patchwork bot'; tap $? "bot --help"
echo "1..$n"
exit $fail
