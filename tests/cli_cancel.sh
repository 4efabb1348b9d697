#!/bin/sh
# Ctrl-C in the CLI's searches (TAP): a long search gets SIGINT after a second and must stop
# promptly (within 5 s here; a plain run shows the time) with a clear message on stderr and
# exit status 130 (128 + SIGINT); --progress draws the progress line even though stderr is a
# file.  In `puzzlecore play` Ctrl-C cancels the hint, not the game.  The helper is
# cli/search.c, used by every command that searches.
cli="$PUZZLECORE_CLI"
data="${PUZZLECORE_DATA:-$(dirname "$0")/../data}"
n=0; fail=0
tap() { n=$((n+1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fail=1; fi; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# run_int NAME CMD...: start CMD in the background (stdin from $tmp/in if present), SIGINT
# after 1 s, wait up to 5 s; sets rc (exit status, or 999 if it did not stop) and secs
run_int() {
    name=$1; shift
    if [ -f "$tmp/in" ]; then "$@" <"$tmp/in" >"$tmp/$name.out" 2>"$tmp/$name.err" &
    else "$@" </dev/null >"$tmp/$name.out" 2>"$tmp/$name.err" & fi
    pid=$!
    sleep 1
    kill -INT "$pid" 2>/dev/null
    t0=$(date +%s%N)
    i=0
    while kill -0 "$pid" 2>/dev/null && [ $i -lt 50 ]; do sleep 0.1; i=$((i+1)); done
    if kill -0 "$pid" 2>/dev/null; then kill -KILL "$pid"; wait "$pid"; rc=999
    else wait "$pid"; rc=$?; fi
    secs=$(( ($(date +%s%N) - t0) / 1000000 ))
    echo "# $name: exit $rc, stopped $secs ms after SIGINT"
    sed 's/^/#   stderr: /' "$tmp/$name.err" | tr '\r' '\n' | tail -n 2
}

# the 24 x 24 permutation puzzle asked for every solution (24! of them): never ends
{ echo "width 24"; echo "height 24"; echo; echo rows; i=0; while [ $i -lt 24 ]; do echo 1; i=$((i+1)); done
  echo; echo columns; i=0; while [ $i -lt 24 ]; do echo 1; i=$((i+1)); done; } >"$tmp/perm.non"

run_int solve "$cli" nonogram solve --count 1000000 --quiet --limit-seconds 60 --progress "$tmp/perm.non"
[ "$rc" = 130 ]; tap $? "nonogram solve: SIGINT gives exit status 130"
tr "\r" "\n" <"$tmp/solve.err" | grep -q "puzzlecore: nonogram solve: interrupted (Ctrl-C): search cancelled$"
tap $? "nonogram solve: a clear message on stderr"
tr '\r' '\n' <"$tmp/solve.err" | grep -q "^$tmp/perm.non: [0-9]* nodes, [0-9.]* s, bound [0-9]* (Ctrl-C stops)"
tap $? "nonogram solve --progress: the progress line (nodes, seconds, cells known)"
[ ! -s "$tmp/solve.out" ]; tap $? "nonogram solve: no result line for the cancelled puzzle"

"$cli" nonogram solve --count 1000000 --quiet --limit-seconds 0.3 "$tmp/perm.non" >"$tmp/np.out" 2>"$tmp/np.err"
[ $? = 1 ] && [ ! -s "$tmp/np.err" ] && grep -q "status=limit" "$tmp/np.out"
tap $? "without a terminal and without --progress: no progress line (a limit is status=limit, exit 1)"

run_int gen "$cli" nonogram generate --width 128 --height 128 --grade probe --count 100000
[ "$rc" = 130 ] && grep -q "^puzzlecore: nonogram generate: interrupted" "$tmp/gen.err"
tap $? "nonogram generate: exit 130 and the message"

if [ -r "$data/sokoban/microban.txt" ]; then
    run_int sok "$cli" sokoban solve "$data/sokoban/microban.txt" --level 153 --seconds 60
    [ "$rc" = 130 ] && grep -q "^puzzlecore: sokoban solve: interrupted" "$tmp/sok.err" &&
        grep -q "status=cancelled$" "$tmp/sok.out"
    tap $? "sokoban solve: exit 130, the level's line says status=cancelled"
else
    echo "ok $((n=n+1)) # SKIP no data/sokoban/microban.txt"
fi

run_int pk "$cli" pickerel auto --level 3 --games 100000
[ "$rc" = 130 ] && grep -q "^puzzlecore: pickerel auto: interrupted" "$tmp/pk.err"
tap $? "pickerel auto: exit 130 and the message"
run_int sn "$cli" snapper auto --seed 1 --games 1000000
[ "$rc" = 130 ] && grep -q "^puzzlecore: snapper auto: interrupted" "$tmp/sn.err"
tap $? "snapper auto: exit 130 and the message"

# play: the 24 x 24 permutation puzzle (solution = the identity) with the right half of the
# top 13 rows crossed: 13 rows into 12 columns, the hint's search cannot end quickly
sol=""; y=0
while [ $y -lt 24 ]; do x=0; while [ $x -lt 24 ]; do if [ $x = $y ]; then sol="${sol}1"; else sol="${sol}0"; fi; x=$((x+1)); done; y=$((y+1)); done
feed() {
    y=0; while [ $y -lt 13 ]; do x=12; while [ $x -lt 24 ]; do echo "cross $x $y"; x=$((x+1)); done; y=$((y+1)); done
    echo hint; sleep 3; echo "fill 0 0"; echo quit
}
# the commands go through a pipe, so the hint starts while `sleep 3` holds the rest back
feed | "$cli" play nonogram size=24x24 solution=$sol >"$tmp/play.out" 2>"$tmp/play.err" &
pid=$!
sleep 1.5
kill -INT "$pid"
wait "$pid"
grep -q "^status=ecancelled " "$tmp/play.out" && grep -q "^status=ok " "$tmp/play.out" &&
    [ "$(tail -n 1 "$tmp/play.out" | cut -d' ' -f1)" = "status=ok" ]
tap $? "play: Ctrl-C cancels the hint (status=ecancelled), the game goes on"
tail -n 3 "$tmp/play.out" | sed "s/^/#   play: /"
echo "1..$n"
exit $fail
