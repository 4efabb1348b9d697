#!/bin/sh
# Runs a LuaJIT test (skipped on a machine without luajit).  Under a
# sanitizer build, CI sets PC_SANITIZER_PRELOAD to the sanitizer runtime.
if [ -z "$LUAJIT" ] || ! command -v "$LUAJIT" >/dev/null 2>&1; then
  echo "1..0 # SKIP luajit not found"
  exit 0
fi
if [ -n "$PC_SANITIZER_PRELOAD" ]; then
  LD_PRELOAD="$PC_SANITIZER_PRELOAD"; export LD_PRELOAD
  ASAN_OPTIONS="detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"; export ASAN_OPTIONS
fi
exec "$LUAJIT" "$@"
