#!/bin/sh
# CMake beside autotools (TAP): configure and build the library with CMake
# (which reads the same automake fragments) and check it is the same library:
# the same exported symbols (and symbol versions) and the same SONAME as the
# autotools build's lib/.libs/libpuzzlecore.so, and the same list of sources.
# Skipped without cmake (or with PC_SKIP_CMAKE_TEST set, as the sanitizer run
# in CI does).  The whole CMake build + ctest is a CI stage of its own; so the
# library here is built unoptimised (CMAKE_BUILD_TYPE=Debug): this test is
# about what the build makes, not its code, and -O0 halves its time.
n=0; fail=0
tap() { n=$((n+1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fail=1; fi; }
if [ -n "$PC_SKIP_CMAKE_TEST" ]; then echo "1..0 # SKIP PC_SKIP_CMAKE_TEST is set"; exit 0; fi
command -v cmake >/dev/null 2>&1 || { echo "1..0 # SKIP cmake not found"; exit 0; }
so="$top_builddir/lib/.libs/libpuzzlecore.so"
[ -f "$so" ] || { echo "1..0 # SKIP no shared library built"; exit 0; }
b="$top_builddir/_cmake-test"
rm -rf "$b"
cmake -S "$top_srcdir" -B "$b" -DCMAKE_INSTALL_PREFIX="$b/prefix" -DCMAKE_BUILD_TYPE=Debug -DPUZZLECORE_BUILD_TESTS=OFF -DPUZZLECORE_BUILD_EXAMPLES=OFF \
  -DPUZZLECORE_BUILD_CLI=OFF -DBUILD_SHARED_LIBS=ON -DPUZZLECORE_WERROR=ON > "$b.log" 2>&1
tap $? "cmake configures (the sources read from lib/*/local.mk)"
cmake --build "$b" -j 2 >> "$b.log" 2>&1
rc=$?
tap $rc "cmake --build builds the library"
[ $rc = 0 ] || sed 's/^/# /' "$b.log" | grep -E 'error|warning' | head -n 20
cso=$(ls "$b"/libpuzzlecore.so.*.*.* 2>/dev/null | head -n 1)
[ -n "$cso" ]; tap $? "the CMake library is libpuzzlecore.so.<libtool version> (${cso##*/})"
real=$(readlink -f "$so")
[ "${cso##*/}" = "${real##*/}" ]; tap $? "same file name as libtool's (${real##*/})"
sym() { ${NM:-nm} -D --defined-only "$1" | awk '{print $3}' | sort; }
if [ -n "$cso" ]; then
  sym "$so" > "$b/auto.sym"; sym "$cso" > "$b/cmake.sym"
  cmp -s "$b/auto.sym" "$b/cmake.sym"; tap $? "same exported symbols ($(wc -l < "$b/auto.sym") incl. the version node)"
  diff "$b/auto.sym" "$b/cmake.sym" | head -n 10 | sed 's/^/# /'
  soname() { ${OBJDUMP:-objdump} -p "$1" 2>/dev/null | awk '/SONAME/ {print $2}'; }
  sa=$(soname "$so"); sc=$(soname "$cso")
  [ -n "$sa" ] && [ "$sa" = "$sc" ]; tap $? "same SONAME ($sa / $sc)"
fi

# ---- a game's own project on the installed package (find_package) ----------
cmake --install "$b" > "$b/install.log" 2>&1; tap $? "cmake --install to a temporary prefix"
cfg=$(find "$b/prefix" -name puzzlecoreConfig.cmake | head -n 1)
[ -n "$cfg" ] && [ -f "${cfg%/*}/puzzlecoreConfigVersion.cmake" ] && [ -f "${cfg%/*}/puzzlecoreTargets.cmake" ]
tap $? "the CMake package is installed (${cfg#$b/prefix/})"
pcf=$(find "$b/prefix" -name libpuzzlecore.pc | head -n 1)
[ -n "$pcf" ]; tap $? "and the pkg-config file (${pcf#$b/prefix/})"
[ -f "$b/prefix/include/puzzlecore/puzzlecore.h" ]; tap $? "and the headers"
# the package must not remember where it was installed
mv "$b/prefix" "$b/moved"
ver=$(sed -n 's/^Version: *//p' "$top_builddir/libpuzzlecore.pc")
g="$b/game"
mkdir -p "$g" && cp "$top_srcdir/examples/play_any.c" "$g/" && {
  echo 'cmake_minimum_required(VERSION 3.13)'
  echo 'project(game LANGUAGES C)'
  echo "find_package(puzzlecore $ver CONFIG REQUIRED)"
  echo 'message(STATUS "pc-check version ${puzzlecore_VERSION}")'
  echo 'get_target_property(t puzzlecore::puzzlecore TYPE)'
  echo 'message(STATUS "pc-check type ${t}")'
  echo 'add_executable(play_any play_any.c)'
  echo 'target_link_libraries(play_any PRIVATE puzzlecore::puzzlecore)'
} > "$g/CMakeLists.txt"
cmake -S "$g" -B "$g/build" -DCMAKE_PREFIX_PATH="$b/moved" > "$g.log" 2>&1
tap $? "find_package(puzzlecore $ver CONFIG REQUIRED) finds the moved prefix"
[ "$(sed -n 's/.*pc-check version //p' "$g.log")" = "$ver" ]; tap $? "puzzlecore_VERSION is configure's version ($ver)"
[ "$(sed -n 's/.*pc-check type //p' "$g.log")" = SHARED_LIBRARY ]; tap $? "puzzlecore::puzzlecore is the imported shared library"
cmake --build "$g/build" >> "$g.log" 2>&1; rc=$?
tap $rc "the game links puzzlecore::puzzlecore"
so=$(find "$b/moved" -name 'libpuzzlecore.so' | head -n 1)
LD_LIBRARY_PATH="${so%/*}" "$g/build/play_any" --demo > "$g.out" 2>&1
tap $? "and runs (play_any --demo: every kind through pc_game)"
pcf="$b/moved/${pcf#$b/prefix/}"
PKG_CONFIG_PATH="${pcf%/*}" pkg-config --define-variable=prefix="$b/moved" --cflags --libs libpuzzlecore > "$g.pc" 2>&1 &&
  grep -q -- "-I$b/moved/include" "$g.pc" && grep -q -- "-lpuzzlecore" "$g.pc"
tap $? "the CMake-installed libpuzzlecore.pc gives the include and library flags"
[ "$fail" = 0 ] || grep -hE 'rror|warning' "$b/install.log" "$g.log" "$g.out" "$g.pc" 2>/dev/null | head -n 20 | sed 's/^/# /'

rm -rf "$b" "$b.log"
echo "1..$n"
exit $fail
