// The search worker: suggest() on a copy of the page's game (its save text),
// so the page never freezes.  Messages in: { id, save, maxNodes, maxSeconds,
// cancel } (cancel: an Int32Array over a SharedArrayBuffer, or null); out:
// { id, progress: [nodes, seconds] } while it runs, then { id, status, move }.
import { init, Game } from './puzzlecore.mjs';

const ready = init();
self.onmessage = async (e) => {
  const { id, save, maxNodes = 0, maxSeconds = 0, cancel = null } = e.data;
  await ready;
  let g = null;
  try {
    g = Game.load(save);
    const r = g.suggest({
      maxNodes, maxSeconds, cancelFlag: cancel, progressEvery: 0.1,
      onProgress: (nodes, seconds) => { self.postMessage({ id, progress: [nodes, seconds] }); return false; },
    });
    self.postMessage({ id, status: r.status, move: r.move });
  } catch (err) {
    self.postMessage({ id, status: err.status ?? -1, move: null, error: String(err) });
  } finally {
    if (g) g.dispose();
  }
};
self.postMessage({ ready: true });
