# `puzzlecore patchwork referee` driven exactly as cg-brutaltester drives a referee, by an
# independent small driver (tests/brutal.py) speaking both of the tool's protocols: the new one
# (-p1/-p2 arguments, scores then data on stdout, -d seed=N, -l FILE.json) and the old one
# (###Start / ###Input / ###Output / ###End on stdin/stdout).  Bots: the library's search and
# baseline, one that crashes, one that stops answering, and `yes SKIP`.  Deadlines are long except where a timeout is the point.
cli="$PUZZLECORE_CLI"
py="${PYTHON:-python3}"
n=0; fail=0
tap() { n=$((n+1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fail=1; fi; }
if ! "$py" -c 'import sys' 2>/dev/null; then echo "1..0 # SKIP no python"; exit 0; fi
here=$(cd "$(dirname "$0")" && pwd)
drv="$py $here/brutal.py"
tmp=${TMPDIR:-/tmp}/cli_patchwork_referee.$$; mkdir -p "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT
printf '#!/bin/sh\nread x\nexit 3\n' >"$tmp/crash.sh"
printf '#!/bin/sh\necho SKIP\nexec sleep 30\n' >"$tmp/hang.sh"
chmod +x "$tmp/crash.sh" "$tmp/hang.sh"
ref="$cli patchwork referee --league 1 --first-ms 30000 --turn-ms 30000"
strong="$cli patchwork bot --league 1 --playouts 20"
base="$cli patchwork bot --league 1 --baseline"

# ---- the new protocol ----
out=$($drv new "$ref" "$strong" "$base" --seed 7 --log "$tmp/g.json")
echo "$out" | sed 's/^/# /'
echo "$out" | grep -qx 'result scores=92,88 winner=0 errors=0 exit=0 data=seed=7'
tap $? "new: scores in player order, then seed=7; nothing on stderr; pinned game"
"$py" - "$tmp/g.json" <<'PYEOF'
import json, sys
g = json.load(open(sys.argv[1]))
ok = g["scores"] == [92, 88] and g["seed"] == 7 and g["league"] == 1 and g["end"] == "normal" \
    and len(g["actions"]) > 10 and all(a["fixes"] == 0 for a in g["actions"])
sys.exit(0 if ok else 1)
PYEOF
tap $? "new: -l writes the game log as JSON (scores, seed, every action)"
# brutaltester's replay line: the command, then `-s -d` and the data lines it read
again=$($cli patchwork referee --league 1 --first-ms 30000 --turn-ms 30000 -p1 "$strong" -p2 "$base" -d seed=7 -s -d "seed=7
" 2>"$tmp/err" | tr '\n' ' ')
[ "$again" = "92 88 seed=7 " ] && [ ! -s "$tmp/err" ]; tap $? "new: -s -d DATA replays the same game"
out=$($drv new "$ref" "$strong" "$tmp/crash.sh" --seed 7)
echo "$out" | grep -q '^result scores=[0-9]*,-1 winner=0 errors=1 exit=0 data=seed=7$'; tap $? "new: a crashing player 2 scores -1 (the tool logs it)"
out=$($drv new "$cli patchwork referee --league 1 --first-ms 30000 --turn-ms 2000" "$tmp/hang.sh" "$strong" --seed 7)
echo "$out" | grep -q '^result scores=-1,[0-9]* winner=1 errors=1 exit=0 data=seed=7$'; tap $? "new: a player 1 that stops answering times out: -1"
out=$($drv new "$cli patchwork referee --league 2 --first-ms 30000 --turn-ms 30000" "yes SKIP" "yes SKIP" --seed 3)
echo "$out" | grep -qx 'result scores=39,38 winner=0 errors=0 exit=0 data=seed=3'
tap $? "new: two SKIP-only bots: 200 - 2 x 81 each, +1 to who finished first"
$cli patchwork referee -p1 a -p2 b -d colour=red >/dev/null 2>&1; [ $? = 2 ]; tap $? "new: -d with an unknown key exits 2"
$cli patchwork referee -p1 a >/dev/null 2>&1; [ $? = 2 ]; tap $? "new: -p1 without -p2 exits 2"

# ---- the old protocol ----
out=$($drv old "$ref" "$strong" "$base" --seed 7)
echo "$out" | grep -v '^referee: ###\(Input\|Output\)' | sed 's/^/# /'
echo "$out" | grep -qx 'referee: ###Input 0' && echo "$out" | grep -qx 'referee: ###Output 0 1'
tap $? "old: ###Input i then ###Output i 1"
echo "$out" | tail -n 1 | grep -q '^result end="###End 0 1" winner=0 '; tap $? "old: ###End 0 1, the same game as the new protocol (###Seed 7)"
# (player 2 crashes at its first turn, so the first-turn clock is what runs out: 5 s, not 30)
out=$($drv old "$cli patchwork referee --league 1 --first-ms 5000 --turn-ms 5000" "$strong" "$tmp/crash.sh" --seed 7)
echo "$out" | tail -n 1 | grep -q '^result end="###End 0 1" winner=0 '
tap $? "old: a crashing player 2 loses (the referee's clock runs out)"
out=$($drv old "$cli patchwork referee --league 1 --first-ms 30000 --turn-ms 2000" "$tmp/hang.sh" "$strong")
echo "$out" | tail -n 1 | grep -q '^result end="###End 1 0" winner=1 '; tap $? "old: a player 1 that stops answering loses"
out=$($drv old "$cli patchwork referee --league 2 --first-ms 30000 --turn-ms 30000" "yes SKIP" "yes SKIP")
echo "$out" | tail -n 1 | grep -q '^result end="###End 0 1" winner=0 '; tap $? "old: equal boards, the tie-break (finished first) ranks"
# A tie: only the action cap gives one (both scores 0; no real game reaches 80 actions, only
# four patches take one time unit), so --action-cap brings it within reach of two SKIP bots.
capref="$cli patchwork referee --league 2 --first-ms 30000 --turn-ms 30000 --action-cap 6"
out=$($drv old "$capref" "yes SKIP" "yes SKIP" --seed 3)
echo "$out" | grep -v '^referee: ###\(Input\|Output\)\|^player' | sed 's/^/# /'
echo "$out" | tail -n 1 | grep -q '^result end="###End 01" winner=draw '; tap $? "old: a tie (the action cap) ends with ###End 01, tied players in one field"
out=$($drv new "$capref" "yes SKIP" "yes SKIP" --seed 3)
echo "$out" | grep -qx 'result scores=0,0 winner=draw errors=0 exit=0 data=seed=3'; tap $? "new: the same tie prints 0 and 0"
printf '###Start 3\n' | $cli patchwork referee >/dev/null 2>&1; [ $? = 1 ]; tap $? "old: ###Start 3 is refused"
echo "1..$n"
exit $fail
