"""Nonograms: clues, the player's grid with greyed (satisfied) clues, records.

>>> from puzzlecore import nonogram
>>> p = nonogram.Puzzle.from_solution(5, 5, "00100" "01110" "10101" "10001" "01110")
>>> p.row_clues(4)
[3]
>>> p.fill(1, 4, 3, 1)          # drag over row 5, cells 2-4
>>> p.row_satisfied(4)
True
"""
from __future__ import annotations
import ctypes
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from ._ffi import (Handle, InvalidArgument, OutOfRange, check, cstr, enums, err_buf, index, integer, lib,
                   new_handle, sequence, text_in, text_out)

UNKNOWN = enums["PC_NONOGRAM_UNKNOWN"]
FILLED = enums["PC_NONOGRAM_FILLED"]
CROSSED = enums["PC_NONOGRAM_CROSSED"]
ROWS = enums["PC_NONOGRAM_ROWS"]
COLS = enums["PC_NONOGRAM_COLS"]

MAX_SIDE = enums["PC_NONOGRAM_MAX_SIDE"]
MAX_CELLS = enums["PC_NONOGRAM_MAX_CELLS"]

__all__ = ["Puzzle", "line_clues", "grid_clues", "UNKNOWN", "FILLED", "CROSSED", "ROWS", "COLS"]

Cells = Union[bytes, bytearray, memoryview, Sequence[int]]


def _cells(cells: Union[List[int], bytes], name: str = "cells") -> Tuple[Any, ...]:
    """A uint8 array from bytes or a sequence of ints 0..255 (TypeError for
    anything else: an int must not become a buffer of that many zeros)."""
    if isinstance(cells, (bytes, bytearray, memoryview)):
        data = bytes(cells)
    else:
        vals = sequence(cells, name, MAX_CELLS)
        data = bytes(integer(v, name + "[]", 0, 255) for v in vals)
    if len(data) > MAX_CELLS:
        raise OutOfRange(f"{name} must hold at most {MAX_CELLS} cells, got {len(data)}")
    return (ctypes.c_uint8 * max(1, len(data))).from_buffer_copy(data or b"\0"), len(data)


def _axis(axis: int) -> int:
    if axis not in (ROWS, COLS) or isinstance(axis, bool):
        raise InvalidArgument(f"axis must be ROWS ({ROWS}) or COLS ({COLS}), got {axis!r}")
    return axis


def line_clues(cells: Cells, stride: int = 1, length: Optional[int] = None) -> List[int]:
    """Clues of the line cells[0], cells[stride], ... (a cell counts as filled
    when it is 1).  An empty line gives [0]."""
    buf, n = _cells(cells)
    stride = integer(stride, "stride", 1, 2 ** 31 - 1)
    most = (n - 1) // stride + 1 if n else 0
    if length is None:
        length = most
    length = integer(length, "length", 1 if n else 0, max(most, 1) if n else 0)
    if length == 0:
        raise InvalidArgument("cells must not be empty")
    cap = (length + 1) // 2
    out = (ctypes.c_int32 * max(1, cap))()
    count = ctypes.c_int32()
    check(lib.pc_nonogram_line_clues(buf, length, stride, out, cap, ctypes.byref(count)))
    return list(out[: count.value])


def grid_clues(cells: Cells, width: int, height: int, axis: int = ROWS) -> List[List[int]]:
    """All row (or column) clues of a row-major grid, as a list of lists."""
    buf, n = _cells(cells)
    width = integer(width, "width", 1, MAX_SIDE)
    height = integer(height, "height", 1, MAX_SIDE)
    _axis(axis)
    if n != width * height:
        raise InvalidArgument(f"cells must hold width * height = {width * height} values, got {n}")
    lines, length = (height, width) if axis == ROWS else (width, height)
    counts = (ctypes.c_int32 * lines)()
    cap = lines * ((length + 1) // 2)
    out = (ctypes.c_int32 * max(1, cap))()
    total = ctypes.c_size_t()
    check(lib.pc_nonogram_grid_clues(buf, width, height, axis, counts, out, cap, ctypes.byref(total)))
    result, k = [], 0
    for c in counts:
        result.append(list(out[k : k + c]))
        k += c
    return result


def flatten_clues(lines: Sequence[Any], name: str = "clues") -> Tuple[Any, ...]:
    """(counts, values) int32 arrays for the C calls that take clue lists."""
    lines = [sequence(c, name + "[]", MAX_SIDE) for c in sequence(lines, name, MAX_SIDE)]
    counts = [len(c) for c in lines]
    values = [integer(v, name + "[][]", 0, MAX_SIDE) for c in lines for v in c]
    return ((ctypes.c_int32 * max(1, len(counts)))(*counts), (ctypes.c_int32 * max(1, len(values)))(*values))


class Puzzle(Handle):
    """A nonogram and the player's grid.  Build with from_solution,
    from_clues or load; cells are addressed (x, y) = (column, row) from 0."""

    _free = "pc_nonogram_free"
    _ctype = "pc_nonogram"

    @classmethod
    def from_solution(cls, width: int, height: int, bits: Union[str, bytes]) -> "Puzzle":
        """From a string of '0'/'1' (row-major; white space ignored)."""
        width = integer(width, "width", 1, MAX_SIDE)
        height = integer(height, "height", 1, MAX_SIDE)
        err = err_buf()
        data, n = text_in(bits, "bits")
        return new_handle(cls, lib.pc_nonogram_new_from_solution, width, height, data, n, err=err)

    @classmethod
    def from_clues(cls, rows: Sequence[Sequence[int]], cols: Sequence[Sequence[int]]) -> "Puzzle":
        """From clue lists: rows[y] and cols[x] are lists of ints ([0] for empty)."""
        rc_, rv = flatten_clues(rows, "rows")
        cc, cv = flatten_clues(cols, "cols")
        return new_handle(cls, lib.pc_nonogram_new_from_clues, len(cols), len(rows), rc_, rv, cc, cv, err=err_buf())

    @classmethod
    def load(cls, text: Union[str, bytes]) -> "Puzzle":
        """From a record or a save ("puzzlecore-nonogram 1" text)."""
        data, n = text_in(text)
        return new_handle(cls, lib.pc_nonogram_load, data, n, err=err_buf())

    def clone(self) -> "Puzzle":
        """An independent copy (copy.copy / deepcopy call it)."""
        return new_handle(Puzzle, lib.pc_nonogram_clone, self)

    # -- shape and clues ----------------------------------------------------
    @property
    def width(self) -> int:
        return lib.pc_nonogram_width(self)

    @property
    def height(self) -> int:
        return lib.pc_nonogram_height(self)

    @property
    def has_solution(self) -> bool:
        return bool(check(lib.pc_nonogram_has_solution(self)))

    def solution(self) -> List[Any]:
        """The stored picture as a list of rows of 0/1 (Error if none)."""
        return [[check(lib.pc_nonogram_solution_cell(self, x, y)) for x in range(self.width)]
                for y in range(self.height)]

    def _clues(self, fn: Any, axis: int, i: int) -> List[int]:
        lines = self.height if axis == ROWS else self.width
        i = index(i, "y" if axis == ROWS else "x", lines)
        count = ctypes.c_int32()
        length = self.width if axis == ROWS else self.height
        cap = max(1, (length + 1) // 2)
        out = (ctypes.c_int32 * cap)()
        check(fn(self, axis, i, out, cap, ctypes.byref(count)))
        return list(out[: count.value])

    def row_clues(self, y: int) -> List[int]:
        return self._clues(lib.pc_nonogram_clues, ROWS, y)

    def col_clues(self, x: int) -> List[int]:
        return self._clues(lib.pc_nonogram_clues, COLS, x)

    @property
    def rows(self) -> List[Any]:
        """Every row's clues."""
        return [self.row_clues(y) for y in range(self.height)]

    @property
    def cols(self) -> List[Any]:
        """Every column's clues."""
        return [self.col_clues(x) for x in range(self.width)]

    # -- the player's grid --------------------------------------------------
    def _xy(self, xy: Tuple[int, ...]) -> Tuple[int, ...]:
        if not isinstance(xy, tuple) or len(xy) != 2:
            raise TypeError(f"a cell is indexed by (x, y), not {type(xy).__name__}")
        return index(xy[0], "x", self.width), index(xy[1], "y", self.height)

    def __getitem__(self, xy: Tuple[int, int]) -> int:
        x, y = self._xy(xy)
        return check(lib.pc_nonogram_cell(self, x, y))

    def __setitem__(self, xy: Tuple[int, int], value: int) -> None:
        x, y = self._xy(xy)
        check(lib.pc_nonogram_set_cell(self, x, y, _value(value)))

    def set_rect(self, x: int, y: int, w: int, h: int, value: int) -> None:
        """Set every cell of the w x h rectangle at (x, y) (inside the grid)."""
        x, y = index(x, "x", self.width), index(y, "y", self.height)
        w = integer(w, "w", 1, self.width - x)
        h = integer(h, "h", 1, self.height - y)
        check(lib.pc_nonogram_set_rect(self, x, y, w, h, _value(value)))

    def fill(self, x: int, y: int, w: int = 1, h: int = 1) -> None:
        self.set_rect(x, y, w, h, FILLED)

    def cross(self, x: int, y: int, w: int = 1, h: int = 1) -> None:
        self.set_rect(x, y, w, h, CROSSED)

    def clear(self, x: int, y: int, w: int = 1, h: int = 1) -> None:
        self.set_rect(x, y, w, h, UNKNOWN)

    def reset(self) -> None:
        check(lib.pc_nonogram_reset(self))

    @property
    def cells(self) -> bytes:
        """The player's grid as bytes (row-major cell values)."""
        n = self.width * self.height
        buf = (ctypes.c_uint8 * n)()
        check(lib.pc_nonogram_get_cells(self, buf, n))
        return bytes(buf)

    def _grid(self, fn: str) -> memoryview:
        w, h = self.width, self.height
        buf = (ctypes.c_uint8 * (w * h))()
        check(getattr(lib, fn)(self, buf, w * h))       # one call for the whole grid
        view = memoryview(buf).cast("B", (h, w))          # rows of cells, no copy
        return view.toreadonly() if hasattr(view, "toreadonly") else view

    @property
    def grid(self) -> memoryview:
        """A snapshot of the player's grid as a read-only 2-D buffer (a
        ``memoryview`` of shape (height, width), format 'B'): ``grid[y, x]``,
        ``bytes(grid)``, ``numpy.asarray(grid)`` (no copy) all work.  One
        library call fills it; later moves do not change it."""
        return self._grid("pc_nonogram_get_cells")

    @property
    def colour_grid(self) -> memoryview:
        """The player's grid as palette indices (255 = undecided), like ``grid``."""
        return self._grid("pc_nonogram_get_colour_cells")

    def __array__(self, dtype: object = None, copy: object = None) -> "object":
        """``numpy.asarray(puzzle)``: the player's grid (height, width), uint8,
        made from one buffer (NumPy is imported only here, never required)."""
        import numpy
        a = numpy.frombuffer(self.grid, dtype=numpy.uint8).reshape(self.height, self.width)
        return a if dtype is None else a.astype(dtype)

    @cells.setter
    def cells(self, values: Any) -> None:
        buf, n = _cells(values)
        check(lib.pc_nonogram_set_cells(self, buf, n))

    def player_row_clues(self, y: int) -> List[int]:
        return self._clues(lib.pc_nonogram_player_clues, ROWS, y)

    def player_col_clues(self, x: int) -> Any:
        return self._clues(lib.pc_nonogram_player_clues, COLS, x)

    def row_satisfied(self, y: int) -> bool:
        y = index(y, "y", self.height)
        return bool(check(lib.pc_nonogram_line_satisfied(self, ROWS, y)))

    def col_satisfied(self, x: int) -> bool:
        x = index(x, "x", self.width)
        return bool(check(lib.pc_nonogram_line_satisfied(self, COLS, x)))

    def satisfied_count(self, axis: int = ROWS) -> int:
        return check(lib.pc_nonogram_satisfied_count(self, _axis(axis)))

    @property
    def solved(self) -> bool:
        return bool(check(lib.pc_nonogram_is_solved(self)))

    def matches_solution(self) -> bool:
        return bool(check(lib.pc_nonogram_matches_solution(self)))

    @property
    def lines_evaluated(self) -> int:
        return lib.pc_nonogram_lines_evaluated(self)

    # -- record -------------------------------------------------------------
    @property
    def id(self) -> str:
        return text_out(lib.pc_nonogram_id, self)

    @id.setter
    def id(self, value: Union[str, bytes]) -> None:
        data, n = text_in(value, "id")
        check(lib.pc_nonogram_set_id(self, data, n))

    @property
    def xp(self) -> int:
        return lib.pc_nonogram_xp(self)

    @xp.setter
    def xp(self, value: int) -> None:
        check(lib.pc_nonogram_set_xp(self, value))

    @property
    def titles(self) -> Dict[Any, Any]:
        """{language: title} in the order they were set."""
        out = {}
        for i in range(lib.pc_nonogram_title_count(self)):
            lang = text_out(lib.pc_nonogram_title_lang, self, i)
            out[lang] = text_out(lib.pc_nonogram_title, self, lang.encode())
        return out

    def set_title(self, lang: str, title: Union[str, bytes]) -> None:
        data, n = text_in(title, "title")
        check(lib.pc_nonogram_set_title(self, cstr(lang, "lang"), data, n))

    def record(self) -> str:
        return text_out(lib.pc_nonogram_write_record, self)

    def save(self) -> str:
        return text_out(lib.pc_nonogram_save, self)

    # -- solving, hints, formats (implemented in puzzlecore.nonogram_solve) ----
    def solve(self, count: int = 2, max_nodes: int = 0, max_seconds: float = 0.0) -> Any:
        """Solve from the clues: a Result (status, grade, solutions, stats)."""
        from . import nonogram_solve
        return nonogram_solve.solve(self, count, max_nodes, max_seconds)

    def grade(self, max_nodes: int = 0, max_seconds: float = 0.0) -> Tuple[Any, ...]:
        from . import nonogram_solve
        return nonogram_solve.grade(self, max_nodes, max_seconds)

    def hint(self) -> Any:
        """The next cell logic settles from the player's grid (a Hint), or None."""
        from . import nonogram_solve
        return nonogram_solve.hint(self)

    def consistent(self, max_nodes: int = 0, max_seconds: float = 0.0) -> bool:
        """Is the player's grid still consistent with some solution?"""
        from . import nonogram_solve
        return nonogram_solve.consistent(self, max_nodes, max_seconds)

    def mistakes(self) -> Any:
        """The player's cells that contradict the (unique) solution."""
        from . import nonogram_solve
        return nonogram_solve.mistakes(self)

    def export(self, format: str = "non") -> str:
        """The puzzle in another file format ("non", "xml", "tatham", "tcga", ...)."""
        from . import nonogram_solve
        return nonogram_solve.save(self, format)

    @classmethod
    def parse(cls, text: str, format: str = "auto", index: int = 0) -> Puzzle:
        """Puzzle number `index` of a .non / webpbn XML / Tatham id / TCGA text."""
        from . import nonogram_solve
        return nonogram_solve.load(text, format, index)

    @classmethod
    def generate(cls, width: int, height: int, seed: int = 1, grade: str = "line", max_nodes: int = 0, max_seconds: float = 0.0) -> Puzzle:
        """A seeded picture puzzle with exactly one solution, at most `grade` hard."""
        from . import nonogram_solve
        return nonogram_solve.generate(width, height, seed, grade, max_nodes, max_seconds)

    def __str__(self) -> str:
        sym = {UNKNOWN: ".", FILLED: "#", CROSSED: "x"}
        c = self.cells
        w = self.width
        return "\n".join("".join(sym[v] for v in c[y * w : (y + 1) * w]) for y in range(self.height))

    def __repr__(self) -> str:
        if self.closed:
            return "<puzzlecore.nonogram.Puzzle closed>"
        filled = sum(1 for v in self.cells if v == FILLED)
        state = "solved" if self.solved else f"{filled} filled"
        return f"<puzzlecore.nonogram.Puzzle {self.width}x{self.height}: {state}>"

    def _repr_svg_(self) -> str:
        from . import _svg
        return _svg.nonogram(self)


def _value(v: int) -> int:
    if isinstance(v, bool) or v not in (UNKNOWN, FILLED, CROSSED):
        raise InvalidArgument(f"value must be UNKNOWN ({UNKNOWN}), FILLED ({FILLED}) or CROSSED ({CROSSED}), "
                              f"got {v!r}")
    return v
