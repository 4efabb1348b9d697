#!/bin/sh
# tools/check-cross.sh TARGET SRCDIR BUILDDIR — build libpuzzlecore for another
# target in BUILDDIR and run its C test programs there (make check-32,
# make check-windows, make check-windows-cmake, make check-be).
#   linux32  i686 Linux: gcc -m32 (gcc-multilib); run natively when the kernel
#            runs i386 programs, else under qemu-i386 (qemu-user)
#   windows  x86_64 Windows: x86_64-w64-mingw32-gcc (gcc-mingw-w64-x86-64),
#            run under wine (wine64), with a private WINEPREFIX in BUILDDIR;
#            the test programs find libpuzzlecore-0.dll through WINEPATH
#   windows-cmake  the same target built by CMake (cmake/toolchain-mingw64.cmake,
#            BUILD_SHARED_LIBS=ON) and its C tests run by ctest under wine
#            (CMAKE_CROSSCOMPILING_EMULATOR); the DLL is copied beside them
#   s390x    big-endian 64-bit Linux: s390x-linux-gnu-gcc (gcc-s390x-linux-gnu,
#            libc6-dev-s390x-cross), run under qemu-s390x (qemu-user) with
#            QEMU_LD_PREFIX pointing at the cross libc
# Missing tools skip with a message (exit 0).  Extra arguments go to make
# (TESTS='...' to choose), or to ctest for windows-cmake (-R regex).
# PC_WINEPREFIX: the wine prefix to use (created once, shared by both
# Windows targets when the Makefile passes the same one).  The Python/Lua/shell tests are not run there: the
# bindings are loaded by the host's interpreters, which are 64-bit Linux.
set -u
target=${1:?usage: check-cross.sh linux32|windows|windows-cmake|s390x SRCDIR BUILDDIR}
src=${2:?}
build=${3:?}
shift 3
MAKE=${MAKE:-make}
extra_conf=""
skip() { echo "check-cross ($target): SKIP: $*"; exit 0; }
probe=$(mktemp -d "${TMPDIR:-/tmp}/pc-cross.XXXXXX")
trap 'rm -rf "$probe"' EXIT INT TERM
printf 'int main(void) { return 0; }\n' > "$probe/t.c"

case $target in
linux32)
  host=i686-linux-gnu
  cc=${CC32:-gcc -m32}
  $cc -o "$probe/t" "$probe/t.c" 2>/dev/null || skip "'$cc' cannot link (install gcc-multilib)"
  # Without Debian's gcc-multilib (it conflicts with the cross compilers
  # check-be uses; gcc-<N>-multilib does not) /usr/include/asm is missing:
  # the 64-bit kernel headers serve -m32 as well, searched last.
  printf '#include <errno.h>\nint main(void) { return errno; }\n' > "$probe/e.c"
  if ! $cc -o "$probe/t" "$probe/e.c" 2>/dev/null; then
    ma=$(gcc -print-multiarch 2>/dev/null)
    if [ -n "$ma" ] && [ -d "/usr/include/$ma/asm" ] && $cc -idirafter "/usr/include/$ma" -o "$probe/t" "$probe/e.c" 2>/dev/null; then
      cc="$cc -idirafter /usr/include/$ma"
    else
      skip "'$cc' cannot compile <errno.h> (install gcc-multilib)"
    fi
  fi
  if "$probe/t" 2>/dev/null; then
    runner=""
  elif command -v qemu-i386 >/dev/null 2>&1 && qemu-i386 "$probe/t"; then
    runner="qemu-i386"
  else
    skip "this kernel does not run i386 programs and qemu-i386 is missing (install qemu-user)"
  fi
  ;;
windows|windows-cmake)
  host=x86_64-w64-mingw32
  cc=${CCWIN:-x86_64-w64-mingw32-gcc}
  command -v "${cc%% *}" >/dev/null 2>&1 || skip "$cc not found (install gcc-mingw-w64-x86-64)"
  # Debian 12's wine64 package puts its loader in /usr/lib/wine only (the
  # `wine` package adds the /usr/bin wrappers)
  wine=$(command -v wine64 || command -v wine || true)
  [ -n "$wine" ] || { [ -x /usr/lib/wine/wine64 ] && wine=/usr/lib/wine/wine64; }
  [ -n "$wine" ] || skip "wine not found (install wine64)"
  runner=$wine
  WINEPREFIX=${PC_WINEPREFIX:-$build/wineprefix}; export WINEPREFIX
  WINEDEBUG=-all; export WINEDEBUG
  WINEDLLOVERRIDES="mscoree,mshtml="; export WINEDLLOVERRIDES # no Mono/Gecko prompts
  ;;
s390x)
  host=s390x-linux-gnu
  cc=${CCS390X:-s390x-linux-gnu-gcc}
  command -v "${cc%% *}" >/dev/null 2>&1 || skip "$cc not found (install gcc-s390x-linux-gnu libc6-dev-s390x-cross)"
  $cc -o "$probe/t" "$probe/t.c" 2>/dev/null || skip "'$cc' cannot link (install libc6-dev-s390x-cross)"
  QEMU_LD_PREFIX=${QEMU_LD_PREFIX:-/usr/$host}; export QEMU_LD_PREFIX
  # the static library only: libtool would compile every source twice (PIC
  # and not), and the byte order is the point here, not the dynamic linker;
  # no -g: nobody debugs in qemu, and the compiler is faster without
  extra_conf="--disable-shared CFLAGS=-O2"
  if "$probe/t" 2>/dev/null; then
    runner=""   # an s390x machine, or binfmt_misc with qemu
  elif command -v qemu-s390x >/dev/null 2>&1 && qemu-s390x "$probe/t"; then
    runner="qemu-s390x"
  else
    skip "qemu-s390x is missing or cannot run s390x programs (install qemu-user)"
  fi
  ;;
*) echo "check-cross: unknown target $target" >&2; exit 2 ;;
esac

mkdir -p "$build" || exit 1

wine_setup() {
  [ -d "$WINEPREFIX" ] || "$wine" wineboot -i > /dev/null 2>&1 || true
  # One persistent wine server, started here with its output (and that of
  # wine's services) away from the tests' pipes: else the first test holds
  # its runner (ctest, the TAP driver) until the server exits at the end.
  ws=$(command -v wineserver || echo "${wine%/*}/wineserver")
  if [ -x "$ws" ]; then
    "$ws" -p > /dev/null 2>&1 < /dev/null
    "$wine" cmd /c exit > /dev/null 2>&1 < /dev/null
    trap 'rm -rf "$probe"; "$ws" -k > /dev/null 2>&1' EXIT INT TERM
  fi
  # the toolchain's runtime DLLs (libwinpthread-1.dll for the threaded test)
  # as a Windows path on wine's Z: drive (the whole file system)
  rt=$($cc -print-file-name=libwinpthread-1.dll 2>/dev/null)
  [ -f "$rt" ] && WINEPATH="${WINEPATH:+$WINEPATH;}Z:$(cd "$(dirname "$rt")" && pwd | sed 's|/|\\|g')"
  export WINEPATH
}

if [ "$target" = windows-cmake ]; then
  command -v cmake >/dev/null 2>&1 || skip "cmake not found (install cmake)"
  cd "$build" || exit 1
  echo "check-cross ($target): cmake + $cc, tests run by ctest under $wine, in $build"
  if [ ! -f CMakeCache.txt ]; then
    cmake -S "$src" -B . -DCMAKE_TOOLCHAIN_FILE="$src/cmake/toolchain-mingw64.cmake" \
      -DCMAKE_CROSSCOMPILING_EMULATOR="$wine" -DBUILD_SHARED_LIBS=ON -DPUZZLECORE_WERROR=ON > configure.log 2>&1 ||
      { tail -n 30 configure.log; echo "check-cross ($target): cmake failed"; exit 1; }
  fi
  cmake --build . -j 2 > build.log 2>&1 ||
    { grep -E 'error|warning' build.log | head -n 30; tail -n 10 build.log; echo "check-cross ($target): build failed"; exit 1; }
  file libpuzzlecore-*.dll libpuzzlecore.dll.a 2>/dev/null | sed 's/^/check-cross: /'
  wine_setup
  PC_CONFORMANCE_PLAYOUTS=${PC_CONFORMANCE_PLAYOUTS:-100}; export PC_CONFORMANCE_PLAYOUTS
  ctest -j 2 --output-on-failure "$@" > check.log 2>&1
  rc=$?
  grep -E '^ *[0-9]+/[0-9]+ Test' check.log | sed "s/^/[$target] /"
  grep -E 'tests passed|tests failed' check.log
  [ $rc = 0 ] || sed -n '/The following tests FAILED/,$p' check.log | head -n 20
  exit $rc
fi
# A source tree configured in place cannot host another build: then build
# from a copy of it (the files git knows or would add, and the generated
# build system, with their times, so nothing is regenerated).
if [ -f "$src/config.status" ] && [ "$(cd "$src" && pwd)" != "$(cd "$build" && pwd)" ]; then
  command -v git >/dev/null 2>&1 && [ -e "$src/.git" ] || { echo "check-cross: $src is configured in place and is not a git checkout"; exit 1; }
  rm -rf "$build/src" && mkdir -p "$build/src" &&
  (cd "$src" && { git ls-files -co --exclude-standard; ls configure aclocal.m4 config.h.in Makefile.in;
     find build-aux m4 -type f; } | sort -u | tar -cf - -T -) | tar -C "$build/src" -xf - || exit 1
  src="$build/src"
fi
cd "$build" || exit 1
echo "check-cross ($target): $cc, tests run by ${runner:-the kernel}, in $build"
if [ ! -f Makefile ]; then
  "$src/configure" -q --host=$host CC="$cc" PYTHON=: LUAJIT= $extra_conf > configure.log 2>&1 ||
    { tail -n 30 configure.log; echo "check-cross ($target): configure failed"; exit 1; }
fi
# everything, then the C test programs (s390x: those only, for CI's time)
$MAKE Makefile > build.log 2>&1 || { tail -n 20 build.log; echo "check-cross ($target): cannot update the Makefile"; exit 1; }
# the C test programs, the slowest first (Makefile.am's CHECK_PROGRAMS_SLOW), so
# none runs alone at the end
order=$($MAKE -s --no-print-directory check-programs-ordered)
[ -n "$order" ] || { echo "check-cross ($target): no check_PROGRAMS in $build/Makefile"; exit 1; }
# (one after the other: automake's `all` is a sub-make, which would race)
{ [ "$target" = s390x ] || $MAKE -j2 all; } >> build.log 2>&1 &&
$MAKE -j2 $order >> build.log 2>&1 || { grep -E 'error|warning' build.log | head -n 30; tail -n 10 build.log; echo "check-cross ($target): build failed"; exit 1; }

if [ "$target" = windows ]; then
  # the DLL: lib/.libs as a Windows path on wine's Z: drive (the whole file system)
  WINEPATH="Z:$(pwd | sed 's|/|\\|g')\\lib\\.libs"
  wine_setup
  file lib/.libs/*.dll 2>/dev/null | sed 's/^/check-cross: /'
  # TAP wants LF line ends: the programs print CRLF on Windows
  printf '#!/bin/sh\nst=$(mktemp); { "%s" "$@"; echo $? > "$st"; } | tr -d "\\r"; rc=$(cat "$st"); rm -f "$st"; exit $rc\n' \
    "$runner" > run-wine.sh
  log_compiler="/bin/sh $(pwd)/run-wine.sh"
else
  log_compiler="\$(LIBTOOL) --mode=execute $runner"
  for f in lib/.libs/libpuzzlecore.so.*.*.* tests/.libs/test_common tests/test_common; do
    file "$f" 2>/dev/null | grep -q ELF && { file "$f" | sed 's/^/check-cross: /'; break; }
  done
fi
# The conformance suite's 1000 playouts per kind run natively; 100 prove the
# same properties on an emulated target.
PC_CONFORMANCE_PLAYOUTS=${PC_CONFORMANCE_PLAYOUTS:-100}; export PC_CONFORMANCE_PLAYOUTS
# Under qemu's CPU emulation (s390x; i686 too where the kernel cannot run it,
# as on CI's machine) the tests run their quick mode, as under valgrind: the
# Sokoban test solves one random map in eight, the restart test one grid in
# three (natively run i686 and Windows builds solve them all).
case $runner in qemu-*) PC_TEST_QUICK=${PC_TEST_QUICK:-1}; export PC_TEST_QUICK ;; esac
$MAKE -j2 check-TESTS TESTS="$order" LOG_COMPILER="$log_compiler" "$@" > check.log 2>&1
rc=$?
grep -E '^(PASS|FAIL|ERROR|XPASS|SKIP):' check.log | sed "s/^/[$target] /"
grep -E '^# (TOTAL|PASS|SKIP|FAIL|ERROR):' check.log
[ $rc = 0 ] || { for f in $(grep -l -E '^(not ok|Bail)' tests/*.log 2>/dev/null | head -n 5); do echo "---- $f"; grep -v '^ok ' "$f" | head -n 30; done; }
exit $rc
