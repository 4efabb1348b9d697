#!/bin/sh
# `puzzlecore sokoban solve|index|check` (TAP): key=value output on Microban levels, the
# solutions replayed on the map, budgets, bad input and the index's one mode.
cli="$PUZZLECORE_CLI"; mb="$PUZZLECORE_DATA/sokoban/microban.txt"
n=0; fail=0
tap() { n=$((n+1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fail=1; fi; }
field() { echo "$1" | tr ' ' '\n' | sed -n "s/^$2=//p"; }
# replay LEVEL LURD: plays LURD on Microban level LEVEL from the XSB file itself (lower case
# walks, upper case pushes; a blocked step or a wrong case stops the replay) and prints
# "moves=M pushes=P solved=0|1 bad=0|1".
replay() {
    awk -v L="$1" -v sol="$2" '
        $0 == "; " L { on = 1; next }
        on && $0 == "" { on = 0 }
        on { row[h++] = $0 }
        END {
            for (y = 0; y < h; y++)
                for (x = 1; x <= length(row[y]); x++) {
                    ch = substr(row[y], x, 1)
                    wall[y, x] = ch == "#"
                    box[y, x] = ch == "$" || ch == "*"
                    goal[y, x] = ch == "." || ch == "*" || ch == "+"
                    if (ch == "@" || ch == "+") { py = y; px = x }
                }
            moves = pushes = bad = 0
            for (i = 1; i <= length(sol) && !bad; i++) {
                ch = substr(sol, i, 1); lc = tolower(ch)
                dx = lc == "l" ? -1 : lc == "r" ? 1 : 0; dy = lc == "u" ? -1 : lc == "d" ? 1 : 0
                if (dx == 0 && dy == 0 || wall[py + dy, px + dx]) { bad = 1; break }
                if (box[py + dy, px + dx]) {
                    if (ch == lc || wall[py + 2 * dy, px + 2 * dx] || box[py + 2 * dy, px + 2 * dx]) { bad = 1; break }
                    box[py + dy, px + dx] = 0; box[py + 2 * dy, px + 2 * dx] = 1; pushes++
                } else if (ch != lc) { bad = 1; break }
                py += dy; px += dx; moves++
            }
            solved = 1
            for (k in box) if (box[k] && !goal[k]) solved = 0
            printf "moves=%d pushes=%d solved=%d bad=%d\n", moves, pushes, solved, bad
        }' "$mb"
}

# solve: Microban 1 is 33 moves, 8 pushes (the issue's calibration of the index)
out=$("$cli" sokoban solve "$mb" --level 1)
tap $? "solve level 1 exits 0"
[ "$(echo "$out" | wc -l)" = 1 ]; tap $? "one line for one level"
echo "$out" | grep -q '^level=1 moves=33 pushes=8 u=3 c=14 ci=0\.0000 nodes=[0-9]* seconds=[0-9.]* solution=[lurdLURD]* status=solved$'
tap $? "level 1: 33 moves 8 pushes, u=3 c=14 ci=0.0000, solved"
sol=$(field "$out" solution)
[ "${#sol}" = 33 ]; tap $? "the solution has 33 steps"
[ "$(replay 1 "$sol")" = "moves=33 pushes=8 solved=1 bad=0" ]; tap $? "the solution replays on the map: 33 moves, 8 pushes, every box on a goal"

# move- and push-optimal differ on Microban 5: 25/8 against 27/6 (each replayed)
out=$("$cli" sokoban solve "$mb" --level 5)
echo "$out" | grep -q '^level=5 moves=25 pushes=8 .* ci=0\.0000 .* status=solved$'; tap $? "level 5 move-optimal: 25 moves 8 pushes"
[ "$(replay 5 "$(field "$out" solution)")" = "moves=25 pushes=8 solved=1 bad=0" ]; tap $? "level 5 move-optimal solution replays"
out=$("$cli" sokoban solve "$mb" --level 5 --mode pushes)
echo "$out" | grep -q '^level=5 moves=27 pushes=6 .* ci=- .* status=solved$'; tap $? "level 5 --mode pushes: 27 moves 6 pushes, no index"
[ "$(replay 5 "$(field "$out" solution)")" = "moves=27 pushes=6 solved=1 bad=0" ]; tap $? "level 5 push-optimal solution replays"
[ "$(replay 5 "$(field "$out" solution | tr 'LURD' 'lurd')")" != "moves=27 pushes=6 solved=1 bad=0" ]; tap $? "the replay rejects pushes written as walks"

# index: the line plus the formula's parts (Microban 3: Ci = D / V = 5.6 / 1.5113 = 3.7055)
out=$("$cli" sokoban index "$mb" --level 3)
tap $? "index level 3 exits 0"
echo "$out" | grep -q '^level=3 moves=41 pushes=13 u=3 c=20 ci=3\.7055 .* status=solved d=18\.6000 D=5\.6000 m=6\.4000 r=1\.0000 v=9\.4000 V=1\.5113$'
tap $? "index level 3: ci=3.7055 and d D m r v V"
[ "$(replay 3 "$(field "$out" solution)")" = "moves=41 pushes=13 solved=1 bad=0" ]; tap $? "level 3 solution replays"
out2=$("$cli" sokoban index "$mb" --level 3 --mode moves)
tap $? "index --mode moves exits 0"
[ "$(echo "$out" | sed 's/ seconds=[0-9.]*//')" = "$(echo "$out2" | sed 's/ seconds=[0-9.]*//')" ]; tap $? "index --mode moves prints the same line"
err=$("$cli" sokoban index "$mb" --level 3 --mode pushes 2>&1 >/dev/null); [ $? = 2 ]; tap $? "index --mode pushes exits 2"
[ "$(echo "$err" | wc -l)" = 1 ] && echo "$err" | grep -q 'move-optimal' && echo "$err" | grep -q 'solve --mode pushes'
tap $? "index --mode pushes: one line naming the move-optimal solution and solve --mode pushes"

# budgets: a hard level stopped after 1000 expansions gives a lower bound
out=$("$cli" sokoban solve "$mb" --level 153 --nodes 1000); [ $? = 1 ]; tap $? "a level over budget exits 1"
echo "$out" | grep -q '^level=153 moves=- pushes=- u=11 c=63 ci=- nodes=1000 seconds=[0-9.]* solution=- status=limit bound=[0-9][0-9]*$'
tap $? "level 153 --nodes 1000: status=limit with a numeric bound"
[ "$(field "$out" bound)" -ge 464 ]; tap $? "the bound is at least the start's, 464 moves (M + the walking potential)"

# check: static facts, every level of the file
out=$("$cli" sokoban check "$mb" --level 2)
[ "$out" = 'level=2 width=6 height=7 boxes=3 u=4 c=19 dead=14' ]; tap $? "check level 2: width height boxes u c dead"
[ "$("$cli" sokoban check "$mb" | wc -l)" = 155 ]; tap $? "check prints 155 lines for Microban"

# standard input, unsolvable and bad maps
out=$(printf '####\n#@$.#\n####\n' | "$cli" sokoban solve -)
echo "$out" | grep -q '^level=1 moves=1 pushes=1 u=2 c=3 ci=0\.0000 nodes=[0-9]* seconds=[0-9.]* solution=R status=solved$'
tap $? "a map from stdin: one push right"
out=$(printf '#####\n#$ .#\n# @ #\n#####\n' | "$cli" sokoban solve -); [ $? = 1 ]; tap $? "an unsolvable map exits 1"
echo "$out" | grep -q 'solution=- status=unsolvable$'; tap $? "a box in a corner: status=unsolvable"
printf '####\n#@$.#x\n####\n' | "$cli" sokoban check - 2>/dev/null; [ $? = 1 ]; tap $? "bad map exits 1"
printf '####\n#@$.#x\n####\n' | "$cli" sokoban check - 2>&1 >/dev/null | grep -q 'line 2, column 6'; tap $? "error names line and column"

# the fast mode: any solution, replayed here too; no index from it
out=$("$cli" sokoban solve "$mb" --level 6 --mode any --seconds 30); tap $? "solve --mode any exits 0"
sol=$(field "$out" solution)
echo "$out" | grep -q "^level=6 moves=[0-9]* pushes=[0-9]* u=4 c=28 ci=- nodes=[0-9]* seconds=[0-9.]* solution=[lurdLURD]* status=solved$"
tap $? "--mode any: the key=value line, ci=-"
r=$(replay 6 "$sol"); [ "$r" = "moves=$(field "$out" moves) pushes=$(field "$out" pushes) solved=1 bad=0" ]
tap $? "--mode any: the solution replays with the counts printed ($r)"
# the fast mode's solution shortened: never longer, replayed too
anymoves=$(field "$out" moves)
out=$("$cli" sokoban solve "$mb" --level 6 --mode short --seconds 30); tap $? "solve --mode short exits 0"
r=$(replay 6 "$(field "$out" solution)"); [ "$r" = "moves=$(field "$out" moves) pushes=$(field "$out" pushes) solved=1 bad=0" ]
tap $? "--mode short: the solution replays with the counts printed ($r)"
[ "$(field "$out" moves)" -le "$anymoves" ]; tap $? "--mode short: no more moves than --mode any ($(field "$out" moves) <= $anymoves)"
"$cli" sokoban index "$mb" --level 6 --mode short 2>/dev/null; [ $? = 2 ]; tap $? "index --mode short exits 2"
"$cli" sokoban index "$mb" --level 6 --mode any 2>/dev/null; [ $? = 2 ]; tap $? "index --mode any exits 2"
"$cli" sokoban solve "$mb" --level 6 --mode any --seconds 0 2>/dev/null; [ $? = 2 ]; tap $? "--seconds 0 exits 2"

# usage errors
"$cli" sokoban solve "$mb" --level 156 2>/dev/null; [ $? = 2 ]; tap $? "a level past the end exits 2"
"$cli" sokoban solve "$mb" --mode sideways 2>/dev/null; [ $? = 2 ]; tap $? "bad --mode exits 2"
"$cli" sokoban bogus 2>/dev/null; [ $? = 2 ]; tap $? "unknown command exits 2"
"$cli" sokoban --help | grep -q '^usage'; tap $? "--help"
"$cli" sokoban --help | grep -q 'index FILE .*--mode moves'; tap $? "usage lists index --mode moves"
echo "1..$n"
exit $fail
