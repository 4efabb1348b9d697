#!/bin/sh
# The same seeded games natively and in WebAssembly: identical save texts and
# scores, byte for byte, for every kind (tests/web_play.c, web_determinism.mjs).
# Skips without node or without the WebAssembly module (make web).  TAP.
b=${top_builddir:-.}; s=${top_srcdir:-.}
if [ -z "${NODE:-}" ]; then echo "1..0 # SKIP node not found"; exit 0; fi
if [ ! -f "$b/web/puzzlecore.js" ] || [ ! -f "$b/web/puzzlecore.mjs" ]; then
  echo "1..0 # SKIP WebAssembly module not built (make web; needs emscripten)"; exit 0
fi
echo "1..3"
tmp=${TMPDIR:-/tmp}/pc-webdet.$$; trap 'rm -f "$tmp".*' EXIT
"$b/tests/web_play" > "$tmp.native" && echo "ok 1 - native run" || echo "not ok 1 - native run"
"$NODE" "$s/tests/web_determinism.mjs" "$b/web/puzzlecore.mjs" > "$tmp.wasm" 2> "$tmp.err" &&
  echo "ok 2 - WebAssembly run" || { echo "not ok 2 - WebAssembly run"; sed 's/^/# /' "$tmp.err" | head -n 20; }
if [ -s "$tmp.native" ] && cmp -s "$tmp.native" "$tmp.wasm"; then
  echo "ok 3 - identical transcripts ($(grep -c '^step' "$tmp.native") moves, $(wc -c < "$tmp.native") bytes, every kind)"
else
  echo "not ok 3 - transcripts differ"; diff "$tmp.native" "$tmp.wasm" | head -n 20 | sed 's/^/# /'
fi
