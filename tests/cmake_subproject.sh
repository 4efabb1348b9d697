#!/bin/sh
# libpuzzlecore as a CMake subproject (TAP): a game's own project takes the
# source tree with add_subdirectory(... EXCLUDE_FROM_ALL), links
# puzzlecore::puzzlecore, and checks that nothing of the library leaks into
# it: no compile flags, definitions or include directories on the game's
# directory or target, no change to CMAKE_C_FLAGS / CMAKE_BUILD_TYPE, no
# variables or helper functions in the game's scope, only PUZZLECORE_* (and
# CMake's own) cache entries; the tests, examples, CLI and install rules are
# off when the library is not the top project, and an option set as a normal
# variable before add_subdirectory is honoured (policy CMP0077).
# Skipped without cmake (or with PC_SKIP_CMAKE_TEST set).
n=0; fail=0
tap() { n=$((n+1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fail=1; fi; }
if [ -n "$PC_SKIP_CMAKE_TEST" ]; then echo "1..0 # SKIP PC_SKIP_CMAKE_TEST is set"; exit 0; fi
command -v cmake >/dev/null 2>&1 || { echo "1..0 # SKIP cmake not found"; exit 0; }
src=$(cd "$top_srcdir" && pwd)
g="$top_builddir/_cmake-subproject"
rm -rf "$g" && mkdir -p "$g/game" || exit 1

cat > "$g/game/game.c" <<'EOF'
/* a game's own code: only the public header, through the imported target */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <puzzlecore/puzzlecore.h>

#ifdef PUZZLECORE_BUILDING
#error "the library's private definitions reach its users"
#endif
#ifdef PACKAGE_VERSION
#error "the library's PACKAGE_VERSION reaches its users"
#endif

int main(void)
{
    pc_game *g = NULL;
    char save[4096];
    size_t n = 0;
    if (pc_game_new("sokoban", "", 7, &g) != PC_OK)
        return 1;
    int rc = pc_game_save(g, save, sizeof save, &n) == PC_OK && n > 0 && strstr(save, "sokoban") != NULL;
    pc_game_free(g);
    printf("libpuzzlecore %s: %s\n", pc_version_string(), rc ? "ok" : "failed");
    return rc ? 0 : 1;
}
EOF

cat > "$g/game/CMakeLists.txt" <<'EOF'
cmake_minimum_required(VERSION 3.13)
project(game LANGUAGES C)
set(CMAKE_EXPORT_COMPILE_COMMANDS ON)
enable_testing()

get_cmake_property(cache_before CACHE_VARIABLES)
set(flags_before "${CMAKE_C_FLAGS}|${CMAKE_C_FLAGS_RELWITHDEBINFO}|${CMAKE_BUILD_TYPE}|${CMAKE_C_STANDARD}")
foreach(p COMPILE_OPTIONS COMPILE_DEFINITIONS INCLUDE_DIRECTORIES LINK_OPTIONS LINK_DIRECTORIES)
  get_directory_property(v ${p})
  string(APPEND flags_before "|${v}")
endforeach()

set(PUZZLECORE_BUILD_EXAMPLES ON)   # a normal variable: the option takes it
add_subdirectory("${PC_SRC}" puzzlecore EXCLUDE_FROM_ALL)

function(check what)
  if(${ARGN})
    message(STATUS "pc-check yes: ${what}")
  else()
    message(STATUS "pc-check NO: ${what}")
  endif()
endfunction()

get_cmake_property(cache_after CACHE_VARIABLES)
set(foreign "")
foreach(v IN LISTS cache_after)
  list(FIND cache_before "${v}" i)
  # CMake's own bookkeeping of find_package() and GNUInstallDirs is allowed
  if(i EQUAL -1 AND NOT v MATCHES "^(PUZZLECORE_|puzzlecore_|CMAKE_|FIND_PACKAGE_MESSAGE_DETAILS_|_GNUInstallDirs_)")
    list(APPEND foreign "${v}")
  endif()
endforeach()
message(STATUS "pc-check foreign cache entries: ${foreign}")
list(LENGTH foreign nforeign)
check("only PUZZLECORE_* and CMAKE_* cache entries are added" nforeign EQUAL 0)

set(flags_after "${CMAKE_C_FLAGS}|${CMAKE_C_FLAGS_RELWITHDEBINFO}|${CMAKE_BUILD_TYPE}|${CMAKE_C_STANDARD}")
foreach(p COMPILE_OPTIONS COMPILE_DEFINITIONS INCLUDE_DIRECTORIES LINK_OPTIONS LINK_DIRECTORIES)
  get_directory_property(v ${p})
  string(APPEND flags_after "|${v}")
endforeach()
check("the game's flags, build type and directory properties are unchanged" "${flags_before}" STREQUAL "${flags_after}")
check("no variable of the library in the game's scope"
      NOT DEFINED PUZZLECORE_SOURCE_DIR AND NOT DEFINED AM_lib_libpuzzlecore_la_SOURCES AND NOT DEFINED _pc_srcs)
check("no helper with a short name (pc_c11, pc_read_automake)" NOT COMMAND pc_c11 AND NOT COMMAND pc_read_automake)
check("puzzlecore::puzzlecore exists" TARGET puzzlecore::puzzlecore)
check("tests are off in a subproject" NOT PUZZLECORE_BUILD_TESTS AND NOT TARGET puzzlecore-tests-test_game)
check("the CLI is off in a subproject" NOT PUZZLECORE_BUILD_CLI AND NOT TARGET puzzlecore-cli-puzzlecore)
check("install rules are off in a subproject" NOT PUZZLECORE_INSTALL)
check("PUZZLECORE_BUILD_EXAMPLES set before add_subdirectory is honoured" TARGET puzzlecore-examples-sokoban)

add_executable(game game.c)
target_link_libraries(game PRIVATE puzzlecore::puzzlecore)
add_test(NAME game COMMAND game)
EOF

cmake -S "$g/game" -B "$g/build" -DPC_SRC="$src" > "$g/configure.log" 2>&1
tap $? "a game's project configures with add_subdirectory(<libpuzzlecore> EXCLUDE_FROM_ALL)"
grep 'pc-check foreign' "$g/configure.log" | sed 's/^-- /# /'
grep 'pc-check' "$g/configure.log" | grep -v foreign | while IFS= read -r line; do
  case $line in *"pc-check yes: "*) echo "0 ${line#*pc-check yes: }" ;; *) echo "1 ${line#*pc-check NO: }" ;; esac
done > "$g/checks"
while read -r rc what; do tap "$rc" "$what"; done < "$g/checks"
[ "$(wc -l < "$g/checks")" = 9 ]; tap $? "every configure-time check ran"

cmake --build "$g/build" -j 2 > "$g/build.log" 2>&1; rc=$?
tap $rc "cmake --build builds the game and the library it needs"
[ $rc = 0 ] || grep -E 'error|warning|Error' "$g/build.log" | head -n 10 | sed 's/^/# /'
ls "$g/build/puzzlecore/examples/sokoban"* > /dev/null 2>&1
[ $? != 0 ]; tap $? "EXCLUDE_FROM_ALL: the examples are not built unless asked"
# the library's own flags stay on its own sources
cmd=$(grep '"command"' "$g/build/compile_commands.json" | grep 'game\.c' | head -n 1)
lib=$(grep '"command"' "$g/build/compile_commands.json" | grep 'lib/common/rng\.c' | head -n 1)
printf '%s\n' "$lib" | grep -q PUZZLECORE_BUILDING && [ -n "$cmd" ] &&
  ! printf '%s\n' "$cmd" | grep -qE "PUZZLECORE_BUILDING|PACKAGE_VERSION|-Wshadow|-fvisibility|-I$src/lib( |\"|$)"
tap $? "the library's definitions, warnings and private include directories stay off the game's compile line"
ctest --test-dir "$g/build" -N 2>/dev/null | grep -q 'Total Tests: 1$'
tap $? "ctest sees the game's one test, none of the library's"
ctest --test-dir "$g/build" --output-on-failure > "$g/ctest.log" 2>&1 &&
  grep -q '100% tests passed, 0 tests failed out of 1$' "$g/ctest.log"
tap $? "the game runs (a seeded Sokoban game and its save)"
[ "$fail" = 0 ] || { cat "$g/configure.log" "$g/ctest.log" | grep -E 'rror|pc-check NO|failed' | head -n 20 | sed 's/^/# /'; }
[ "$fail" = 0 ] && rm -rf "$g"
echo "1..$n"
exit $fail
