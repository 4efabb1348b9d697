// The page: every game of libpuzzlecore through puzzlecore.mjs (doc/web.md).
// Plain DOM, no framework.  Moves are the library's text moves; the status
// line is the one `puzzlecore play` prints after every command, so the
// browser test compares it (and the text view) with the native CLI.
import { init, Game, Status } from './puzzlecore.mjs';

const $ = (id) => document.getElementById(id);
const WORDS = ['ok', 'einval', 'enomem', 'erange', 'eillegal', 'eover', 'eparse', 'espace', 'elimit',
  'enotfound', 'eio', 'ecancelled'];
const word = (rc) => (rc <= 0 && rc >= -11 ? WORDS[-rc] : 'unknown');
const fmt = (d) => (Number.isInteger(d) ? String(d) : String(Number(d.toPrecision(6))));
const BOT = 1; // Patchwork: the library's bot plays player 1

const app = { game: null, lastRc: 0, cursor: [0, 0], wrong: null, busy: false };
window.pcApp = app; // for the browser test and the curious

// ---- the search worker (hint, solve, bot) -------------------------------
let worker = null, workerReady = null, jobId = 0, job = null;
const shared = typeof SharedArrayBuffer === 'function' && self.crossOriginIsolated;
function startWorker() {
  worker = new Worker('worker.js', { type: 'module' });
  workerReady = new Promise((resolve) => {
    worker.onmessage = (e) => {
      const d = e.data;
      if (d.ready) { resolve(); return; }
      if (!job || d.id !== job.id) return;
      if (d.progress) {
        const [nodes, seconds] = d.progress;
        $('progress').value = job.maxSeconds > 0 ? Math.min(1, seconds / job.maxSeconds) : 0;
        $('message').textContent = `searching… ${nodes} nodes, ${seconds.toFixed(1)} s`;
        return;
      }
      const j = job; job = null; endSearchUi();
      // A search the user cancelled answers ECANCELLED even when its answer
      // crossed the Cancel in flight: Solve and the bot must stop, not play on.
      if (j.cancelledAt) {
        app.cancelMs = performance.now() - j.cancelledAt;
        j.resolve({ id: d.id, status: Status.ECANCELLED, move: null });
        return;
      }
      j.resolve(d);
    };
  });
}
function search(maxSeconds, maxNodes = 0) {
  if (job) return Promise.resolve({ status: Status.EINVAL, move: null });
  const id = ++jobId;
  const cancel = shared ? new Int32Array(new SharedArrayBuffer(4)) : null;
  return new Promise((resolve) => {
    job = { id, resolve, cancel, maxSeconds, started: performance.now() };
    $('cancel').disabled = false; $('progress').hidden = false; $('progress').value = 0;
    $('message').textContent = 'searching…';
    workerReady.then(() => worker.postMessage({ id, save: app.game.save(), maxNodes, maxSeconds, cancel }));
  });
}
function endSearchUi() {
  $('cancel').disabled = true; $('progress').hidden = true;
}
// Cancel: with shared memory the worker's search sees the flag at its next
// progress call (every 0.1 s); without it (or if it does not answer within
// 0.5 s) the worker is ended and a fresh one started.  Never blocks the page.
function cancelSearch() {
  if (!job) return;
  const j = job;
  j.cancelledAt = performance.now();
  const hardStop = () => {
    if (job !== j) return;
    worker.terminate(); startWorker();
    job = null; endSearchUi();
    app.cancelMs = performance.now() - j.cancelledAt;
    j.resolve({ status: Status.ECANCELLED, move: null });
  };
  if (j.cancel) { Atomics.store(j.cancel, 0, 1); setTimeout(hardStop, 500); } else hardStop();
}

// ---- drawing ---------------------------------------------------------------
function statusLine() {
  const g = app.game;
  const sc = g.scores().map(fmt).join(',');
  return `status=${word(app.lastRc)} over=${g.over ? 1 : 0} to_move=${g.toMove} score=${sc}`;
}
function draw() {
  const g = app.game;
  $('status').textContent = statusLine();
  $('status').classList.toggle('over', g.over);
  $('text').textContent = g.render();
  $('undo').disabled = g.undoCount === 0;
  $('redo').disabled = g.redoCount === 0;
  const k = g.kind;
  $('mistake').hidden = k !== 'nonogram';
  $('solve').hidden = k !== 'sokoban';
  $('xsb-box').hidden = k !== 'sokoban';
  const board = $('board');
  board.textContent = '';
  if (k === 'nonogram') drawNonogram(board);
  else if (k === 'sokoban') drawSokoban(board);
  drawMoves(k === 'nonogram' || k === 'sokoban');
}
function drawMoves(compact) {
  const box = $('moves');
  box.textContent = '';
  if (compact) return; // these two are played on the board
  const moves = app.game.moves();
  const mine = !(app.game.kind === 'patchwork' && app.game.toMove === BOT);
  for (const m of moves.slice(0, 400)) {
    const b = document.createElement('button');
    b.type = 'button'; b.textContent = m; b.dataset.move = m; b.disabled = !mine;
    box.appendChild(b);
  }
  if (moves.length > 400) box.append(` … ${moves.length - 400} more: type them above`);
}

// Nonogram: the save text has the solution and the grid (doc/nonogram.md).
function nonoState() {
  const s = app.game.save();
  const get = (key) => (s.match(new RegExp(`^${key} (.*)$`, 'm')) || [])[1];
  const [w, h] = get('size').split('x').map(Number);
  return { w, h, sol: get('solution') || '', grid: get('grid') || '' };
}
function runs(cells) {
  const r = []; let n = 0;
  for (const c of cells) { if (c) n++; else if (n) { r.push(n); n = 0; } }
  if (n) r.push(n);
  return r;
}
function drawNonogram(board) {
  const { w, h, sol, grid } = nonoState();
  const solAt = (x, y) => sol[y * w + x] === '1';
  const at = (x, y) => grid[y * w + x];
  const same = (a, b) => a.length === b.length && a.every((v, i) => v === b[i]);
  const t = document.createElement('table');
  t.className = 'nono'; t.setAttribute('role', 'grid');
  t.setAttribute('aria-label', `Nonogram ${w} by ${h}: arrows move, space fills, x crosses, delete clears`);
  t.tabIndex = 0;
  const head = t.insertRow(); head.appendChild(document.createElement('th'));
  for (let x = 0; x < w; x++) {
    const col = []; const cur = [];
    for (let y = 0; y < h; y++) { col.push(solAt(x, y)); cur.push(at(x, y) === '#'); }
    const th = document.createElement('th');
    const clue = runs(col);
    th.textContent = (clue.length ? clue : [0]).join('\n');
    if (same(runs(cur), clue)) th.classList.add('done');
    th.setAttribute('aria-label', `column ${x + 1} clue ${clue.join(' ') || 0}`);
    head.appendChild(th);
  }
  for (let y = 0; y < h; y++) {
    const tr = t.insertRow();
    const row = []; const cur = [];
    for (let x = 0; x < w; x++) { row.push(solAt(x, y)); cur.push(at(x, y) === '#'); }
    const th = document.createElement('th'); th.className = 'row';
    const clue = runs(row);
    th.textContent = (clue.length ? clue : [0]).join(' ');
    if (same(runs(cur), clue)) th.classList.add('done');
    tr.appendChild(th);
    for (let x = 0; x < w; x++) {
      const td = tr.insertCell();
      const c = at(x, y);
      td.dataset.x = x; td.dataset.y = y;
      if (c === '#') td.classList.add('filled'); else if (c === 'x' || c === 'X') td.classList.add('crossed');
      if (app.cursor[0] === x && app.cursor[1] === y) td.classList.add('cursor');
      if (app.wrong && app.wrong.has(`${x},${y}`)) td.classList.add('wrong');
      td.setAttribute('aria-label', `row ${y + 1} column ${x + 1}: ${c === '#' ? 'filled' : c === '.' ? 'empty' : 'crossed'}`);
    }
  }
  board.appendChild(t);
  t.addEventListener('click', (e) => {
    const td = e.target.closest('td'); if (!td) return;
    app.cursor = [Number(td.dataset.x), Number(td.dataset.y)];
    nonoAct(e.shiftKey ? 'cross' : 'fill');
  });
  t.addEventListener('contextmenu', (e) => {
    const td = e.target.closest('td'); if (!td) return;
    e.preventDefault();
    app.cursor = [Number(td.dataset.x), Number(td.dataset.y)];
    nonoAct('cross');
  });
  t.addEventListener('keydown', (e) => {
    const d = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[e.key];
    if (d) {
      app.cursor = [Math.max(0, Math.min(w - 1, app.cursor[0] + d[0])), Math.max(0, Math.min(h - 1, app.cursor[1] + d[1]))];
      e.preventDefault(); draw(); focusBoard(); return;
    }
    const act = { ' ': 'fill', f: 'fill', x: 'cross', Delete: 'clear', Backspace: 'clear', c: 'clear' }[e.key];
    if (act) { e.preventDefault(); nonoAct(act); focusBoard(); }
  });
}
// fill on a filled cell (or cross on a crossed one) clears it: a toggle
function nonoAct(act) {
  const [x, y] = app.cursor;
  const c = nonoState().grid[y * nonoState().w + x];
  if (act === 'fill' && c === '#') act = 'clear';
  else if (act === 'cross' && (c === 'x' || c === 'X')) act = 'clear';
  play(`${act} ${x} ${y}`);
}
function findMistakes() {
  const { w, h, sol, grid } = nonoState();
  app.wrong = new Set();
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    const c = grid[y * w + x], s = sol[y * w + x] === '1';
    if ((c === '#' && !s) || ((c === 'x' || c === 'X') && s)) app.wrong.add(`${x},${y}`);
  }
  draw();
  $('message').textContent = app.wrong.size
    ? `${app.wrong.size} cell${app.wrong.size > 1 ? 's' : ''} disagree with the solution (shown in red)`
    : 'No mistake so far.';
}

// Sokoban: the rendering is the XSB board.
function drawSokoban(board) {
  const rows = app.game.render().split('\n').filter((r) => r.length);
  const t = document.createElement('table');
  t.className = 'soko'; t.tabIndex = 0;
  t.setAttribute('aria-label', 'Sokoban: arrow keys or WASD move, z undoes, y redoes; click a neighbouring square to step');
  let man = [0, 0];
  rows.forEach((r, y) => {
    const tr = t.insertRow();
    [...r].forEach((ch, x) => {
      const td = tr.insertCell();
      td.dataset.x = x; td.dataset.y = y;
      if (ch === '#') td.className = 'wall';
      if ('.*+'.includes(ch)) td.classList.add('goal');
      if ('$*'.includes(ch)) td.classList.add('box');
      if ('@+'.includes(ch)) { td.classList.add('man'); man = [x, y]; }
    });
  });
  board.appendChild(t);
  t.addEventListener('click', (e) => {
    const td = e.target.closest('td'); if (!td) return;
    const dx = Number(td.dataset.x) - man[0], dy = Number(td.dataset.y) - man[1];
    const m = dx === 1 && !dy ? 'r' : dx === -1 && !dy ? 'l' : dy === 1 && !dx ? 'd' : dy === -1 && !dx ? 'u' : null;
    if (m) play(m);
  });
  t.addEventListener('keydown', (e) => {
    const m = { ArrowLeft: 'l', ArrowRight: 'r', ArrowUp: 'u', ArrowDown: 'd', a: 'l', d: 'r', w: 'u', s: 'd' }[e.key];
    if (m) { e.preventDefault(); play(m); focusBoard(); }
  });
}
function focusBoard() {
  const t = $('board').querySelector('table');
  if (t) t.focus();
}

// ---- actions ---------------------------------------------------------------
function play(move) {
  if (!app.game || app.busy) return;
  app.lastRc = app.game.play(move);
  app.wrong = null;
  $('message').textContent = app.lastRc === 0 ? `played ${move}` : `refused: ${move} (${word(app.lastRc)})`;
  draw();
  if (app.game.kind === 'nonogram' || app.game.kind === 'sokoban') focusBoard();
  botTurn();
}
async function botTurn() {
  const g = app.game;
  if (g.kind !== 'patchwork' || g.over || g.toMove !== BOT) return;
  app.busy = true;
  $('message').textContent = 'the bot is thinking…';
  const r = await search(5, 2000);
  app.busy = false;
  if (g !== app.game) return;
  if (r.status === 0) {
    app.lastRc = g.play(r.move);
    draw();
    $('message').textContent = `the bot played ${r.move}`;
    botTurn();
  } else {
    $('message').textContent = `the bot stopped: ${word(r.status)}`;
  }
}
function newGame(kind, params, seed) {
  let g;
  try {
    g = Game.create(kind, params, BigInt(seed || 0));
  } catch (e) {
    $('message').textContent = String(e.message || e);
    return;
  }
  cancelSearch();
  if (app.game) app.game.dispose();
  app.game = g; app.lastRc = 0; app.cursor = [0, 0]; app.wrong = null; app.busy = false;
  $('message').textContent = `new ${kind} game, seed ${seed}`;
  draw();
  focusBoard();
}

async function main() {
  await init();
  startWorker();
  $('setup').addEventListener('submit', (e) => {
    e.preventDefault();
    newGame($('kind').value, $('params').value.trim(), $('seed').value);
  });
  $('undo').onclick = () => { app.lastRc = app.game.undo(); app.wrong = null; draw(); };
  $('redo').onclick = () => { app.lastRc = app.game.redo(); draw(); botTurn(); };
  $('hint').onclick = async () => {
    const g = app.game;
    const r = await search(10);
    if (g !== app.game) return;
    $('message').textContent = r.status === 0 ? `hint: ${r.move}` : `no hint: ${word(r.status)}`;
    if (r.status === 0 && g.kind === 'nonogram') {
      const m = r.move.match(/(\d+) (\d+)$/);
      if (m) { app.cursor = [Number(m[1]), Number(m[2])]; draw(); $('message').textContent = `hint: ${r.move}`; }
    }
  };
  $('mistake').onclick = findMistakes;
  // Solve from here: the suggestion is the first step of a solution; play it
  // and ask again until solved (each step a fresh search in the worker).
  $('solve').onclick = async () => {
    const g = app.game;
    while (g === app.game && !g.over) {
      const r = await search(60);
      if (g !== app.game) return;
      if (r.status !== 0) { $('message').textContent = `solve stopped: ${word(r.status)}`; return; }
      app.lastRc = g.play(r.move); draw();
    }
    if (g.over) $('message').textContent = 'solved';
  };
  $('cancel').onclick = cancelSearch;
  $('move-play').onclick = () => { play($('move-input').value.trim()); };
  $('move-input').addEventListener('keydown', (e) => { if (e.key === 'Enter') play(e.target.value.trim()); });
  $('moves').addEventListener('click', (e) => { const b = e.target.closest('button'); if (b) play(b.dataset.move); });
  $('xsb-load').onclick = () => {
    const rows = $('xsb').value.split(/\r?\n/).filter((r) => r.trim().length).map((r) => r.replace(/ /g, '-'));
    $('kind').value = 'sokoban';
    newGame('sokoban', `level=${rows.join('|')}`, 0);
  };
  $('kind').addEventListener('change', () => { $('params').value = ''; });
  $('save').onclick = () => { $('savetext').value = app.game.save(); };
  $('load').onclick = () => {
    try {
      const g = Game.load($('savetext').value);
      cancelSearch();
      app.game.dispose(); app.game = g; app.lastRc = 0; draw();
    } catch (e) { $('message').textContent = String(e.message || e); }
  };
  document.addEventListener('keydown', (e) => {
    if (e.target.closest('input, textarea, select')) return;
    if (e.key === 'z' || e.key === 'u') $('undo').click();
    else if (e.key === 'y') $('redo').click();
    else if (e.key === 'h') $('hint').click();
    else if (e.key === 'Escape') cancelSearch();
  });
  const q = new URLSearchParams(location.search);
  if (q.get('kind')) $('kind').value = q.get('kind');
  if (q.get('seed')) $('seed').value = q.get('seed');
  if (q.get('params')) $('params').value = q.get('params');
  newGame($('kind').value, $('params').value.trim(), $('seed').value);
  document.body.dataset.ready = '1';
}
main();
