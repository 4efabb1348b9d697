"""Nonogram solving, grading, hints, generating and file formats.

Functions over the ``puzzlecore.nonogram.Puzzle`` objects::

    >>> from puzzlecore import nonogram, nonogram_solve as ns
    >>> p = ns.load("4x4:2/1/2/1/1.1/2/1/1")          # a Tatham game id
    >>> r = ns.solve(p)
    >>> r.status, r.grade, r.solutions[0][0]
    ('unique', 'probe', [1, 0, 0, 1])
    >>> ns.hint(p).kind                               # line logic alone is stuck here
    'probe'

Formats: "non", "xml" (webpbn), "tatham", "tcga", "tcga-solution"; "auto"
detects on reading.  Budgets (a ``pc_budget`` underneath): ``max_nodes``
(0 = no node limit) and ``max_seconds`` (0 = the library's default of 10 s,
< 0 = no limit); past them the call raises ``puzzlecore.Error`` with code
PC_ELIMIT.
"""
from __future__ import annotations
import ctypes
from typing import Any, Dict, Iterator, List, Optional, Sequence, Tuple, Union

from ._ffi import (Error, Handle, IllegalMove, InvalidArgument, NotFound, OutOfRange, budget as _mkbudget, check,
                   enums, err_buf, index, integer, lib, new_handle, number, sequence, text_in, text_out)
from .nonogram import COLS, CROSSED, FILLED, MAX_CELLS, MAX_SIDE, ROWS, UNKNOWN, Puzzle, _cells, flatten_clues

__all__ = ["solve", "solve_clues", "solve_line", "grade", "hint", "consistent", "mistakes", "generate",
           "generate_cells", "load", "load_all", "iter_load", "count", "save", "detect_format", "Collection",
           "Result", "Hint", "GRADES", "FORMATS"]

GRADES = ("none", "line", "probe", "search")
FORMATS = ("auto", "non", "xml", "tatham", "tcga", "tcga-solution")
_HINT_KINDS = {1: "line", 2: "probe", 3: "solution"}
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


def solve(puzzle: Puzzle, count: int = 2, max_nodes: int = 0, max_seconds: float = 0.0) -> Result:
    """Solve a Puzzle's clues (its player's grid is ignored): up to ``count``
    solutions; count=2 answers "is it unique"."""
    _puzzle(puzzle)
    count = _count(count, puzzle.width * puzzle.height)
    b = _budget(max_nodes, max_seconds)
    return _run(lib.pc_nonogram_solve, (puzzle, count, ctypes.byref(b)), count, puzzle.width, puzzle.height)


def solve_clues(rows: Sequence[Sequence[int]], cols: Sequence[Sequence[int]], count: int = 2,
                givens: Optional[Sequence[int]] = None, max_nodes: int = 0, max_seconds: float = 0.0) -> Result:
    """Solve plain clue lists (rows[y], cols[x]; [0] or [] for an empty
    line).  ``givens``: w*h cell values (0 unknown, 1 filled, 2 empty)."""
    rc, rv = flatten_clues(rows, "rows")
    cc, cv = flatten_clues(cols, "cols")
    w, h = len(cols), len(rows)
    if w < 1 or h < 1:
        raise InvalidArgument(f"rows and cols must not be empty (got {h} rows, {w} cols)")
    count = _count(count, w * h)
    g = None
    if givens is not None:
        g, n = _cells(givens, "givens")
        if n != w * h:
            raise InvalidArgument(f"givens must hold width * height = {w * h} cells, got {n}")
    b = _budget(max_nodes, max_seconds)
    return _run(lib.pc_nonogram_solve_clues, (w, h, rc, rv, cc, cv, g, count, ctypes.byref(b)), count, w, h)


def solve_line(clues: Sequence[int], cells: Sequence[int]) -> List[int]:
    """The complete line solver: every cell all arrangements agree on.
    ``cells`` holds 0 unknown / 1 filled / 2 empty; returns the new list.
    Raises IllegalMove (PC_EILLEGAL) when no arrangement fits."""
    cells = [integer(c, "cells[]", 0, 2) for c in sequence(cells, "cells", MAX_SIDE)]
    clues = [integer(c, "clues[]", 0, MAX_SIDE) for c in sequence(clues, "clues", MAX_SIDE)]
    n = len(cells)
    src = (ctypes.c_uint8 * max(1, n))(*cells)
    out = (ctypes.c_uint8 * max(1, n))()
    cl = (ctypes.c_int32 * max(1, len(clues)))(*clues)
    check(lib.pc_nonogram_solve_line(cl, len(clues), src, n, out))
    return list(out[:n])


def grade(puzzle: Puzzle, max_nodes: int = 0, max_seconds: float = 0.0) -> Tuple[Any, ...]:
    """(grade, stats): "line", "probe", "search" (also for several
    solutions: stats["solutions"] tells) or "none"."""
    _puzzle(puzzle)
    st = (ctypes.c_int64 * _NSTAT)()
    b = _budget(max_nodes, max_seconds)
    g = check(lib.pc_nonogram_grade(puzzle, ctypes.byref(b), st, _NSTAT))
    return GRADES[g], _stats(st)


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


def hint(puzzle: Puzzle, max_nodes: int = 0, max_seconds: float = 0.0) -> Optional[Hint]:
    """The next step from the player's grid, or None when no cell is left
    unknown.  A grid that contradicts the clues raises Error (PC_EILLEGAL)
    whose ``axis`` / ``index`` name the broken line (None: no single line)."""
    _puzzle(puzzle)
    v = [ctypes.c_int32() for _ in range(5)]
    b = _budget(max_nodes, max_seconds)
    rc = lib.pc_nonogram_hint(puzzle, ctypes.byref(b), *(ctypes.byref(a) for a in v))
    if rc == enums["PC_ENOTFOUND"]:
        return None
    if rc == enums["PC_EILLEGAL"]:
        e = IllegalMove(rc, "the player's grid contradicts the clues")
        e.axis = v[3].value if v[3].value >= 0 else None
        e.index = v[4].value if v[4].value >= 0 else None
        raise e
    check(rc)
    return Hint(_HINT_KINDS[rc], v[0].value, v[1].value, v[2].value, v[3].value, v[4].value)


def consistent(puzzle: Puzzle, max_nodes: int = 0, max_seconds: float = 0.0) -> bool:
    """True when the player's filled and crossed cells agree with some solution."""
    _puzzle(puzzle)
    b = _budget(max_nodes, max_seconds)
    return bool(check(lib.pc_nonogram_consistent(puzzle, ctypes.byref(b))))


def mistakes(puzzle: Puzzle) -> List[Any]:
    """The player's cells that contradict the unique solution, as (x, y)."""
    w, h = _puzzle(puzzle).width, puzzle.height
    buf = (ctypes.c_uint8 * (w * h))()
    check(lib.pc_nonogram_mistakes(puzzle, buf, w * h))
    return [(i % w, i // w) for i in range(w * h) if buf[i]]


def generate(width: int, height: int, seed: int = 1, grade: str = "line", max_nodes: int = 0, max_seconds: float = 0.0) -> Any:
    """A new Puzzle (with its solution) that has exactly one solution, settled
    at ``grade`` or easier.  Same arguments, same puzzle, on every platform
    (the budget only stops the run: Error with code PC_ELIMIT/PC_ECANCELLED)."""
    width, height = integer(width, "width", 2, 128), integer(height, "height", 2, 128)
    seed = integer(seed, "seed", 0, 2 ** 64 - 1)
    b = _budget(max_nodes, max_seconds)
    return new_handle(Puzzle, lib.pc_nonogram_generate, width, height, seed, _grade(grade), ctypes.byref(b))


def generate_cells(width: int, height: int, seed: int = 1, grade: str = "line", max_nodes: int = 0, max_seconds: float = 0.0) -> List[Any]:
    """The generated picture only, as rows of 0/1."""
    width, height = integer(width, "width", 2, 128), integer(height, "height", 2, 128)
    seed = integer(seed, "seed", 0, 2 ** 64 - 1)
    buf = (ctypes.c_uint8 * (width * height))()
    b = _budget(max_nodes, max_seconds)
    check(lib.pc_nonogram_generate_cells(width, height, seed, _grade(grade), ctypes.byref(b), buf, width * height))
    return [list(buf[y * width: (y + 1) * width]) for y in range(height)]


def detect_format(text: str) -> str:
    """The format name of a text ("non", "xml", ...); Error if none fits."""
    data, n = text_in(text)
    return FORMATS[check(lib.pc_nonogram_detect_format(data, n))]


def count(text: str, format: str = "auto") -> int:
    """How many puzzles the text holds."""
    data, n = text_in(text)
    err = err_buf()
    return check(lib.pc_nonogram_import_count(data, n, _format(format), err, len(err)), err)


def load(text: str, format: str = "auto", index: int = 0) -> Any:
    """Puzzle number ``index`` of a text."""
    data, n = text_in(text)
    index = integer(index, "index", 0, 2 ** 31 - 1)
    return new_handle(Puzzle, lib.pc_nonogram_import, data, n, _format(format), index, err=err_buf())


class Collection(Handle):
    """A multi-puzzle text (a .non bundle, a TCGA file, webpbn XML, Tatham ids)
    read once: len(), indexing and iteration give fresh Puzzles, and reading
    them all costs one pass over the text (``load(text, index=i)`` rescans it)."""

    _free = "pc_nonogram_collection_free"
    _ctype = "pc_nonogram_collection"

    def __init__(self, text: Union[str, bytes], format: str = "auto") -> None:
        err = err_buf()
        out = ctypes.c_void_p()
        data, n = text_in(text)
        check(lib.pc_nonogram_collection_parse(data, n, _format(format), err, len(err), ctypes.byref(out)), err)
        self._adopt(out.value)

    def __len__(self) -> int:
        return check(lib.pc_nonogram_collection_count(self))

    @property
    def format(self) -> str:
        """The format the text was read in ("non", "xml", ...)."""
        return FORMATS[check(lib.pc_nonogram_collection_format(self))]

    def __getitem__(self, i: int) -> Puzzle:
        n = len(self)
        i = integer(i, "index", -n - 1, n)
        if i < 0:
            i += n
        return new_handle(Puzzle, lib.pc_nonogram_collection_puzzle, self, index(i, "index", n))

    def __iter__(self) -> Iterator[Puzzle]:
        for i in range(len(self)):
            yield self[i]

    def __repr__(self) -> str:
        if self.closed:
            return "<puzzlecore.nonogram_solve.Collection closed>"
        return f"<puzzlecore.nonogram_solve.Collection of {len(self)} {self.format} puzzles>"


def iter_load(text: Union[str, bytes], format: str = "auto") -> Iterator[Puzzle]:
    """Every puzzle of a text (a .non bundle, a TCGA file, ...), one by one."""
    return iter(Collection(text, format))


def load_all(text: Union[str, bytes], format: str = "auto") -> List[Puzzle]:
    """Every puzzle of a text, as a list (one pass over the text)."""
    return list(Collection(text, format))


def save(puzzle: Puzzle, format: str = "non") -> str:
    """The puzzle as text in a format (TCGA needs a square grid)."""
    return text_out(lib.pc_nonogram_export, _puzzle(puzzle), _format(format))
