"""SVG pictures of game states for notebooks (``_repr_svg_``).  Plain text
building, no dependency.  The cell codes come from the C enums (as the game
modules take them), so this module imports no game module: they import it."""
from __future__ import annotations
from typing import Any  # noqa: F401 (annotations)
from html import escape

from ._ffi import enums

FILLED, CROSSED = enums["PC_NONOGRAM_FILLED"], enums["PC_NONOGRAM_CROSSED"]
WALL, GOAL, BOX, PLAYER, INTERIOR = (enums["PC_SOKOBAN_" + n] for n in ("WALL", "GOAL", "BOX", "PLAYER", "INTERIOR"))

_S = 16  # cell size in pixels


def _svg(w: int, h: int, body: Any) -> Any:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" '
            f'font-family="sans-serif" font-size="{_S * 0.6:g}">' + "".join(body) + "</svg>")


def nonogram(p: Any) -> Any:
    """The player's grid with its clues; a satisfied line's clues greyed."""
    w, h = p.width, p.height
    rows, cols = p.rows, p.cols
    left = max(len(r) for r in rows) * _S
    top = max(len(c) for c in cols) * _S
    body = []
    for y, clues in enumerate(rows):
        colour = "#bbb" if p.row_satisfied(y) else "#000"
        for k, v in enumerate(reversed(clues)):
            body.append(f'<text x="{left - (k + 0.5) * _S:g}" y="{top + (y + 0.72) * _S:g}" fill="{colour}" '
                        f'text-anchor="middle">{v}</text>')
    for x, clues in enumerate(cols):
        colour = "#bbb" if p.col_satisfied(x) else "#000"
        for k, v in enumerate(reversed(clues)):
            body.append(f'<text x="{left + (x + 0.5) * _S:g}" y="{top - (k + 0.28) * _S:g}" fill="{colour}" '
                        f'text-anchor="middle">{v}</text>')
    cells = p.cells
    for y in range(h):
        for x in range(w):
            v = cells[y * w + x]
            cx, cy = left + x * _S, top + y * _S
            fill = "#222" if v == FILLED else "#fff"
            body.append(f'<rect x="{cx}" y="{cy}" width="{_S}" height="{_S}" fill="{fill}" stroke="#999"/>')
            if v == CROSSED:
                body.append(f'<path d="M{cx + 4} {cy + 4}l8 8m0 -8l-8 8" stroke="#c33"/>')
    return _svg(left + w * _S + 1, top + h * _S + 1, body)


def sokoban(lv: Any) -> Any:
    """Walls, goals, boxes (green on a goal) and the player."""
    w, h = lv.width, lv.height
    body = []
    for x, y, b in lv.cells():
        cx, cy = x * _S, y * _S
        if b & WALL:
            body.append(f'<rect x="{cx}" y="{cy}" width="{_S}" height="{_S}" fill="#665"/>')
            continue
        if b & INTERIOR:
            body.append(f'<rect x="{cx}" y="{cy}" width="{_S}" height="{_S}" fill="#eed"/>')
        if b & GOAL:
            body.append(f'<circle cx="{cx + _S / 2:g}" cy="{cy + _S / 2:g}" r="3" fill="#c33"/>')
        if b & BOX:
            colour = "#3a3" if b & GOAL else "#b80"
            body.append(f'<rect x="{cx + 2}" y="{cy + 2}" width="{_S - 4}" height="{_S - 4}" fill="{colour}" '
                        'stroke="#000"/>')
        if b & PLAYER:
            body.append(f'<circle cx="{cx + _S / 2:g}" cy="{cy + _S / 2:g}" r="{_S / 2 - 2:g}" fill="#36c"/>')
    return _svg(w * _S, h * _S, body)


def patchwork(g: Any) -> Any:
    """Both quilts side by side, with each player's buttons and income."""
    body = []
    for i, pl in enumerate(g.players):
        ox = i * (10 * _S)
        body.append(f'<text x="{ox}" y="{_S * 0.8:g}">player {i}: {pl.buttons} buttons, income {pl.income}'
                    f'{" (to move)" if g.to_move == i else ""}</text>')
        for y, row in enumerate(pl.board):
            for x, c in enumerate(row):
                fill = "#c84" if c == "O" else "#fff"
                body.append(f'<rect x="{ox + x * _S}" y="{(y + 1) * _S}" width="{_S}" height="{_S}" '
                            f'fill="{fill}" stroke="#999"/>')
    return _svg(20 * _S, 11 * _S, body)


def game(g: Any) -> Any:
    """Any pc_game: its text rendering, one line per row."""
    lines = g.render().splitlines() or [""]
    width = max(len(line) for line in lines)
    body = [f'<text x="4" y="{(k + 1) * _S}" font-family="monospace" xml:space="preserve">{escape(line)}</text>'
            for k, line in enumerate(lines)]
    return _svg(int(width * _S * 0.62) + 8, (len(lines) + 1) * _S, body)
