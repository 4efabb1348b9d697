// The WebAssembly module leaks nothing: thousands of games of every kind are
// created, played, saved, loaded, cloned, suggested and disposed; the blocks
// the library holds come back to zero and the heap does not grow.  TAP.
// usage: node tests/web_memory.mjs BUILDDIR/web/puzzlecore.mjs
import { pathToFileURL } from 'node:url';
const mod = await import(pathToFileURL(process.argv[2]).href);
const { init, Game, kinds, memoryStats, Status, statusText } = mod;
await init();
let n = 0, bad = 0;
const ok = (c, what) => { n++; if (!c) bad++; console.log(`${c ? 'ok' : 'not ok'} ${n} - ${what}`); };
const round = (count) => {
  for (let i = 0; i < count; i++) {
    const k = kinds()[i % 5];
    const g = Game.create(k, k === 'nonogram' ? 'size=5x5' : '', i);
    const m = g.moves();
    g.play(m[i % m.length]);
    g.play('not a move');
    g.undo(); g.redo();
    const h = Game.load(g.save());
    const c = h.clone();
    c.render(); c.scores();
    if (i % 50 === 0 && k !== 'patchwork') g.suggest({ maxNodes: 2000, maxSeconds: 1 });
    try { Game.create(k, 'nosuchkey=1', 0); } catch (e) { /* EPARSE */ }
    g.dispose(); h.dispose(); c.dispose(); c.dispose();
  }
};
console.log('1..5');
{ // the JS Status table mirrors the C enum: each code's C text names it
  const g = Game.create('sokoban', '', 0);
  const codes = [g.play('q'), g.play('u'), g.undo()];
  const texts = Object.entries(Status).filter(([, v]) => v < 0).map(([k, v]) => [k, statusText(v)]);
  ok(codes.join() === [Status.EPARSE, Status.EILLEGAL, Status.ENOTFOUND].join() && texts.length === 11 &&
    statusText(Status.ELIMIT) === 'search limit reached' && statusText(Status.ESPACE) === 'buffer too small',
    `status codes: play('q') ${codes[0]}, a move into a wall ${codes[1]}, nothing to undo ${codes[2]}; ${texts.map(([k, t]) => `${k}=${t}`).join(', ')}`);
  g.dispose();
}
round(200); // warm up: the heap reaches its working size
const a = memoryStats();
ok(a.liveBlocks === 0 && a.liveBytes === 0, `nothing held after 200 games (${a.liveBlocks} blocks)`);
round(3000);
const b = memoryStats();
ok(b.liveBlocks === 0 && b.liveBytes === 0, `nothing held after 3000 more games (${b.liveBlocks} blocks)`);
ok(b.heapTop === a.heapTop, `heap top unchanged (${a.heapTop} -> ${b.heapTop})`);
ok(b.memoryBytes === a.memoryBytes, `wasm memory unchanged (${a.memoryBytes} -> ${b.memoryBytes})`);
process.exit(bad ? 1 : 0);
