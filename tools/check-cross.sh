#!/bin/sh
# tools/check-cross.sh TARGET SRCDIR BUILDDIR — build libpuzzlecore for another
# target in BUILDDIR and run its C test programs there (make check-32,
# make check-windows).
#   linux32  i686 Linux: gcc -m32 (gcc-multilib); run natively when the kernel
#            runs i386 programs, else under qemu-i386 (qemu-user)
#   windows  x86_64 Windows: x86_64-w64-mingw32-gcc (gcc-mingw-w64-x86-64),
#            run under wine (wine64), with a private WINEPREFIX in BUILDDIR;
#            the test programs find libpuzzlecore-0.dll through WINEPATH
# Missing tools skip with a message (exit 0).  Extra arguments go to make
# (TESTS='...' to choose).  The Python/Lua/shell tests are not run there: the
# bindings are loaded by the host's interpreters, which are 64-bit Linux.
set -u
target=${1:?usage: check-cross.sh linux32|windows SRCDIR BUILDDIR}
src=${2:?}
build=${3:?}
shift 3
MAKE=${MAKE:-make}
skip() { echo "check-cross ($target): SKIP: $*"; exit 0; }
probe=$(mktemp -d "${TMPDIR:-/tmp}/pc-cross.XXXXXX")
trap 'rm -rf "$probe"' EXIT INT TERM
printf 'int main(void) { return 0; }\n' > "$probe/t.c"

case $target in
linux32)
  host=i686-linux-gnu
  cc=${CC32:-gcc -m32}
  $cc -o "$probe/t" "$probe/t.c" 2>/dev/null || skip "'$cc' cannot link (install gcc-multilib)"
  if "$probe/t" 2>/dev/null; then
    runner=""
  elif command -v qemu-i386 >/dev/null 2>&1 && qemu-i386 "$probe/t"; then
    runner="qemu-i386"
  else
    skip "this kernel does not run i386 programs and qemu-i386 is missing (install qemu-user)"
  fi
  ;;
windows)
  host=x86_64-w64-mingw32
  cc=${CCWIN:-x86_64-w64-mingw32-gcc}
  command -v "${cc%% *}" >/dev/null 2>&1 || skip "$cc not found (install gcc-mingw-w64-x86-64)"
  wine=$(command -v wine64 || command -v wine || true)
  [ -n "$wine" ] || skip "wine not found (install wine64)"
  runner=$wine
  WINEPREFIX="$build/wineprefix"; export WINEPREFIX
  WINEDEBUG=-all; export WINEDEBUG
  WINEDLLOVERRIDES="mscoree,mshtml="; export WINEDLLOVERRIDES # no Mono/Gecko prompts
  ;;
*) echo "check-cross: unknown target $target" >&2; exit 2 ;;
esac

mkdir -p "$build" || exit 1
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
  "$src/configure" -q --host=$host CC="$cc" PYTHON=: LUAJIT= > configure.log 2>&1 ||
    { tail -n 30 configure.log; echo "check-cross ($target): configure failed"; exit 1; }
fi
$MAKE -j2 > build.log 2>&1 || { grep -E 'error|warning' build.log | head -n 30; tail -n 10 build.log; echo "check-cross ($target): build failed"; exit 1; }

if [ "$target" = windows ]; then
  [ -d "$WINEPREFIX" ] || "$wine" wineboot -i > /dev/null 2>&1 || true
  # the DLL: lib/.libs as a Windows path on wine's Z: drive (the whole file system)
  WINEPATH="Z:$(pwd | sed 's|/|\\|g')\\lib\\.libs"
  # and the toolchain's runtime DLLs (libwinpthread-1.dll for the threaded test)
  rt=$($cc -print-file-name=libwinpthread-1.dll 2>/dev/null)
  [ -f "$rt" ] && WINEPATH="$WINEPATH;Z:$(cd "$(dirname "$rt")" && pwd | sed 's|/|\\|g')"
  export WINEPATH
  file lib/.libs/*.dll 2>/dev/null | sed 's/^/check-cross: /'
  # TAP wants LF line ends: the programs print CRLF on Windows
  printf '#!/bin/sh\nst=$(mktemp); { "%s" "$@"; echo $? > "$st"; } | tr -d "\\r"; rc=$(cat "$st"); rm -f "$st"; exit $rc\n' \
    "$runner" > run-wine.sh
  log_compiler="/bin/sh $(pwd)/run-wine.sh"
else
  log_compiler="\$(LIBTOOL) --mode=execute $runner"
  file lib/.libs/libpuzzlecore.so.* 2>/dev/null | sed 's/^/check-cross: /'
fi
# The conformance suite's 1000 playouts per kind run natively; 100 prove the
# same properties on an emulated target.
PC_CONFORMANCE_PLAYOUTS=${PC_CONFORMANCE_PLAYOUTS:-100}; export PC_CONFORMANCE_PLAYOUTS
$MAKE -j2 check TESTS='$(check_PROGRAMS)' LOG_COMPILER="$log_compiler" "$@" > check.log 2>&1
rc=$?
grep -E '^(PASS|FAIL|ERROR|XPASS|SKIP):' check.log | sed "s/^/[$target] /"
grep -E '^# (TOTAL|PASS|SKIP|FAIL|ERROR):' check.log
[ $rc = 0 ] || { for f in $(grep -l -E '^(not ok|Bail)' tests/*.log 2>/dev/null | head -n 5); do echo "---- $f"; grep -v '^ok ' "$f" | head -n 30; done; }
exit $rc
