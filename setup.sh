#!/bin/sh
# Quick start, step 1: install what is missing (Debian/Ubuntu, via apt-get),
# generate the build system, configure, build, and run every game's demo.
#   ./setup.sh [configure options...]
set -e
cd "$(dirname "$0")"

# Build tools, the two binding runtimes, and what the test suite uses
# (abigail-tools for the ABI check; clang and valgrind for CI's extra runs).
PACKAGES="build-essential autoconf automake libtool pkg-config python3 luajit abigail-tools clang valgrind"
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

[ -x configure ] || ./autogen.sh
[ -f Makefile ] || ./configure "$@"
make -j"$(nproc 2>/dev/null || echo 2)"
make demo
