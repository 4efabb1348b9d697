#!/bin/sh
# Quick start, step 1: install what is missing (Debian/Ubuntu, via apt-get),
# generate the build system, configure, build, and run every game's demo.
#   ./setup.sh [--with-cross] [configure options...]
# --with-cross (or PC_WITH_CROSS=1) also installs what the portability checks
# use: cmake and a C++ compiler, gcc-multilib + qemu-user (make check-32),
# mingw-w64 + wine64 (make check-windows, make check-windows-cmake), the s390x
# cross compiler and libc (make check-be, run by qemu-user's qemu-s390x).
# None of it is needed to build.
set -e
cd "$(dirname "$0")"
if [ "${1:-}" = "--with-cross" ]; then PC_WITH_CROSS=1; shift; fi

# Build tools, the two binding runtimes, and what the test suite uses
# (abigail-tools for the ABI check; clang, its sanitizer runtimes and valgrind
# for the sanitizer and memcheck runs; python3-setuptools/-wheel for
# `pip install ./bindings/python`, python3-numpy and python3-mypy for the binding's buffer and type tests,
# luarocks for the rockspec test, groff-base to check the man pages render; libpng-dev for the CLI's
# PNG pictures (optional); emscripten and chromium for the WebAssembly build and its browser test,
# make web / make check-web).
PACKAGES="build-essential autoconf automake libtool pkg-config python3 luajit abigail-tools clang libclang-rt-dev valgrind python3-setuptools python3-wheel python3-numpy python3-mypy luarocks groff-base libpng-dev emscripten chromium"
missing=""
for p in $PACKAGES; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
  if command -v apt-get >/dev/null 2>&1; then
    SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
    echo "setup: installing:$missing"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing >/dev/null
  else
    echo "setup: please install:$missing" >&2
    exit 1
  fi
fi

if [ "${PC_WITH_CROSS:-0}" = 1 ]; then
  missing=""
  # gcc-<N>-multilib, not gcc-multilib: that one conflicts with the s390x cross compiler
  for p in cmake g++ "gcc-$(gcc -dumpversion | cut -d. -f1)-multilib" qemu-user gcc-mingw-w64-x86-64 wine64 gcc-s390x-linux-gnu libc6-dev-s390x-cross; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
  done
  if [ -n "$missing" ]; then
    SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
    echo "setup: installing (cross checks):$missing"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
  fi
fi

[ -x configure ] || ./autogen.sh
[ -f Makefile ] || ./configure "$@"
make -j"$(nproc 2>/dev/null || echo 2)"
make demo
