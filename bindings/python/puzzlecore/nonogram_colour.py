"""Colour nonograms: 1 to 8 colours plus the background, on the same
``puzzlecore.nonogram.Puzzle`` objects as black-and-white puzzles.

    >>> from puzzlecore import nonogram_colour as nc
    >>> pal = [(".", 0xffffff, "white"), ("r", 0xe02020, "red"), ("g", 0x20a040, "green")]
    >>> p = nc.from_solution(3, 2, pal, [1, 2, 0,
    ...                                  0, 1, 1])
    >>> nc.row_clues(p, 0), nc.row_clues(p, 1)
    ([(1, 1), (1, 2)], [(2, 1)])
    >>> nc.solve(p).status
    'unique'

Cells are palette indices: 0 background, 1..n a colour, ``UNKNOWN`` (255) an
undecided cell of the player's grid or of solver givens.  A clue is a pair
(length, colour); an empty line has the clues ``[(0, 0)]``.  A palette is the
palette text ("SYMBOL RRGGBB NAME" per line, background first) or a sequence
of (symbol, rgb, name) entries.  Formats (webpbn XML with colours, .non with
``color`` lines, the library's record) are read and written by
``puzzlecore.nonogram_solve.load`` / ``save`` and ``Puzzle.load`` / ``save``.
Budgets as in ``nonogram_solve``: ``max_nodes`` (0 no limit), ``max_seconds``
(0 the library's default, < 0 no limit).
"""
import ctypes
from typing import Any, List, Optional, Sequence, Tuple, Union

from ._ffi import (InvalidArgument, check, enums, err_buf, index, integer, lib, new_handle, sequence, text_in,
                   text_out)
from .nonogram import (COLS, MAX_SIDE, ROWS, Hint, Puzzle, Result, _axis, _budget, _cells, _count, _grade,
                       _hint_call, _puzzle, _run)

__all__ = ["UNKNOWN", "MAX_COLOURS", "GENERATED_PALETTE", "line_clues", "from_solution", "from_clues",
           "colour_count", "palette", "palette_text", "row_clues", "col_clues", "clues", "cell", "set_cell",
           "set_rect", "cells", "set_cells", "player_clues", "satisfied", "solve_line", "solve", "solve_clues",
           "mistakes", "hint", "ColourHint", "generate", "generate_cells", "picture_check", "picture_givens",
           "picture_nearby"]

UNKNOWN = enums["PC_NONOGRAM_COLOUR_UNKNOWN"]
MAX_COLOURS = enums["PC_NONOGRAM_MAX_COLOURS"]
MAX_NAME = enums["PC_NONOGRAM_MAX_NAME"]

# The palette of generated puzzles (background, then the first n colours).
GENERATED_PALETTE = [(".", 0xffffff, "white"), ("k", 0x000000, "black"), ("r", 0xe02020, "red"),
                     ("g", 0x20a040, "green"), ("b", 0x2050e0, "blue"), ("y", 0xf0d020, "yellow"),
                     ("m", 0xc030c0, "magenta"), ("c", 0x20c0c0, "cyan"), ("o", 0xf08020, "orange")]

Palette = Union[str, bytes, Sequence[Tuple[str, int, str]]]
Clue = Tuple[int, int]
# a picture or grid: rows of palette indices, or w*h indices in one sequence
Grid = Union[bytes, Sequence[int], Sequence[Sequence[int]]]


def _palette_text(pal: Palette) -> bytes:
    """(bytes, length) of a palette given as text or as (symbol, rgb, name) entries."""
    if isinstance(pal, (str, bytes, bytearray, memoryview)):
        return text_in(pal, "palette")
    lines = []
    for e in sequence(pal, "palette", MAX_COLOURS + 1):
        e = sequence(e, "palette[]", 3)
        if len(e) != 3:
            raise InvalidArgument(f"a palette entry is (symbol, rgb, name), got {len(e)} items")
        sym, rgb, name = e
        if not isinstance(sym, str) or len(sym) != 1:
            raise InvalidArgument(f"a palette symbol is one character, got {sym!r}")
        rgb = integer(rgb, "palette rgb", 0, 0xffffff)
        if not isinstance(name, str):
            raise TypeError(f"a palette name must be a str, not {type(name).__name__}")
        lines.append(f"{sym} {rgb:06x} {name}\n")
    return text_in("".join(lines), "palette")


def _ncolours(n: int) -> int:
    return integer(n, "ncolours", 1, MAX_COLOURS)


def _side(v: int, name: str) -> int:
    return integer(v, name, 1, MAX_SIDE)


def _grid(cells: Grid, w: int, h: int, name: str = "cells") -> Any:
    buf, n = _cells(cells, name)
    if n != w * h:
        raise InvalidArgument(f"{name} must hold width * height = {w * h} cells, got {n}")
    return buf, n


def _pairs(buf_clues: Any, buf_cols: Any, n: int) -> List[Clue]:
    return [(buf_clues[i], buf_cols[i]) for i in range(n)]


def line_clues(cells: Sequence[int], stride: int = 1, length: Optional[int] = None) -> List[Clue]:
    """Coloured clues of the line cells[0], cells[stride], ... (palette
    indices; any value above 8 counts as background).  An empty line gives
    [(0, 0)]."""
    buf, n = _cells(cells)
    stride = integer(stride, "stride", 1, 2 ** 31 - 1)
    most = (n - 1) // stride + 1 if n else 0
    if n == 0:
        raise InvalidArgument("cells must not be empty")
    length = most if length is None else integer(length, "length", 1, most)
    out = (ctypes.c_int32 * length)()
    col = (ctypes.c_uint8 * length)()
    count = ctypes.c_int32()
    check(lib.pc_nonogram_line_clues_colour(buf, length, stride, out, col, length, ctypes.byref(count)))
    return _pairs(out, col, count.value)


def from_solution(width: int, height: int, palette: Palette, cells: Grid) -> Puzzle:
    """A colour puzzle from its picture: width*height palette indices, row-major."""
    width, height = _side(width, "width"), _side(height, "height")
    pal, plen = _palette_text(palette)
    buf, n = _cells(cells)
    return new_handle(Puzzle, lib.pc_nonogram_new_colour_from_solution, width, height, pal, plen, buf, n,
                      err=err_buf())


def _flatten(lines: Sequence[Sequence[Clue]], name: str, ncol_hint: int = MAX_COLOURS) -> Any:
    lines = [sequence(c, name + "[]", MAX_SIDE) for c in sequence(lines, name, MAX_SIDE)]
    counts, vals, cols = [], [], []
    for line in lines:
        counts.append(len(line))
        for c in line:
            c = sequence(c, name + "[][]", 2)
            if len(c) != 2:
                raise InvalidArgument(f"a clue is (length, colour), got {len(c)} items")
            vals.append(integer(c[0], name + " length", 0, MAX_SIDE))
            cols.append(integer(c[1], name + " colour", 0, ncol_hint))
    return ((ctypes.c_int32 * max(1, len(counts)))(*counts), (ctypes.c_int32 * max(1, len(vals)))(*vals),
            (ctypes.c_uint8 * max(1, len(cols)))(*cols), len(lines))


def from_clues(palette: Palette, rows: Sequence[Sequence[Clue]], cols: Sequence[Sequence[Clue]]) -> Puzzle:
    """A colour puzzle from clues alone: rows[y] and cols[x] are lists of
    (length, colour) pairs ([(0, 0)] or [] for an empty line)."""
    pal, plen = _palette_text(palette)
    rc_, rv, rcol, h = _flatten(rows, "rows")
    cc, cv, ccol, w = _flatten(cols, "cols")
    return new_handle(Puzzle, lib.pc_nonogram_new_colour_from_clues, w, h, pal, plen, rc_, rv, rcol, cc, cv, ccol,
                      err=err_buf())


def colour_count(puzzle: Puzzle) -> int:
    """Colours besides the background (1 for a black-and-white puzzle)."""
    return check(lib.pc_nonogram_colour_count(_puzzle(puzzle)))


def palette_text(puzzle: Puzzle) -> str:
    return text_out(lib.pc_nonogram_palette, _puzzle(puzzle))


def palette(puzzle: Puzzle) -> List[Tuple[str, int, str]]:
    """[(symbol, rgb, name), ...], background first."""
    out = []
    for k in range(colour_count(puzzle) + 1):
        rgb, sym = ctypes.c_uint32(), ctypes.c_int32()
        name = text_out(lambda *a: lib.pc_nonogram_colour_info(puzzle, k, ctypes.byref(rgb), ctypes.byref(sym), *a))
        out.append((chr(sym.value), rgb.value, name))
    return out


def _line(puzzle: Puzzle, axis: int, i: int, fill: Any) -> List[Clue]:
    """(length, colour) pairs of line i from fill(clues, colours, cap, count)."""
    _puzzle(puzzle)
    _axis(axis)
    lines, length = (puzzle.height, puzzle.width) if axis == ROWS else (puzzle.width, puzzle.height)
    i = index(i, "y" if axis == ROWS else "x", lines)
    out = (ctypes.c_int32 * length)()
    col = (ctypes.c_uint8 * length)()
    n = ctypes.c_int32()
    fill(i, out, col, length, ctypes.byref(n))
    return _pairs(out, col, n.value)


def _puzzle_clues(puzzle: Puzzle, axis: int, i: int, out: Any, col: Any, cap: int, n: Any) -> None:
    k = ctypes.c_int32()
    check(lib.pc_nonogram_clues(puzzle, axis, i, out, cap, n))
    check(lib.pc_nonogram_clue_colours(puzzle, axis, i, col, cap, ctypes.byref(k)))


def clues(puzzle: Puzzle, axis: int, i: int) -> List[Clue]:
    """The puzzle's clues of row (axis ROWS) or column (COLS) i, with their colours."""
    return _line(puzzle, axis, i, lambda *a: _puzzle_clues(puzzle, axis, *a))


def row_clues(puzzle: Puzzle, y: int) -> List[Clue]:
    return clues(puzzle, ROWS, y)


def col_clues(puzzle: Puzzle, x: int) -> List[Clue]:
    return clues(puzzle, COLS, x)


def player_clues(puzzle: Puzzle, axis: int, i: int) -> List[Clue]:
    """The clues the player's line shows now (undecided cells as background)."""
    return _line(puzzle, axis, i, lambda *a: check(lib.pc_nonogram_player_clues_colour(puzzle, axis, *a)))


def satisfied(puzzle: Puzzle, axis: int, i: int) -> bool:
    """Is the line's clue greyed (the player's line shows exactly its clues)?"""
    _puzzle(puzzle)
    _axis(axis)
    i = index(i, "y" if axis == ROWS else "x", puzzle.height if axis == ROWS else puzzle.width)
    return bool(check(lib.pc_nonogram_line_satisfied(puzzle, axis, i)))


def _value(puzzle: Puzzle, v: int) -> int:
    v = integer(v, "value", 0, UNKNOWN)
    if v != UNKNOWN and v > colour_count(puzzle):
        raise InvalidArgument(f"value must be 0..{colour_count(puzzle)} or UNKNOWN ({UNKNOWN}), got {v}")
    return v


def cell(puzzle: Puzzle, x: int, y: int) -> int:
    """The player's cell as a palette index (UNKNOWN when undecided)."""
    _puzzle(puzzle)
    return check(lib.pc_nonogram_colour_cell(puzzle, index(x, "x", puzzle.width), index(y, "y", puzzle.height)))


def set_cell(puzzle: Puzzle, x: int, y: int, value: int) -> None:
    """Paint a cell: 0 background, 1..n a colour, UNKNOWN to clear it."""
    _puzzle(puzzle)
    check(lib.pc_nonogram_set_colour_cell(puzzle, index(x, "x", puzzle.width), index(y, "y", puzzle.height), _value(puzzle, value)))


def set_rect(puzzle: Puzzle, x: int, y: int, w: int, h: int, value: int) -> None:
    """Paint the w x h rectangle at (x, y) (inside the grid)."""
    _puzzle(puzzle)
    x, y = index(x, "x", puzzle.width), index(y, "y", puzzle.height)
    w = integer(w, "w", 1, puzzle.width - x)
    h = integer(h, "h", 1, puzzle.height - y)
    check(lib.pc_nonogram_set_colour_rect(puzzle, x, y, w, h, _value(puzzle, value)))


def cells(puzzle: Puzzle) -> bytes:
    """The player's grid as palette indices / UNKNOWN (row-major bytes)."""
    n = _puzzle(puzzle).width * puzzle.height
    buf = (ctypes.c_uint8 * n)()
    check(lib.pc_nonogram_get_colour_cells(puzzle, buf, n))
    return bytes(buf)


def set_cells(puzzle: Puzzle, values: Union[bytes, Sequence[int]]) -> None:
    """Set the whole player's grid (width*height values; all checked first)."""
    _puzzle(puzzle)
    buf, n = _cells(values)
    check(lib.pc_nonogram_set_colour_cells(puzzle, buf, n))


def solve_line(ncolours: int, clues: Sequence[Clue], cells: Sequence[int]) -> List[int]:
    """The complete colour line solver.  ``cells[i]`` is the set of values
    cell i may take as bits (bit 0 background, bit k colour k); returns the
    narrowed sets.  Raises IllegalMove (PC_EILLEGAL) when no arrangement fits."""
    ncolours = _ncolours(ncolours)
    cells = [integer(c, "cells[]", 1, (1 << (ncolours + 1)) - 1) for c in sequence(cells, "cells", MAX_SIDE)]
    clues = [sequence(c, "clues[]", 2) for c in sequence(clues, "clues", MAX_SIDE)]
    if any(len(c) != 2 for c in clues):
        raise InvalidArgument("a clue is (length, colour)")
    n = len(cells)
    if n == 0:
        raise InvalidArgument("cells must not be empty")
    cl = (ctypes.c_int32 * max(1, len(clues)))(*[integer(c[0], "clue length", 0, MAX_SIDE) for c in clues])
    co = (ctypes.c_uint8 * max(1, len(clues)))(*[integer(c[1], "clue colour", 0, MAX_COLOURS) for c in clues])
    src = (ctypes.c_uint32 * n)(*cells)
    out = (ctypes.c_uint32 * n)()
    check(lib.pc_nonogram_solve_line_colour(ncolours, cl, co, len(clues), src, n, out))
    return list(out)


def solve(puzzle: Puzzle, count: int = 2, use_grid: bool = False, max_nodes: int = 0,
          max_seconds: float = 0.0) -> Result:
    """Solve a puzzle's coloured clues (with use_grid, the player's decided
    cells are givens): a nonogram_solve.Result whose solutions are rows of
    palette indices; count=2 decides uniqueness."""
    _puzzle(puzzle)
    count = _count(count, puzzle.width * puzzle.height)
    b = _budget(max_nodes, max_seconds)
    return _run(lib.pc_nonogram_solve_colour, (puzzle, 1 if use_grid else 0, count, ctypes.byref(b)), count, puzzle.width,
                puzzle.height)


def solve_clues(ncolours: int, rows: Sequence[Sequence[Clue]], cols: Sequence[Sequence[Clue]], count: int = 2,
                givens: Optional[Sequence[int]] = None, max_nodes: int = 0, max_seconds: float = 0.0) -> Result:
    """Solve (length, colour) clue lists; ``givens``: w*h palette indices or UNKNOWN."""
    ncolours = _ncolours(ncolours)
    rc_, rv, rcol, h = _flatten(rows, "rows")
    cc, cv, ccol, w = _flatten(cols, "cols")
    if w < 1 or h < 1:
        raise InvalidArgument(f"rows and cols must not be empty (got {h} rows, {w} cols)")
    count = _count(count, w * h)
    g = None
    if givens is not None:
        g, _ = _grid(givens, w, h, "givens")
    b = _budget(max_nodes, max_seconds)
    return _run(lib.pc_nonogram_solve_colour_clues,
                (w, h, ncolours, rc_, rv, rcol, cc, cv, ccol, g, count, ctypes.byref(b)), count, w, h)


def mistakes(puzzle: Puzzle, max_nodes: int = 0, max_seconds: float = 0.0) -> List[Tuple[int, int]]:
    """The player's decided cells that differ from the solution, as (x, y)
    (Puzzle.mistakes: one rule for black-and-white and colour)."""
    return _puzzle(puzzle).mistakes(max_nodes, max_seconds)


class ColourHint(Hint):
    """A cell to paint: (x, y), ``value`` (a palette index), ``kind`` ("line",
    "probe" or "solution") and the line that proves it (``axis``/``index``, or
    None)."""

    def apply(self, puzzle: Puzzle) -> None:
        set_cell(puzzle, self.x, self.y, self.value)

    def __repr__(self) -> str:
        return f"<ColourHint {self.kind}: ({self.x}, {self.y}) = {self.value}>"


def hint(puzzle: Puzzle, max_nodes: int = 0, max_seconds: float = 0.0) -> Optional[ColourHint]:
    """The next cell from the player's grid, or None when none is undecided.
    A grid that contradicts the clues raises IllegalMove (``axis``/``index``
    name the broken line, None when no single line)."""
    v = _hint_call(lib.pc_nonogram_hint_colour, _puzzle(puzzle), max_nodes, max_seconds)
    return None if v is None else ColourHint(*v)


def _gen_args(width: int, height: int, ncolours: int, seed: int, grade: str) -> Any:
    return (integer(width, "width", 2, 128), integer(height, "height", 2, 128), _ncolours(ncolours),
            integer(seed, "seed", 0, 2 ** 64 - 1), _grade(grade))


def generate(width: int, height: int, ncolours: int, seed: int = 1, grade: str = "line") -> Puzzle:
    """A seeded colour picture puzzle (blobs) with exactly one solution,
    settled at ``grade`` or easier, with GENERATED_PALETTE's first colours."""
    return new_handle(Puzzle, lib.pc_nonogram_generate_colour, *_gen_args(width, height, ncolours, seed, grade))


def generate_cells(width: int, height: int, ncolours: int, seed: int = 1, grade: str = "line") -> List[List[int]]:
    """The generated picture only, as rows of palette indices."""
    a = _gen_args(width, height, ncolours, seed, grade)
    n = a[0] * a[1]
    buf = (ctypes.c_uint8 * n)()
    check(lib.pc_nonogram_generate_colour_cells(*a, buf, n))
    return [list(buf[y * a[0]: (y + 1) * a[0]]) for y in range(a[1])]


def _picture_call(fn: Any, width: int, height: int, ncolours: int, cells: Grid, max_nodes: int,
                  max_seconds: float, seed: int = 0) -> Tuple[int, Any, int, int, int]:
    """One of the three picture calls: (status, the w*h output bytes, the
    count, w, n)."""
    w, h = _side(width, "width"), _side(height, "height")
    nc = _ncolours(ncolours)
    buf, n = _grid(cells, w, h)
    out = (ctypes.c_uint8 * n)()
    cnt = ctypes.c_int32()
    b = _budget(max_nodes, max_seconds)
    b.seed = integer(seed, "seed", 0, 2 ** 64 - 1)
    rc = check(fn(w, h, nc, buf, n, ctypes.byref(b), out, n, ctypes.byref(cnt)))
    return rc, out, cnt.value, w, n


def _cells_of(buf: Any, w: int, n: int) -> List[Tuple[int, int]]:
    return [(i % w, i // w) for i in range(n) if buf[i]]


def picture_check(width: int, height: int, ncolours: int, cells: Grid, max_nodes: int = 0,
                  max_seconds: float = 0.0) -> Tuple[bool, List[Tuple[int, int]]]:
    """(unique, ambiguous): do the picture's clues have exactly one solution,
    and the cells (x, y) where some solution differs from the picture."""
    u, amb, _, w, n = _picture_call(lib.pc_nonogram_picture_check, width, height, ncolours, cells, max_nodes,
                                    max_seconds)
    return bool(u), _cells_of(amb, w, n)


def picture_givens(width: int, height: int, ncolours: int, cells: Grid, max_nodes: int = 0,
                   max_seconds: float = 0.0) -> List[Tuple[int, int]]:
    """A small set of cells (x, y) that, shown from the start, make the
    picture's clues have one solution ([] when already unique)."""
    _, out, _, w, n = _picture_call(lib.pc_nonogram_picture_givens, width, height, ncolours, cells, max_nodes,
                                    max_seconds)
    return _cells_of(out, w, n)


def picture_nearby(width: int, height: int, ncolours: int, cells: Grid, seed: int = 0, max_nodes: int = 0,
                   max_seconds: float = 0.0) -> Tuple[List[List[int]], int]:
    """(picture, changed): a nearby picture (rows of palette indices) whose
    clues have one solution, and how many cells differ from the caller's."""
    _, out, changed, w, n = _picture_call(lib.pc_nonogram_picture_nearby, width, height, ncolours, cells,
                                          max_nodes, max_seconds, seed)
    return [list(out[y * w: (y + 1) * w]) for y in range(n // w)], changed
