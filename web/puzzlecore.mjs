// puzzlecore.mjs — the JavaScript face of libpuzzlecore's WebAssembly build
// (doc/web.md).  One class, Game, over the C library's pc_game: any of the
// five games, moves as text, play/undo/redo, save/load, render, scores and a
// suggestion under a budget with progress and cancel.
//
//   import { init, Game } from './puzzlecore.mjs';
//   await init();
//   const g = Game.create('sokoban', 'level=#####|#@$.#|#####', 0);
//   g.moves();          // ['r']
//   g.play('r');        // 0 (PC_OK)
//   g.over;             // true
//   g.dispose();
//
// Every Game owns one C handle; dispose() frees it at once, and a
// FinalizationRegistry frees the handles of games that are garbage-collected
// without dispose() (a safety net: its timing is up to the JS engine).
// Everything malloc'd for a call is freed before the call returns.

import createPuzzleCore from './puzzlecore.js';

let M = null;          // the emscripten module once init() resolved
let nextProgressId = 1;
const progressHandlers = new Map();
const enc = new TextEncoder();
const dec = new TextDecoder();

/** Status codes of the C library (puzzlecore/common.h). */
export const Status = Object.freeze({
  OK: 0, EINVAL: -1, ENOMEM: -2, ERANGE: -3, EILLEGAL: -4, EOVER: -5, EPARSE: -6,
  ESPACE: -7, ELIMIT: -8, ENOTFOUND: -9, EIO: -10, ECANCELLED: -11,
});

/** An error from the C library: .status is the negative PC_E* code. */
export class PuzzleCoreError extends Error {
  constructor(status, what, detail) {
    super(`${what}: ${statusText(status)}${detail ? ` (${detail})` : ''}`);
    this.name = 'PuzzleCoreError';
    this.status = status;
  }
}

/** The library's text for a status code. */
export function statusText(status) {
  need();
  return M.UTF8ToString(M._pc_strerror(status));
}

/**
 * Load and instantiate the WebAssembly module (once; later calls return the
 * same promise).  `moduleArg` is handed to emscripten (e.g. { wasmBinary }).
 */
let initPromise = null;
export function init(moduleArg = {}) {
  if (!initPromise) {
    initPromise = (async () => {
      // emscripten 3.1.6's ES module still uses require/__dirname under node
      if (typeof process === 'object' && process.versions && process.versions.node &&
          typeof globalThis.require === 'undefined') {
        const { createRequire } = await import('node:module');
        const { fileURLToPath } = await import('node:url');
        globalThis.require = createRequire(import.meta.url);
        globalThis.__dirname = fileURLToPath(new URL('.', import.meta.url));
      }
      if (typeof process === 'object' && process.versions && process.versions.node && !moduleArg.wasmBinary) {
        // node's fetch does not read file:// URLs: hand emscripten the bytes
        const fs = await import('node:fs');
        moduleArg = { ...moduleArg, wasmBinary: fs.readFileSync(new URL('puzzlecore.wasm', import.meta.url)) };
      }
      M = await createPuzzleCore(moduleArg);
      M.pcwebProgress = (id, nodes, seconds, bound) => {
        const h = progressHandlers.get(id);
        return h ? h(nodes, seconds, bound) : 0;
      };
      return M;
    })();
  }
  return initPromise;
}

function need() {
  if (!M) throw new Error('puzzlecore: await init() first');
}

/** The library's version string, e.g. "0.1.0". */
export function version() { need(); return M.UTF8ToString(M._pc_version_string()); }

/** The kinds: ['nonogram', 'pickerel', 'snapper', 'sokoban', 'patchwork']. */
export function kinds() {
  need();
  const n = M._pc_game_kind_count(), out = [];
  for (let i = 0; i < n; i++) out.push(M.UTF8ToString(M._pc_game_kind_name(i)));
  return out;
}

/**
 * Memory figures for leak tests: blocks and bytes the library holds now
 * (counted by the module's allocator), the malloc heap's top and the size of
 * the WebAssembly memory.
 */
export function memoryStats() {
  need();
  return { liveBlocks: M._pcweb_live_blocks(), liveBytes: M._pcweb_live_bytes(),
           heapTop: M._pcweb_heap_top(), memoryBytes: M.HEAPU8.length };
}

// ---- marshalling: every buffer is freed before the call returns ----------
function withBytes(str, fn) {
  const bytes = enc.encode(str);
  const p = M._malloc(bytes.length + 1);
  if (!p) throw new PuzzleCoreError(Status.ENOMEM, 'malloc');
  try {
    M.HEAPU8.set(bytes, p);
    M.HEAPU8[p + bytes.length] = 0;
    return fn(p, bytes.length);
  } finally {
    M._free(p);
  }
}

// A text out by the snprintf convention: ask the length, then fill.
function textOut(what, call) {
  const lenp = M._malloc(8);
  try {
    let rc = call(0, 0, lenp);
    if (rc < 0 && rc !== Status.ESPACE) throw new PuzzleCoreError(rc, what);
    const n = M.getValue(lenp, 'i32') >>> 0;
    const buf = M._malloc(n + 1);
    if (!buf) throw new PuzzleCoreError(Status.ENOMEM, what);
    try {
      rc = call(buf, n + 1, lenp);
      if (rc < 0) throw new PuzzleCoreError(rc, what);
      return dec.decode(M.HEAPU8.subarray(buf, buf + n));
    } finally {
      M._free(buf);
    }
  } finally {
    M._free(lenp);
  }
}

function errText(cap, fn) {
  const err = M._malloc(cap);
  try {
    M.HEAPU8[err] = 0;
    const rc = fn(err, cap);
    return { rc, err: M.UTF8ToString(err) };
  } finally {
    M._free(err);
  }
}

const registry = typeof FinalizationRegistry === 'function'
  ? new FinalizationRegistry((handle) => { if (M) M._pc_game_free(handle); })
  : null;

/** One game of any kind: a C pc_game inside. */
export class Game {
  constructor(handle) {
    this._h = handle;
    this._cancel = false;
    if (registry) registry.register(this, handle, this);
  }

  /** A new game: kind name, params text ('key=value ...', '' = defaults), seed (number or BigInt). */
  static create(kind, params = '', seed = 0) {
    need();
    return withBytes(kind, (k) => withBytes(params || '', (p) => {
      const v = errText(256, (err, cap) => M._pc_game_validate(k, p, err, cap));
      if (v.rc < 0) throw new PuzzleCoreError(v.rc, `create ${kind}`, v.err);
      const outp = M._malloc(4);
      try {
        const rc = M._pc_game_new(k, p, BigInt.asUintN(64, BigInt(seed)), outp);
        if (rc < 0) throw new PuzzleCoreError(rc, `create ${kind}`);
        return new Game(M.getValue(outp, 'i32'));
      } finally {
        M._free(outp);
      }
    }));
  }

  /** Any kind's save text (its first line names the kind). */
  static load(text) {
    need();
    return withBytes(text, (t, n) => {
      const outp = M._malloc(4);
      try {
        const r = errText(256, (err, cap) => M._pc_game_load(t, n, err, cap, outp));
        if (r.rc < 0) throw new PuzzleCoreError(r.rc, 'load', r.err);
        return new Game(M.getValue(outp, 'i32'));
      } finally {
        M._free(outp);
      }
    });
  }

  get handle() {
    if (!this._h) throw new Error('puzzlecore: game used after dispose()');
    return this._h;
  }

  /** Free the C game now (idempotent). */
  dispose() {
    if (this._h) {
      if (registry) registry.unregister(this);
      M._pc_game_free(this._h);
      this._h = 0;
    }
  }

  get disposed() { return !this._h; }

  /** An independent copy, undo/redo history included. */
  clone() {
    const outp = M._malloc(4);
    try {
      const rc = M._pc_game_clone(this.handle, outp);
      if (rc < 0) throw new PuzzleCoreError(rc, 'clone');
      return new Game(M.getValue(outp, 'i32'));
    } finally {
      M._free(outp);
    }
  }

  get kind() { return M.UTF8ToString(M._pc_game_kind(this.handle)); }

  /** Every legal move now, in the kind's notation (doc/game.md); [] when over. */
  moves() {
    const t = textOut('moves', (b, c, l) => M._pc_game_moves(this.handle, b, c, l));
    return t ? t.slice(0, -1).split('\n') : [];
  }

  /** Play one move; returns the status (0 = played; Status.EILLEGAL, EPARSE, EOVER, ERANGE: refused, nothing changed). */
  play(move) {
    const h = this.handle;
    return withBytes(String(move), (p, n) => M._pc_game_play(h, p, n));
  }

  /** Take back / play again a move: 0, or Status.ENOTFOUND when there is none. */
  undo() { return M._pc_game_undo(this.handle); }
  redo() { return M._pc_game_redo(this.handle); }
  get undoCount() { return M._pc_game_undo_count(this.handle); }
  get redoCount() { return M._pc_game_redo_count(this.handle); }

  /** The game's save text (the kind's own typed save). */
  save() { return textOut('save', (b, c, l) => M._pc_game_save(this.handle, b, c, l)); }

  /** The position as plain text (what `puzzlecore play` prints for `show`). */
  render() { return textOut('render', (b, c, l) => M._pc_game_render(this.handle, b, c, l)); }
  show() { return this.render(); }

  get over() { return M._pc_game_over(this.handle) === 1; }
  get playerCount() { return M._pc_game_player_count(this.handle); }

  /** The player to move (0-based), or -1 when the game is over. */
  get toMove() {
    const p = M._malloc(4);
    try {
      const rc = M._pc_game_to_move(this.handle, p);
      if (rc < 0) throw new PuzzleCoreError(rc, 'toMove');
      return M.getValue(p, 'i32');
    } finally {
      M._free(p);
    }
  }

  /** The score of `player` (default 0), as doc/game.md defines it per kind. */
  score(player = 0) {
    const p = M._malloc(8);
    try {
      const rc = M._pc_game_score(this.handle, player, p);
      if (rc < 0) throw new PuzzleCoreError(rc, 'score');
      return M.getValue(p, 'double');
    } finally {
      M._free(p);
    }
  }

  /** Every player's score. */
  scores() {
    const out = [];
    for (let i = 0; i < this.playerCount; i++) out.push(this.score(i));
    return out;
  }

  /**
   * A good move under a budget: { status, move }.  move is null unless
   * status is 0; Status.ELIMIT / ECANCELLED when the budget stopped the
   * search, ENOTFOUND when there is no move, EOVER when over.
   * opts: maxNodes (0: none), maxSeconds (0: default 10 s, < 0: none),
   * progressEvery (seconds, default 0.1 when onProgress or cancelFlag is
   * given), onProgress(nodes, seconds, bound) (return true to stop),
   * cancelFlag (an Int32Array, maybe over a SharedArrayBuffer: non-zero
   * element 0 stops the search).  The call runs to its end on this thread:
   * run it in a Worker to keep a page responsive (web/worker.js does).
   */
  suggest(opts = {}) {
    const { maxNodes = 0, maxSeconds = 0, onProgress = null, cancelFlag = null } = opts;
    const wantCb = !!(onProgress || cancelFlag);
    const every = opts.progressEvery || (wantCb ? 0.1 : 0);
    this._cancel = false;
    let id = 0;
    if (wantCb) {
      id = nextProgressId++;
      progressHandlers.set(id, (nodes, seconds, bound) => {
        if (this._cancel) return 1;
        if (cancelFlag && Atomics.load(cancelFlag, 0) !== 0) return 1;
        if (onProgress && onProgress(nodes, seconds, bound)) return 1;
        return this._cancel ? 1 : 0;
      });
    }
    const b = M._pcweb_budget_new(maxNodes, maxSeconds, every, id);
    try {
      if (!b) throw new PuzzleCoreError(Status.ENOMEM, 'suggest');
      // one call (a size query would search twice): a move is at most
      // PC_GAME_MAX_MOVE (256) bytes
      const buf = M._malloc(260 + 4);
      if (!buf) throw new PuzzleCoreError(Status.ENOMEM, 'suggest');
      let status, move = null;
      try {
        status = M._pc_game_suggest(this.handle, b, buf, 257, buf + 260);
        if (status === 0) move = dec.decode(M.HEAPU8.subarray(buf, buf + (M.getValue(buf + 260, 'i32') >>> 0)));
      } finally {
        M._free(buf);
      }
      return { status, move: status === 0 ? move : null };
    } finally {
      M._free(b);
      if (id) progressHandlers.delete(id);
    }
  }

  /** Stop a running suggest() of this game (call it from its onProgress). */
  cancel() { this._cancel = true; }
}
