#!/bin/sh
# tests/web_memory.mjs under node when the WebAssembly module is built.  TAP.
b=${top_builddir:-.}; s=${top_srcdir:-.}
if [ -z "${NODE:-}" ]; then echo "1..0 # SKIP node not found"; exit 0; fi
if [ ! -f "$b/web/puzzlecore.js" ] || [ ! -f "$b/web/puzzlecore.mjs" ]; then
  echo "1..0 # SKIP WebAssembly module not built (make web; needs emscripten)"; exit 0
fi
exec "$NODE" "$s/tests/web_memory.mjs" "$b/web/puzzlecore.mjs"
