"""Nonogram solving, grading, hints, generating and file formats.

Functions over the ``puzzlecore.nonogram.Puzzle`` objects (whose methods
``solve``, ``grade``, ``hint``, ... do the work; this module adds what needs
no puzzle: clue lists, a single line, counting and collections)::

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
from typing import Any, Iterator, List, Optional, Sequence, Tuple, Union

from ._ffi import Handle, InvalidArgument, check, err_buf, index, integer, lib, new_handle, sequence, text_in
from .nonogram import (FORMATS, GRADES, MAX_SIDE, Hint, Puzzle, Result, _budget, _cells, _count, _format, _grade,
                       _puzzle, _run, flatten_clues)

__all__ = ["solve", "solve_clues", "solve_line", "grade", "hint", "consistent", "mistakes", "generate",
           "generate_cells", "load", "load_all", "iter_load", "count", "save", "detect_format", "Collection",
           "Result", "Hint", "GRADES", "FORMATS", "sat_backend"]

def sat_backend() -> bool:
    """True when the library was built with the optional CaDiCaL SAT backend
    of the black-and-white solver (``configure --with-cadical``); the
    verdicts are the same either way."""
    return bool(lib.pc_nonogram_sat_backend())


def solve(puzzle: Puzzle, count: int = 2, max_nodes: int = 0, max_seconds: float = 0.0) -> Result:
    """Solve a Puzzle's clues (its player's grid is ignored): up to ``count``
    solutions; count=2 answers "is it unique"."""
    return _puzzle(puzzle).solve(count, max_nodes, max_seconds)


def grade(puzzle: Puzzle, max_nodes: int = 0, max_seconds: float = 0.0) -> Tuple[Any, ...]:
    """(grade, stats): "line", "probe", "search" (also for several
    solutions: stats["solutions"] tells) or "none"."""
    return _puzzle(puzzle).grade(max_nodes, max_seconds)


def hint(puzzle: Puzzle, max_nodes: int = 0, max_seconds: float = 0.0) -> Optional[Hint]:
    """The next step from the player's grid, or None (Puzzle.hint)."""
    return _puzzle(puzzle).hint(max_nodes, max_seconds)


def consistent(puzzle: Puzzle, max_nodes: int = 0, max_seconds: float = 0.0) -> bool:
    """True when the player's filled and crossed cells agree with some solution."""
    return _puzzle(puzzle).consistent(max_nodes, max_seconds)


def mistakes(puzzle: Puzzle) -> List[Any]:
    """The player's cells that contradict the unique solution, as (x, y)."""
    return _puzzle(puzzle).mistakes()


def generate(width: int, height: int, seed: int = 1, grade: str = "line", max_nodes: int = 0,
             max_seconds: float = 0.0) -> Any:
    """A new Puzzle (with its solution) that has exactly one solution (Puzzle.generate)."""
    return Puzzle.generate(width, height, seed, grade, max_nodes, max_seconds)


def load(text: str, format: str = "auto", index: int = 0) -> Any:
    """Puzzle number ``index`` of a text (Puzzle.parse)."""
    return Puzzle.parse(text, format, index)


def save(puzzle: Puzzle, format: str = "non") -> str:
    """The puzzle as text in a format (TCGA needs a square grid)."""
    return _puzzle(puzzle).export(format)


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
