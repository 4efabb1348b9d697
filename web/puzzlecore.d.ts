// Types of puzzlecore.mjs (doc/web.md): libpuzzlecore's pc_game in WebAssembly.

export type Kind = 'nonogram' | 'pickerel' | 'snapper' | 'sokoban' | 'patchwork';

/** Status codes of the C library (0 = ok, negative = PC_E*). */
export declare const Status: Readonly<{
  OK: 0; EINVAL: -1; ENOMEM: -2; ERANGE: -3; EILLEGAL: -4; EOVER: -5; EPARSE: -6;
  ESPACE: -7; ELIMIT: -8; ENOTFOUND: -9; EIO: -10; ECANCELLED: -11;
}>;

export declare class PuzzleCoreError extends Error {
  /** The negative PC_E* status. */
  readonly status: number;
}

/** Load the WebAssembly module once; resolves to the emscripten module. */
export declare function init(moduleArg?: Record<string, unknown>): Promise<unknown>;
export declare function version(): string;
export declare function kinds(): Kind[];
export declare function statusText(status: number): string;
export declare function memoryStats(): { liveBlocks: number; liveBytes: number; heapTop: number; memoryBytes: number };

export interface SuggestOptions {
  /** Node limit (0 or absent: none). */
  maxNodes?: number;
  /** Seconds (0 or absent: the library's default, 10; negative: none). */
  maxSeconds?: number;
  /** Seconds between progress calls (default 0.1 when onProgress or cancelFlag is given). */
  progressEvery?: number;
  /** Called during the search; return true to stop it (status ECANCELLED). */
  onProgress?: (nodes: number, seconds: number, bound: number) => boolean | void;
  /** Element 0 non-zero stops the search (e.g. over a SharedArrayBuffer set by another thread). */
  cancelFlag?: Int32Array;
}

export interface Suggestion {
  /** 0, or Status.ELIMIT / ECANCELLED / ENOTFOUND / EOVER. */
  status: number;
  /** The move (one of moves()), null unless status is 0. */
  move: string | null;
}

export declare class Game {
  /** A new game; throws PuzzleCoreError (EPARSE with a message for bad params). */
  static create(kind: Kind | string, params?: string, seed?: number | bigint): Game;
  /** Any kind's save text. */
  static load(text: string): Game;
  readonly kind: Kind;
  readonly over: boolean;
  readonly playerCount: number;
  /** 0-based player to move, -1 when over. */
  readonly toMove: number;
  readonly undoCount: number;
  readonly redoCount: number;
  readonly disposed: boolean;
  moves(): string[];
  /** 0 when played; a negative status (nothing changed) when refused. */
  play(move: string): number;
  undo(): number;
  redo(): number;
  save(): string;
  render(): string;
  show(): string;
  score(player?: number): number;
  scores(): number[];
  suggest(opts?: SuggestOptions): Suggestion;
  /** Stop this game's running suggest() (from its onProgress). */
  cancel(): void;
  clone(): Game;
  /** Free the C game now; later calls throw. */
  dispose(): void;
}
