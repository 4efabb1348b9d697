#!/bin/sh
# Runs a LuaJIT test; skips (exit 77) on a machine without luajit.
if [ -z "$LUAJIT" ] || ! command -v "$LUAJIT" >/dev/null 2>&1; then
  echo "1..0 # SKIP luajit not found"
  exit 0
fi
exec "$LUAJIT" "$@"
