#!/bin/sh
# The browser test (tests/web_browser.mjs): headless chromium plays every game
# on web/index.html and is checked against the native CLI.  Skips without
# node (>= 20, with WebSocket), chromium or the module (make web).  TAP.
b=${top_builddir:-.}; s=${top_srcdir:-.}
if [ -z "${NODE:-}" ]; then echo "1..0 # SKIP node not found"; exit 0; fi
if [ -z "${CHROMIUM:-}" ]; then echo "1..0 # SKIP chromium not found"; exit 0; fi
if [ ! -f "$b/web/puzzlecore.js" ] || [ ! -f "$b/web/index.html" ]; then
  echo "1..0 # SKIP WebAssembly module not built (make web; needs emscripten)"; exit 0
fi
ws=--experimental-websocket
"$NODE" -e 'if (typeof WebSocket !== "function") process.exit(1)' 2>/dev/null && ws=
if ! "$NODE" $ws -e 'if (typeof WebSocket !== "function") process.exit(1)' 2>/dev/null; then
  echo "1..0 # SKIP this node has no WebSocket (node >= 20 needed)"; exit 0
fi
exec "$NODE" $ws "$s/tests/web_browser.mjs" "$b" "$CHROMIUM" "$b/cli/puzzlecore"
