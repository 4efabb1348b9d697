#!/bin/sh
# Install test (TAP): `make install` into a fresh prefix, then build and run
# an example with nothing but pkg-config, and import both bindings from there.
n=0; fail=0
tap() { n=$((n+1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fail=1; fi; }
if [ -n "$PC_SKIP_INSTALL_TEST" ]; then echo "1..0 # SKIP PC_SKIP_INSTALL_TEST is set"; exit 0; fi
prefix=$(mktemp -d "${TMPDIR:-/tmp}/pc-install.XXXXXX"); trap 'rm -rf "$prefix"' EXIT
cd "$top_builddir" || exit 1
${MAKE:-make} install prefix="$prefix" >"$prefix.log" 2>&1; rc=$?
tap $rc "make install to a temporary prefix"
[ $rc = 0 ] || { sed 's/^/# /' "$prefix.log" | tail -20; }
rm -f "$prefix.log"

# The tree was configured for another prefix; installing with prefix=... is
# a relocation, so tell pkg-config the prefix actually used.
PKG_CONFIG_PATH="$prefix/lib/pkgconfig"; export PKG_CONFIG_PATH
pc() { pkg-config --define-variable=prefix="$prefix" "$@"; }
pc --exists libpuzzlecore; tap $? "pkg-config finds libpuzzlecore"
pc --cflags libpuzzlecore | grep -q -- "-I$prefix/include"; tap $? "pkg-config --cflags names the installed headers"
for h in puzzlecore.h common.h; do
  [ -f "$prefix/include/puzzlecore/$h" ]; tap $? "header puzzlecore/$h installed"
done
[ -f "$prefix/share/libpuzzlecore/puzzlecore.cdef" ]; tap $? "cdef installed"
[ -x "$prefix/bin/puzzlecore" ]; tap $? "puzzlecore CLI installed"
[ -f "$prefix/share/man/man1/puzzlecore.1" ]; tap $? "man page puzzlecore(1) installed"
[ -f "$prefix/share/man/man3/puzzlecore.3" ] && [ -f "$prefix/share/man/man3/pc_game_new.3" ] &&
  [ -f "$prefix/share/man/man3/libpuzzlecore.3" ]
tap $? "section-3 pages installed (puzzlecore.3, libpuzzlecore.3, one per function)"
pages=$(ls "$prefix/share/man/man3" | grep -c '^pc_.*\.3$'); pages3=$(ls "$top_builddir/man3" | grep -c '^pc_.*\.3$')
[ "$pages" = "$pages3" ]; tap $? "all $pages3 pc_*(3) pages installed ($pages)"

# README's commands (its runnable ```sh blocks, and doc/*.md's: HACKING.md
# "Snippets"), run with the installed CLI from an empty directory: relative
# data paths are found in the installed data directory.
${AWK:-awk} '/^```sh[ \t]*$/ { b = 1; next } /^```/ { b = 0 } b' "$top_srcdir/README.md" "$top_srcdir"/doc/*.md \
  > "$prefix/readme-commands.sh"
readme_cmds() { # PREFIX
  mkdir -p "$1/empty" && (cd "$1/empty" && env -u PUZZLECORE_DATADIR PATH="$1/bin:$PATH" \
    LD_LIBRARY_PATH="$1/lib" sh -e "$prefix/readme-commands.sh" > "$1/readme.out" 2>&1)
}
readme_cmds "$prefix"; rc=$?
tap $rc "README's commands run from an installed prefix, in an empty directory"
[ $rc = 0 ] || sed 's/^/# /' "$prefix/readme.out" | tail -n 10
grep -q '^puzzle=cup' "$prefix/readme.out"; tap $? "puzzlecore nonogram clues data/nonogram/cup.txt read the installed file"
(cd "$prefix/empty" && LD_LIBRARY_PATH="$prefix/lib" PUZZLECORE_DATADIR="$prefix/nowhere" \
  "$prefix/bin/puzzlecore" nonogram clues data/nonogram/cup.txt >/dev/null 2>&1)
[ $? != 0 ]; tap $? "\$PUZZLECORE_DATADIR, when set, is the only data directory"
for f in libpuzzlecore/nonogram/cup.txt libpuzzlecore/sokoban/microban.txt libpuzzlecore/README.md \
         doc/libpuzzlecore/NEWS.md doc/libpuzzlecore/LICENSE doc/libpuzzlecore/README.md \
         doc/libpuzzlecore/examples/sokoban.c; do
  [ -f "$prefix/share/$f" ]; tap $? "share/$f installed"
done

for ex in "$top_srcdir"/examples/*.c; do
  name=$(basename "$ex" .c)
  ${CC:-cc} -std=c11 -o "$prefix/$name" "$ex" $(pc --cflags --libs libpuzzlecore) 2>"$prefix/cc.log"
  tap $? "examples/$name.c builds with pkg-config alone"
  [ -s "$prefix/cc.log" ] && sed 's/^/# /' "$prefix/cc.log"
  LD_LIBRARY_PATH="$prefix/lib" "$prefix/$name" --demo >/dev/null 2>&1
  tap $? "installed $name --demo runs"
done

pyd=$(find "$prefix" -type d -name puzzlecore -path '*-packages*' | head -n 1)
env -u PUZZLECORE_LIBRARY -u PUZZLECORE_CDEF PYTHONPATH="$(dirname "$pyd")" \
  ${PYTHON:-python3} -c 'import puzzlecore, sys; sys.exit(0 if puzzlecore.version_string() else 1)'
tap $? "installed Python package imports and finds the library by itself"
if command -v luajit >/dev/null 2>&1; then
  env -u PUZZLECORE_LIBRARY -u PUZZLECORE_CDEF LUA_PATH="$prefix/share/lua/5.1/?.lua;;" \
    luajit -e 'local pc = require "puzzlecore"; assert(pc.version_string())'
  tap $? "installed LuaJIT module loads and finds the library by itself"
fi
LD_LIBRARY_PATH="$prefix/lib" "$prefix/bin/puzzlecore" --version >/dev/null
tap $? "installed CLI runs"

# Relocation: move the whole prefix; both bindings must still find their
# declarations (built into the packages) and the library (relative to them).
moved="$prefix.moved"; rm -rf "$moved"; mv "$prefix" "$moved" && mkdir "$prefix"
pyd2=$(find "$moved" -type d -name puzzlecore -path '*-packages*' | head -n 1)
env -u PUZZLECORE_LIBRARY -u PUZZLECORE_CDEF PYTHONPATH="$(dirname "$pyd2")" ${PYTHON:-python3} -c '
import sys, puzzlecore, puzzlecore._ffi as f
assert puzzlecore.__version__ == puzzlecore.version_string()
assert f._dll._name.startswith(sys.argv[1]), f._dll._name
g = puzzlecore.Game("sokoban"); g.play(g.moves()[0])' "$moved"
tap $? "Python package imports from a moved prefix, with the library beside it"
[ -f "$pyd2/py.typed" ]; tap $? "py.typed installed"
if command -v luajit >/dev/null 2>&1; then
  env -u PUZZLECORE_LIBRARY -u PUZZLECORE_CDEF LUA_PATH="$moved/share/lua/5.1/?.lua;;" \
    luajit -e 'local pc = require "puzzlecore"; local g = pc.game.Game.new("sokoban"); g:play(g:moves()[1])'
  tap $? "LuaJIT module loads from a moved prefix"
  # a game folder (a LOVE game, a bundle): the modules and the library side by side
  game="$moved/game"; mkdir -p "$game"
  cp -R "$moved/share/lua/5.1/." "$game/" && cp "$moved"/lib/libpuzzlecore.so.* "$game/" 2>/dev/null
  (cd "$game" && env -u PUZZLECORE_LIBRARY -u PUZZLECORE_CDEF LUA_PATH="./?.lua;;" \
    luajit -e 'local pc = require "puzzlecore"; assert(pc.version_string())')
  tap $? "LuaJIT module loads from a game folder holding the library"
fi
cp "$moved/readme-commands.sh" "$prefix/" 2>/dev/null
readme_cmds "$moved"; rc=$?
tap $rc "README's commands run from the moved prefix (data found beside the program)"
[ $rc = 0 ] || sed 's/^/# /' "$moved/readme.out" | tail -n 10
rm -rf "$moved"
echo "1..$n"
exit $fail
