#!/bin/sh
# CMake beside autotools (TAP): configure and build the library with CMake
# (which reads the same automake fragments) and check it is the same library:
# the same exported symbols (and symbol versions) and the same SONAME as the
# autotools build's lib/.libs/libpuzzlecore.so, and the same list of sources.
# Skipped without cmake (or with PC_SKIP_CMAKE_TEST set, as the sanitizer run
# in CI does).  The whole CMake build + ctest is a CI stage of its own.
n=0; fail=0
tap() { n=$((n+1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fail=1; fi; }
if [ -n "$PC_SKIP_CMAKE_TEST" ]; then echo "1..0 # SKIP PC_SKIP_CMAKE_TEST is set"; exit 0; fi
command -v cmake >/dev/null 2>&1 || { echo "1..0 # SKIP cmake not found"; exit 0; }
so="$top_builddir/lib/.libs/libpuzzlecore.so"
[ -f "$so" ] || { echo "1..0 # SKIP no shared library built"; exit 0; }
b="$top_builddir/_cmake-test"
rm -rf "$b"
cmake -S "$top_srcdir" -B "$b" -DPUZZLECORE_BUILD_TESTS=OFF -DPUZZLECORE_BUILD_EXAMPLES=OFF \
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
rm -rf "$b" "$b.log"
echo "1..$n"
exit $fail
