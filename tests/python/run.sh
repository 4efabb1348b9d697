#!/bin/sh
# Runs a Python test.  Under a sanitizer build, CI sets PC_SANITIZER_PRELOAD
# to the sanitizer runtime, which must be loaded before the library.
if [ -n "$PC_SANITIZER_PRELOAD" ]; then
  LD_PRELOAD="$PC_SANITIZER_PRELOAD"; export LD_PRELOAD
  ASAN_OPTIONS="detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"; export ASAN_OPTIONS
fi
exec "${PYTHON:-python3}" "$@"
