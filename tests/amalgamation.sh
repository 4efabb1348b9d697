#!/bin/sh
# The amalgamation (TAP): tools/amalgamate.sh writes puzzlecore.{c,h} and one
# puzzlecore-<game>.c per game; each compiles alone with
# `cc -std=c11 -pedantic -Wall -Wextra -Werror` (no configure, no config.h),
# exports exactly the library's public symbols (internal pc__ ones are
# static), and every example builds against puzzlecore.c alone and runs its
# --demo.  Uses $CC_AMALG, else cc.
n=0; fail=0
tap() { n=$((n+1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fail=1; fi; }
if [ -n "$PC_SKIP_AMALGAMATION_TEST" ]; then echo "1..0 # SKIP PC_SKIP_AMALGAMATION_TEST is set"; exit 0; fi
cc=${CC_AMALG:-cc}
command -v "${cc%% *}" >/dev/null 2>&1 || { echo "1..0 # SKIP no C compiler ($cc)"; exit 0; }
d=$(mktemp -d "${TMPDIR:-/tmp}/pc-amalg-test.XXXXXX"); trap 'rm -rf "$d"' EXIT
flags="-std=c11 -pedantic -Wall -Wextra -Werror -O1"
$SHELL "$top_srcdir/tools/amalgamate.sh" "$top_srcdir" "$d/out" > "$d/gen.log" 2>&1
tap $? "tools/amalgamate.sh writes the amalgamation"
sed 's/^/# /' "$d/gen.log"
cd "$d/out" || exit 1
echo "# puzzlecore.c: $(wc -c < puzzlecore.c) bytes, $(wc -l < puzzlecore.c) lines; puzzlecore.h: $(wc -c < puzzlecore.h) bytes"
mkdir -p inc/puzzlecore && printf '#include "../../puzzlecore.h"\n' > inc/puzzlecore/puzzlecore.h
$cc $flags -c puzzlecore.c -o puzzlecore.o 2> cc.log
tap $? "puzzlecore.c compiles alone: $cc $flags"
sed 's/^/# /' cc.log | head -n 20
# exported names: the public API, nothing internal
nm -g --defined-only puzzlecore.o | awk 'NF == 3 {print $3}' | sort > amalg.sym
bad=$(grep -v '^pc_[a-z0-9]' amalg.sym | head -n 5; grep '^pc__' amalg.sym | head -n 5)
[ -s amalg.sym ] && [ -z "$bad" ]; tap $? "only public pc_* names have external linkage ($(wc -l < amalg.sym))"
[ -z "$bad" ] || echo "# unexpected: $bad"
so="$top_builddir/lib/.libs/libpuzzlecore.so"
if [ -f "$so" ]; then
  ${NM:-nm} -D --defined-only "$so" | awk '$2 == "T" || $2 == "D" || $2 == "R" || $2 == "B" {print $3}' | sed 's/@.*//' | sort -u > lib.sym
  cmp -s lib.sym amalg.sym; tap $? "the same public symbols as the library"
  diff lib.sym amalg.sym | head -n 10 | sed 's/^/# /'
fi
for g in puzzlecore-*.c; do
  $cc $flags -c "$g" -o "${g%.c}.o" 2> cc.log
  tap $? "$g compiles alone"
  sed 's/^/# /' cc.log | head -n 10
done
$cc $flags -I"$top_srcdir/tests" -Iinc -o determinism "$top_srcdir/tests/test_determinism.c" puzzlecore.o -lm 2> cc.log &&
  ./determinism "$top_srcdir/tests/determinism.golden" > determinism.log 2>&1
tap $? "tests/test_determinism built on the amalgamation plays the golden games"
grep -v '^ok' determinism.log | head -n 10 | sed 's/^/# /'
for ex in "$top_srcdir"/examples/*.c; do
  name=$(basename "$ex" .c)
  $cc $flags -Iinc -o "ex-$name" "$ex" puzzlecore.o -lm 2> cc.log
  tap $? "examples/$name.c builds against puzzlecore.c alone"
  sed 's/^/# /' cc.log | head -n 10
  (cd "$top_srcdir" && "$d/out/ex-$name" --demo > "$d/out/$name.demo" 2>&1)
  tap $? "its --demo runs"
done
echo "1..$n"
exit $fail
