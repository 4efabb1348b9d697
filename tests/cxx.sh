#!/bin/sh
# The public headers from C++ (TAP): tests/cxx_consumer.cpp compiles as
# C++11 with -pedantic -Wall -Wextra -Werror, links against the built library
# and runs.  Skipped without a C++ compiler.
n=0; fail=0
tap() { n=$((n+1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fail=1; fi; }
cxx=${CXX:-}
[ -n "$cxx" ] || for c in c++ g++ clang++; do command -v $c >/dev/null 2>&1 && { cxx=$c; break; }; done
[ -n "$cxx" ] || { echo "1..0 # SKIP no C++ compiler"; exit 0; }
so="$top_builddir/lib/.libs/libpuzzlecore.so"
[ -f "$so" ] || { echo "1..0 # SKIP no shared library built"; exit 0; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pc-cxx.XXXXXX"); trap 'rm -rf "$tmp"' EXIT
for std in c++11 c++17; do
  $cxx -std=$std -pedantic -Wall -Wextra -Werror -I"$top_srcdir/include" -c "$top_srcdir/tests/cxx_consumer.cpp" \
    -o "$tmp/c.o" 2> "$tmp/cc.log"
  tap $? "the public headers compile as $std (-pedantic -Wall -Wextra -Werror, $cxx)"
  sed 's/^/# /' "$tmp/cc.log" | head -n 10
done
if ${NM:-nm} -D "$so" 2>/dev/null | grep -q ' U __asan_\| U __ubsan_'; then
  echo "# a sanitizer build: the link and run steps need its runtime, skipped"
else
  $cxx -o "$tmp/c" "$tmp/c.o" -L"$top_builddir/lib/.libs" -lpuzzlecore 2> "$tmp/ld.log"
  tap $? "a C++ program links against libpuzzlecore (extern \"C\" names)"
  sed 's/^/# /' "$tmp/ld.log" | head -n 10
  LD_LIBRARY_PATH="$top_builddir/lib/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" "$tmp/c" > "$tmp/out" 2>&1
  tap $? "and runs (the rng test vector, a Snapper save)"
fi
echo "1..$n"
exit $fail
