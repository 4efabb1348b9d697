#!/bin/sh
# Every code snippet of README.md and doc/*.md is compiled or run (TAP).
#
# Fenced blocks are picked by their info string (HACKING.md, "Snippets"):
#   ```c        compiled with -Wall -Werror and linked against the built
#               library; a block without main() is the body of main() (its
#               #include lines go first, after <puzzlecore/puzzlecore.h>,
#               <stdio.h>, <stdlib.h>, <string.h>), and is run: it must exit 0
#   ```python   run by $PYTHON against the built binding
#   ```lua      run by $LUAJIT against the built binding
#   ```sh       run by sh -e, line by line as written, with the built CLI first
#               on PATH; `#` lines are comments (expected output)
# A second word `no-run` compiles a C block without running it and leaves a
# sh/python/lua block out; `no-check` leaves any block out.  Every block runs
# with the source tree as the working directory (README's paths are relative
# to it); tests/install.sh runs README's commands again from an installed
# prefix.  Blocks with no language (output, file formats) are not code.
n=0; fail=0
tap() { n=$((n+1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fail=1; fi; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pc-snippets.XXXXXX"); trap 'rm -rf "$tmp"' EXIT
cd "$top_srcdir" || exit 1
so_dir="$top_builddir/lib/.libs"
PATH="$top_builddir/cli:$PATH"; export PATH
LD_LIBRARY_PATH="$so_dir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"; export LD_LIBRARY_PATH
PUZZLECORE_DATADIR="$top_srcdir/data"; export PUZZLECORE_DATADIR

# One file per block: $tmp/NNN.LANG, and $tmp/list with "NNN LANG FLAG FILE:LINE".
for f in README.md doc/*.md; do
  ${AWK:-awk} -v F="$f" -v dir="$tmp" '
    BEGIN { while ((getline l < (dir "/count")) > 0) k = l + 0; close(dir "/count") }
    !inb && /^```[a-z]/ {
      lang = substr($1, 4); flag = ($2 == "" ? "-" : $2)
      if (lang != "c" && lang != "sh" && lang != "python" && lang != "lua") next
      inb = 1; k++; out = sprintf("%s/%03d.%s", dir, k, lang)
      printf "%03d %s %s %s:%d\n", k, lang, flag, F, FNR >> (dir "/list"); printf "" > out; next
    }
    inb && /^```/ { inb = 0; close(out); next }
    inb { print >> out }
    END { print k > (dir "/count") }' "$f"
done

cc=${PC_CC:-cc}   # the build's compiler and flags (a sanitizer build links its runtime)
py=${PYTHON:-python3}; [ "$py" = ":" ] && py=
lj=${LUAJIT:-}

while read -r k lang flag where; do
  b="$tmp/$k"
  case "$flag" in
    no-check) echo "ok $((n+1)) - $where ($lang) # SKIP marked no-check"; n=$((n+1)); continue ;;
    no-run) [ "$lang" = c ] || { echo "ok $((n+1)) - $where ($lang) # SKIP marked no-run"; n=$((n+1)); continue; } ;;
    -) ;;
    *) tap 1 "$where: unknown snippet marking '$flag'"; continue ;;
  esac
  case "$lang" in
    c)
      if grep -q '^[a-z].*[ *]main *(' "$b.c"; then cp "$b.c" "$b.full.c"
      else
        { printf '#include <puzzlecore/puzzlecore.h>\n#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n'
          grep '^#include' "$b.c"
          printf 'int main(void)\n{\n#line %d "%s"\n' $((${where##*:} + 1)) "${where%:*}"
          sed 's/^#include.*//' "$b.c"
          printf '\n    return 0;\n}\n'; } > "$b.full.c"
      fi
      $cc -std=c11 -Wall -Wextra -Werror -Wno-unused-variable -Wno-unused-but-set-variable -Wno-empty-body \
        ${PC_CFLAGS:-} -I"$top_srcdir/include" "$b.full.c" -o "$b.exe" -L"$so_dir" -lpuzzlecore ${PC_LDFLAGS:-} -lm \
        > "$b.log" 2>&1
      rc=$?; tap $rc "$where: the C snippet compiles and links"
      [ $rc = 0 ] || { sed 's/^/# /' "$b.log" | head -n 20; continue; }
      [ "$flag" = no-run ] && continue
      (cd "$top_srcdir" && "$b.exe") > "$b.log" 2>&1
      rc=$?; tap $rc "$where: the C snippet runs (exit 0)"
      [ $rc = 0 ] || sed 's/^/# /' "$b.log" | head -n 20 ;;
    python)
      [ -n "$py" ] || { echo "ok $((n+1)) - $where # SKIP no python"; n=$((n+1)); continue; }
      $SHELL "$top_srcdir/tests/python/run.sh" "$b.python" > "$b.log" 2>&1
      rc=$?; tap $rc "$where: the Python snippet runs"
      [ $rc = 0 ] || sed 's/^/# /' "$b.log" | tail -n 20 ;;
    lua)
      [ -n "$lj" ] || { echo "ok $((n+1)) - $where # SKIP no luajit"; n=$((n+1)); continue; }
      $SHELL "$top_srcdir/tests/lua/run.sh" "$b.lua" > "$b.log" 2>&1
      rc=$?; tap $rc "$where: the Lua snippet runs"
      [ $rc = 0 ] || sed 's/^/# /' "$b.log" | tail -n 20 ;;
    sh)
      sh -e "$b.sh" > "$b.log" 2>&1
      rc=$?; tap $rc "$where: the shell snippet runs"
      [ $rc = 0 ] || sed 's/^/# /' "$b.log" | tail -n 20 ;;
  esac
done < "$tmp/list"
echo "1..$n"
exit $fail
