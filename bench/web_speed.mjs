// bench/web_speed.mjs — the WebAssembly half of bench/web_speed.c: the same
// fixed work through the wasm module.  usage: node bench/web_speed.mjs BUILDDIR/web/puzzlecore.mjs
import { pathToFileURL } from 'node:url';
const { init, Game } = await import(pathToFileURL(process.argv[2]).href);
await init();
const LEVEL = 'level=##############|#----#---#---#|#-$$---$---$-#|#-#--##-#-##-#|#-$-$--$-$---#|' +
  '#--#-##--#-#-#|#-........-@-#|##############';
let t;
for (const pass of ['first', 'second']) { // the first pass includes the engine's JIT tiers
  t = performance.now();
  let check = 0n;
  for (let seed = 1; seed <= 40; seed++) {
    const g = Game.create('nonogram', 'size=30x30 grade=3', seed);
    const r = g.suggest({ maxSeconds: -1 });
    if (r.status === 0) check = BigInt.asUintN(64, check * 31n + BigInt(r.move.length) + BigInt(r.move.charCodeAt(r.move.length - 1)));
    g.dispose();
  }
  console.log(`nonogram (${pass} pass): ${(performance.now() - t).toFixed(0)} ms (check ${check})`);
}
t = performance.now();
const g = Game.create('sokoban', LEVEL, 0);
const r = g.suggest({ maxNodes: 100000, maxSeconds: -1 });
g.dispose();
console.log(`sokoban: ${(performance.now() - t).toFixed(0)} ms (status ${r.status})`);
