#!/bin/sh
# The rockspec (TAP): `luarocks make` installs the LuaJIT binding into a
# temporary tree, from a copy of the binding's sources, with the built cdef;
# `require "puzzlecore"` works from there with the declarations built in.
# Skipped without luarocks or luajit (Debian: apt-get install luarocks).
n=0; fail=0
tap() { n=$((n+1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fail=1; fi; }
command -v luarocks >/dev/null 2>&1 || { echo "1..0 # SKIP luarocks not found"; exit 0; }
[ -n "$LUAJIT" ] && command -v "$LUAJIT" >/dev/null 2>&1 || { echo "1..0 # SKIP luajit not found"; exit 0; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pc-luarocks.XXXXXX"); trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/src/tools" && cp -R "$top_srcdir/bindings" "$tmp/src/" && cp "$top_srcdir/tools/lua-cdef.sh" "$tmp/src/tools/"
rm -f "$tmp/src/bindings/lua/puzzlecore/_cdef.lua"
(cd "$tmp/src" && HOME="$tmp" PUZZLECORE_CDEF="$top_builddir/puzzlecore.cdef" \
  luarocks --lua-version=5.1 make --tree="$tmp/tree" bindings/lua/puzzlecore-scm-1.rockspec) > "$tmp/log" 2>&1
rc=$?; tap $rc "luarocks make installs the rockspec into a tree"
[ $rc = 0 ] || sed 's/^/# /' "$tmp/log" | tail -n 15
lua=$(find "$tmp/tree" -name puzzlecore.lua -path '*share/lua*' | head -n 1)
[ -n "$lua" ] && [ -f "$(dirname "$lua")/puzzlecore/_cdef.lua" ]; tap $? "the module and its built-in declarations are in the tree"
# (a sanitizer build's library needs its runtime first in the process, as
# tests/lua/run.sh arranges for the other Lua tests)
preload=; asan_options=${ASAN_OPTIONS:-}
if [ -n "$PC_SANITIZER_PRELOAD" ]; then
  preload=$PC_SANITIZER_PRELOAD; asan_options="detect_leaks=0${asan_options:+:$asan_options}"
fi
(cd "$tmp" && env -u PUZZLECORE_CDEF LD_PRELOAD="$preload" ASAN_OPTIONS="$asan_options" \
  LUA_PATH="$(dirname "$lua")/?.lua;;" "$LUAJIT" -e '
  local pc = require "puzzlecore"
  assert(package.loaded["puzzlecore"] and pc.version_string() == pc._VERSION)
  local g = pc.game.Game.new("sokoban"); g:play(g:moves()[1])
  local p = pc.nonogram.from_solution(5, 5, "0010001110101011000101110")
  p:fill(1, 4, 3, 1); assert(p:row_satisfied(4))') > "$tmp/run" 2>&1
rc=$?; tap $rc "require \"puzzlecore\" from the luarocks tree works (no PUZZLECORE_CDEF)"
[ $rc = 0 ] || sed 's/^/# /' "$tmp/run" | tail -n 10
echo "1..$n"
exit $fail
