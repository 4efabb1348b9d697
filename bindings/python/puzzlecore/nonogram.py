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

from ._ffi import (Handle, IllegalMove, InvalidArgument, OutOfRange, budget as _mkbudget, check, cstr, enums,
                   err_buf, index, integer, lib, new_handle, number, sequence, text_in, text_out)

UNKNOWN = enums["PC_NONOGRAM_UNKNOWN"]
FILLED = enums["PC_NONOGRAM_FILLED"]
CROSSED = enums["PC_NONOGRAM_CROSSED"]
ROWS = enums["PC_NONOGRAM_ROWS"]
COLS = enums["PC_NONOGRAM_COLS"]

MAX_SIDE = enums["PC_NONOGRAM_MAX_SIDE"]
MAX_CELLS = enums["PC_NONOGRAM_MAX_CELLS"]

__all__ = ["Puzzle", "Result", "Hint", "line_clues", "grid_clues", "UNKNOWN", "FILLED", "CROSSED", "ROWS", "COLS",
           "GRADES", "FORMATS"]

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


# -- solving support (the Puzzle methods below; puzzlecore.nonogram_solve
# offers the same calls as functions) ----------------------------------------

GRADES = ("none", "line", "probe", "search")
FORMATS = ("auto", "non", "xml", "tatham", "tcga", "tcga-solution")
_HINT_KINDS = {enums["PC_NONOGRAM_HINT_LINE"]: "line", enums["PC_NONOGRAM_HINT_PROBE"]: "probe",
               enums["PC_NONOGRAM_HINT_SOLUTION"]: "solution"}
_STATS = ("nodes", "line_solves", "probes", "line_cells", "probe_cells", "grade", "max_depth", "memory",
          "solutions")
_NSTAT = enums["PC_NONOGRAM_STAT_COUNT"]


def _budget(max_nodes: int, max_seconds: float) -> Any:
    return _mkbudget(integer(max_nodes, "max_nodes", 0, 2 ** 63 - 1), number(max_seconds, "max_seconds"))


_MAX_OUT = 1 << 26


def _puzzle(p: Any) -> Any:
    if not isinstance(p, Puzzle):
        raise TypeError(f"puzzle must be a puzzlecore.nonogram.Puzzle, not {type(p).__name__}")
    return p


def _count(count: int, cells: int) -> int:
    count = integer(count, "count", 1, 2 ** 31 - 1)
    if cells * count > _MAX_OUT:
        raise OutOfRange(f"count * cells must be at most {_MAX_OUT} (the solutions' buffer), "
                         f"got {count} * {cells}")
    return count


def _format(name: str) -> int:
    if isinstance(name, int) and not isinstance(name, bool):
        return integer(name, "format", 0, len(FORMATS) - 1)
    if not isinstance(name, str):
        raise TypeError(f"format must be a str, not {type(name).__name__}")
    try:
        return FORMATS.index(name)
    except ValueError:
        raise InvalidArgument(f"unknown format {name!r}; one of {', '.join(FORMATS)}") from None


def _grade(name: str) -> int:
    if isinstance(name, int) and not isinstance(name, bool):
        return integer(name, "grade", 1, len(GRADES) - 1)
    if not isinstance(name, str):
        raise TypeError(f"grade must be a str, not {type(name).__name__}")
    try:
        return GRADES.index(name, 1)
    except ValueError:
        raise InvalidArgument(f"unknown grade {name!r}; one of line, probe, search") from None


def _stats(arr: Any) -> Dict[Any, Any]:
    d = {k: arr[i] for i, k in enumerate(_STATS)}
    d["grade"] = GRADES[d["grade"]]
    return d


class Result:
    """Outcome of a solve: ``status`` ("none", "unique", "multiple", or
    "solved" when count=1 left uniqueness unchecked), ``solutions`` (each a
    list of rows of 0/1), ``grade`` and ``stats`` (a dict)."""

    def __init__(self, found: int, count: int, solutions: List[Any], stats: Dict[Any, Any]) -> None:
        self.solutions = solutions
        self.stats = stats
        self.grade = stats["grade"]
        if found == 0:
            self.status = "none"
        elif count < 2:
            self.status = "solved"
        else:
            self.status = "unique" if found == 1 else "multiple"

    @property
    def unique(self) -> bool:
        return self.status == "unique"

    def __len__(self) -> int:
        return len(self.solutions)

    def __iter__(self) -> Any:
        return iter(self.solutions)

    def __repr__(self) -> str:
        return f"<nonogram_solve.Result {self.status} grade={self.grade} solutions={len(self.solutions)}>"


def _run(fn: Any, args: Tuple[Any, ...], count: int, w: int, h: int) -> Result:
    cells = w * h
    buf = (ctypes.c_uint8 * max(1, cells * count))()
    st = (ctypes.c_int64 * _NSTAT)()
    found = check(fn(*args, buf, cells * count, st, _NSTAT))
    sols = []
    for s in range(found):
        base = s * cells
        sols.append([list(buf[base + y * w: base + (y + 1) * w]) for y in range(h)])
    return Result(found, count, sols, _stats(st))


class Hint:
    """A cell logic can settle: (x, y), ``value`` (FILLED or CROSSED), how it
    was found (``kind``: "line", "probe" or "solution") and the line that
    proves it (``axis`` ROWS/COLS and ``index``, or None)."""

    def __init__(self, kind: str, x: int, y: int, value: int, axis: int, index: int) -> None:
        self.kind, self.x, self.y, self.value = kind, x, y, value
        self.axis = axis if axis >= 0 else None
        self.index = index if index >= 0 else None

    def apply(self, puzzle: Puzzle) -> None:
        puzzle[self.x, self.y] = self.value

    def __repr__(self) -> str:
        line = "" if self.axis is None else f" by {'row' if self.axis == ROWS else 'column'} {self.index}"
        what = "fill" if self.value == FILLED else "cross"
        return f"<Hint {self.kind}: {what} ({self.x}, {self.y}){line}>"


def _hint_call(fn: Any, puzzle: Any, max_nodes: int, max_seconds: float) -> Optional[Tuple[Any, ...]]:
    """pc_nonogram_hint or pc_nonogram_hint_colour on a puzzle: (kind, x, y,
    value, axis, index), None when no cell is undecided; a grid that
    contradicts the clues raises IllegalMove with ``axis``/``index``."""
    v = [ctypes.c_int32() for _ in range(5)]
    b = _budget(max_nodes, max_seconds)
    rc = fn(puzzle, ctypes.byref(b), *(ctypes.byref(a) for a in v))
    if rc == enums["PC_ENOTFOUND"]:
        return None
    if rc == enums["PC_EILLEGAL"]:
        e = IllegalMove(rc, "the player's grid contradicts the clues")
        e.axis = v[3].value if v[3].value >= 0 else None
        e.index = v[4].value if v[4].value >= 0 else None
        raise e
    check(rc)
    return (_HINT_KINDS[rc],) + tuple(a.value for a in v)


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

    # -- solving, hints, formats (also as functions in puzzlecore.nonogram_solve)
    def solve(self, count: int = 2, max_nodes: int = 0, max_seconds: float = 0.0) -> Result:
        """Solve from the clues (the player's grid is ignored): up to ``count``
        solutions; count=2 answers "is it unique"."""
        count = _count(count, self.width * self.height)
        b = _budget(max_nodes, max_seconds)
        return _run(lib.pc_nonogram_solve, (self, count, ctypes.byref(b)), count, self.width, self.height)

    def grade(self, max_nodes: int = 0, max_seconds: float = 0.0) -> Tuple[Any, ...]:
        """(grade, stats): "line", "probe", "search" (also for several
        solutions: stats["solutions"] tells) or "none"."""
        st = (ctypes.c_int64 * _NSTAT)()
        b = _budget(max_nodes, max_seconds)
        g = check(lib.pc_nonogram_grade(self, ctypes.byref(b), st, _NSTAT))
        return GRADES[g], _stats(st)

    def hint(self, max_nodes: int = 0, max_seconds: float = 0.0) -> Optional[Hint]:
        """The next step from the player's grid (a Hint), or None when no cell
        is left unknown.  A grid that contradicts the clues raises Error
        (PC_EILLEGAL) whose ``axis`` / ``index`` name the broken line (None:
        no single line)."""
        v = _hint_call(lib.pc_nonogram_hint, self, max_nodes, max_seconds)
        return None if v is None else Hint(*v)

    def consistent(self, max_nodes: int = 0, max_seconds: float = 0.0) -> bool:
        """True when the player's filled and crossed cells agree with some solution."""
        b = _budget(max_nodes, max_seconds)
        return bool(check(lib.pc_nonogram_consistent(self, ctypes.byref(b))))

    def mistakes(self, max_nodes: int = 0, max_seconds: float = 0.0) -> List[Any]:
        """The player's decided cells that differ from the unique solution
        (the stored one, else the clues'), as (x, y); black-and-white and
        colour puzzles alike (pc_nonogram_colour_mistakes)."""
        w, h = self.width, self.height
        buf = (ctypes.c_uint8 * (w * h))()
        b = _budget(max_nodes, max_seconds)
        check(lib.pc_nonogram_colour_mistakes(self, ctypes.byref(b), buf, w * h))
        return [(i % w, i // w) for i in range(w * h) if buf[i]]

    def export(self, format: str = "non") -> str:
        """The puzzle in another file format ("non", "xml", "tatham", "tcga", ...;
        TCGA needs a square grid)."""
        return text_out(lib.pc_nonogram_export, self, _format(format))

    @classmethod
    def parse(cls, text: Union[str, bytes], format: str = "auto", index: int = 0) -> Puzzle:
        """Puzzle number `index` of a .non / webpbn XML / Tatham id / TCGA text."""
        data, n = text_in(text)
        index = integer(index, "index", 0, 2 ** 31 - 1)
        return new_handle(Puzzle, lib.pc_nonogram_import, data, n, _format(format), index, err=err_buf())

    @classmethod
    def generate(cls, width: int, height: int, seed: int = 1, grade: str = "line", max_nodes: int = 0,
                 max_seconds: float = 0.0) -> Puzzle:
        """A seeded picture puzzle (with its solution) that has exactly one
        solution, settled at ``grade`` or easier.  Same arguments, same
        puzzle, on every platform (the budget only stops the run: Error with
        code PC_ELIMIT/PC_ECANCELLED)."""
        width, height = integer(width, "width", 2, 128), integer(height, "height", 2, 128)
        seed = integer(seed, "seed", 0, 2 ** 64 - 1)
        b = _budget(max_nodes, max_seconds)
        return new_handle(Puzzle, lib.pc_nonogram_generate, width, height, seed, _grade(grade), ctypes.byref(b))

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
