#!/bin/sh
# Runs a Python test.  Under a sanitizer build, CI sets PC_SANITIZER_PRELOAD
# to the sanitizer runtime, which must be loaded before the library.
# Skipped on a machine without Python (configure then sets PYTHON to ':').
if [ "${PYTHON:-python3}" = ":" ] || ! command -v "${PYTHON:-python3}" >/dev/null 2>&1; then
  echo "1..0 # SKIP python not found"
  exit 0
fi
if [ -n "$PC_SANITIZER_PRELOAD" ]; then
  LD_PRELOAD="$PC_SANITIZER_PRELOAD"; export LD_PRELOAD
  ASAN_OPTIONS="detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"; export ASAN_OPTIONS
fi
exec "${PYTHON:-python3}" "$@"
