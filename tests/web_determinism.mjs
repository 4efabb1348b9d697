// The WebAssembly half of tests/web_determinism.sh: prints exactly what
// tests/web_play.c prints natively (see there).
// usage: node tests/web_determinism.mjs BUILDDIR/web/puzzlecore.mjs
import { pathToFileURL } from 'node:url';
const { init, Game, kinds } = await import(pathToFileURL(process.argv[2]).href);
await init();
const STEPS = 40, out = [];
const bits = (d) => {
  const v = new DataView(new ArrayBuffer(8));
  v.setFloat64(0, d, true);
  return v.getBigUint64(0, true).toString(16).padStart(16, '0');
};
for (const kind of kinds()) {
  for (let seed = 1; seed <= 2; seed++) {
    const g = Game.create(kind, kind === 'nonogram' ? 'size=8x6' : '', seed);
    out.push(`== ${kind} seed ${seed} rc=0\n`);
    const s = g.suggest({ maxNodes: 300, maxSeconds: -1 });
    out.push(`suggest rc=${s.status} move=${s.move ?? ''}\n`);
    for (let step = 0; step < STEPS && !g.over; step++) {
      const moves = g.moves();
      const move = moves[(step * 7) % moves.length];
      const rc = g.play(move);
      out.push(`step ${step} move ${move} rc=${rc}\n`);
      out.push(g.save());
      out.push(`scores${g.scores().map((d) => ' ' + bits(d)).join('')} over=${g.over ? 1 : 0}\n`);
    }
    g.dispose();
  }
}
process.stdout.write(out.join(''));
