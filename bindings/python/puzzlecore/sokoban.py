"""Sokoban: XSB levels and collections, play with undo/redo and LURD, the
optimal solver, and the Whirly map creativity index.

    from puzzlecore import sokoban
    lv = sokoban.Level(open("level.xsb").read())
    lv.step(sokoban.RIGHT)          # -> True when it pushed a box
    sol = lv.solve("moves")         # move-optimal, ties on pushes
    print(sol.moves, sol.pushes, sol.lurd)
    ci = lv.index()                 # Index(ci=..., moves=..., pushes=..., u=..., c=...)

    for level in sokoban.Collection(open("microban.txt").read()):
        ...
"""
from __future__ import annotations
import ctypes
from collections import namedtuple

from typing import Any, Dict, Iterator, List, Optional, Set, Tuple, Union

from ._ffi import (Handle, InvalidArgument, LimitReached, NotFound, budget as _mkbudget, check, cstr, enums,
                   err_buf, index, integer, lib, new_handle, number, text_in, text_out)

__all__ = ["Level", "Collection", "Solution", "Index", "UP", "RIGHT", "DOWN", "LEFT", "raw_difficulty",
           "difficulty", "mechanical", "rules", "raw_volumability", "volumability", "ci", "V0",
           "variant_rules", "VARIANTS"]

UP, RIGHT, DOWN, LEFT = (enums["PC_SOKOBAN_" + n] for n in ("UP", "RIGHT", "DOWN", "LEFT"))
WALL, GOAL, BOX, PLAYER, INTERIOR, DEAD = (enums["PC_SOKOBAN_" + n] for n in (
    "WALL", "GOAL", "BOX", "PLAYER", "INTERIOR", "DEAD"))
MODES = {"moves": enums["PC_SOKOBAN_MOVES"], "pushes": enums["PC_SOKOBAN_PUSHES"],
         "any": enums["PC_SOKOBAN_ANY"], "short": enums["PC_SOKOBAN_SHORT"]}
UNITS = {"step": enums["PC_SOKOBAN_UNIT_STEP"], "push": enums["PC_SOKOBAN_UNIT_PUSH"],
         "run": enums["PC_SOKOBAN_UNIT_RUN"]}


def _budget(max_nodes: int, max_bytes: int, seconds: float) -> Any:
    """A pc_budget: nodes (0: none), bytes (0: none), seconds (< 0: none, 0: the library's 10 s)."""
    max_nodes = integer(max_nodes, "max_nodes", 0, 2 ** 63 - 1)
    max_bytes = integer(max_bytes, "max_bytes", 0, 2 ** 64 - 1)
    return _mkbudget(max_nodes, number(seconds, "seconds"), max_bytes if max_bytes else 2 ** 64 - 1)


VARIANTS = {name.lower(): enums["PC_SOKOBAN_" + name] for name in (
    "CLASSIC", "COLORBAN", "PULLPUSH", "MONKEYBAN", "FLOCKS", "PUSHMAN")}
_DIRS = {"u": UP, "r": RIGHT, "d": DOWN, "l": LEFT, "up": UP, "right": RIGHT, "down": DOWN, "left": LEFT}

Solution = namedtuple("Solution", "solved mode moves pushes lurd nodes states bytes bound")
Solution.__doc__ = """A solver outcome: solved is False when the position was proved
unsolvable (moves, pushes are then None and lurd is "")."""

Index = namedtuple("Index", "ci moves pushes u c")


def _dir(d: Union[int, str]) -> int:
    if isinstance(d, str):
        try:
            return _DIRS[d.lower()]
        except KeyError:
            raise InvalidArgument(f"unknown direction {d!r} (u, r, d, l, up, right, down, left)") from None
    return integer(d, "direction", 0, 3)


def _named(value: str, table: Dict[str, int], what: str) -> int:
    """The enum value a name stands for in table: TypeError for a non-str,
    InvalidArgument (a ValueError) naming the choices for an unknown name."""
    if not isinstance(value, str):
        raise TypeError(f"{what} must be a str, not {type(value).__name__}")
    try:
        return table[value]
    except KeyError:
        raise InvalidArgument(f"unknown {what} {value!r} ({', '.join(table)})") from None


def _unit(by: str) -> int:
    return _named(by, UNITS, "unit")


def _mode(mode: str) -> int:
    return _named(mode, MODES, "mode")


class Level(Handle):
    """One level being played.  Level(text) parses exactly one XSB level."""

    _free = "pc_sokoban_free"
    _ctype = "pc_sokoban"

    def __init__(self, text: Union[str, bytes]) -> None:
        err = err_buf()
        out = ctypes.c_void_p()
        check(lib.pc_sokoban_new(*text_in(text), err, len(err), ctypes.byref(out)), err)
        self._adopt(out.value)

    @classmethod
    def load(cls, text: str) -> Level:
        """A game from pc_sokoban_save text (start board, history, cursor)."""
        err = err_buf()
        return new_handle(cls, lib.pc_sokoban_load, *text_in(text), err=err)

    def save(self) -> str:
        return text_out(lib.pc_sokoban_save, self)

    def clone(self) -> Level:
        return new_handle(Level, lib.pc_sokoban_clone, self)

    # -- static facts and position
    @property
    def width(self) -> int:
        return lib.pc_sokoban_width(self)

    @property
    def height(self) -> int:
        return lib.pc_sokoban_height(self)

    @property
    def size(self) -> Tuple[int, int]:
        return (self.width, self.height)

    def cell(self, x: int, y: int) -> int:
        """PC_SOKOBAN_* bits of (x, y) (WALL, GOAL, BOX, PLAYER, INTERIOR, DEAD)."""
        x, y = index(x, "x", self.width), index(y, "y", self.height)
        return check(lib.pc_sokoban_cell(self, x, y))

    def cells(self) -> Iterator[Tuple[int, int, int]]:
        """Iterate over (x, y, bits) for every cell, row by row."""
        for y in range(self.height):
            for x in range(self.width):
                yield x, y, self.cell(x, y)

    @property
    def grid(self) -> memoryview:
        """A snapshot of the board as a read-only 2-D buffer (a ``memoryview`` of
        shape (height, width), format 'B') of PC_SOKOBAN_* bits: ``grid[y, x]``,
        ``bytes(grid)``, ``numpy.asarray(grid)`` (no copy).  One library call
        fills it; later moves do not change it."""
        w, h = self.width, self.height
        buf = (ctypes.c_uint8 * (w * h))()
        n = ctypes.c_size_t()
        check(lib.pc_sokoban_cells(self, buf, w * h, ctypes.byref(n)))
        view = memoryview(buf).cast("B", (h, w))
        return view.toreadonly() if hasattr(view, "toreadonly") else view

    @property
    def player(self) -> Tuple[int, int]:
        x, y = ctypes.c_int32(), ctypes.c_int32()
        check(lib.pc_sokoban_player(self, ctypes.byref(x), ctypes.byref(y)))
        return (x.value, y.value)

    @property
    def boxes(self) -> List[Tuple[int, int]]:
        return [(x, y) for x, y, b in self.cells() if b & BOX]

    @property
    def goals(self) -> List[Tuple[int, int]]:
        return [(x, y) for x, y, b in self.cells() if b & GOAL]

    @property
    def dead_squares(self) -> List[Tuple[int, int]]:
        return [(x, y) for x, y, b in self.cells() if b & DEAD]

    @property
    def box_count(self) -> int:
        return lib.pc_sokoban_box_count(self)

    @property
    def boxes_on_goals(self) -> int:
        return lib.pc_sokoban_boxes_on_goals(self)

    @property
    def interior_count(self) -> int:
        """c: cells the player could reach if there were no boxes."""
        return lib.pc_sokoban_interior_count(self)

    @property
    def dead_count(self) -> int:
        return lib.pc_sokoban_dead_count(self)

    @property
    def solved(self) -> bool:
        return check(lib.pc_sokoban_is_solved(self)) == 1

    @property
    def moves(self) -> int:
        return lib.pc_sokoban_moves(self)

    @property
    def pushes(self) -> int:
        return lib.pc_sokoban_pushes(self)

    @property
    def title(self) -> str:
        return text_out(lib.pc_sokoban_title, self)

    # -- play
    def step(self, direction: Union[int, str]) -> bool:
        """One step ("u", "right", UP, ...); True when it pushed a box.
        Raises Error (PC_EILLEGAL) when blocked."""
        pushed = ctypes.c_int32()
        check(lib.pc_sokoban_step(self, _dir(direction), ctypes.byref(pushed)))
        return bool(pushed.value)

    def undo(self, by: str = "step") -> int:
        """Take back one step, or by "push" (back to just after the push
        before) or "run" (a whole walk or run of pushes); returns the steps
        taken back.  Raises Error (PC_EILLEGAL) when there is none."""
        n = ctypes.c_int32()
        check(lib.pc_sokoban_undo_by(self, _unit(by), ctypes.byref(n)))
        return n.value

    def redo(self, by: str = "step") -> int:
        """Replay one step, or by "push" (up to and with the next push) or
        "run"; returns the steps replayed.  Raises Error (PC_EILLEGAL) when
        there is none."""
        n = ctypes.c_int32()
        check(lib.pc_sokoban_redo_by(self, _unit(by), ctypes.byref(n)))
        return n.value

    @property
    def events(self) -> List[Tuple[str, Tuple[int, int, int, int]]]:
        """What the last step taken, undone or redone did: [(kind, (x0, y0,
        x1, y1)), ...], kind one of 'walk', 'box', 'goal_left',
        'goal_reached', 'solved' (doc/sokoban.md)."""
        kinds = ("walk", "box", "goal_left", "goal_reached", "solved")
        out = []
        for i in range(check(lib.pc_sokoban_event_count(self))):
            kind, v = ctypes.c_int32(), (ctypes.c_int32 * 4)()
            check(lib.pc_sokoban_event(self, i, ctypes.byref(kind), v))
            out.append((kinds[kind.value], tuple(v)))
        return out

    @property
    def redo_count(self) -> int:
        return lib.pc_sokoban_redo_count(self)

    def restart(self) -> None:
        check(lib.pc_sokoban_restart(self))

    def apply(self, lurd: str) -> None:
        """Play a LURD string (atomic: on error nothing changes)."""
        err = err_buf()
        check(lib.pc_sokoban_apply_lurd(self, *text_in(lurd, "lurd"), err, len(err)), err)

    @property
    def lurd(self) -> str:
        return text_out(lib.pc_sokoban_lurd, self)

    # -- front-end helpers
    def reachable(self) -> Set[Any]:
        """The squares the player can walk to now, as a set of (x, y)."""
        w, h = lib.pc_sokoban_width(self), lib.pc_sokoban_height(self)
        cells = (ctypes.c_uint8 * (w * h))()
        count = ctypes.c_int32()
        check(lib.pc_sokoban_reachable(self, cells, w * h, ctypes.byref(count)))
        return {(i % w, i // w) for i in range(w * h) if cells[i]}

    def walk_path(self, x: int, y: int) -> str:
        """Shortest walk (lower-case LURD) to (x, y); Error(PC_ENOTFOUND) when unreachable."""
        return text_out(lib.pc_sokoban_walk_path, self, x, y)

    def push_path(self, bx: int, by: int, tx: int, ty: int) -> str:
        """LURD bringing the box on (bx, by) to (tx, ty) by the fewest pushes, then moves."""
        return text_out(lib.pc_sokoban_push_path, self, bx, by, tx, ty)

    def deadlock(self) -> Optional[Tuple[int, Set[Tuple[int, int]]]]:
        """None when no test without search finds the position lost; else (kind, boxes):
        kind a PC_SOKOBAN_DEADLOCK_* value (1 dead square, 2 frozen, 3 corral, 4 matching, 5 sealed),
        boxes the set of (x, y) of the boxes forming the deadlock."""
        w, h = lib.pc_sokoban_width(self), lib.pc_sokoban_height(self)
        cells = (ctypes.c_uint8 * (w * h))()
        kind = ctypes.c_int32()
        if check(lib.pc_sokoban_deadlock(self, cells, w * h, ctypes.byref(kind))) == 0:
            return None
        return kind.value, {(i % w, i // w) for i in range(w * h) if cells[i]}

    def board(self, start: bool = False) -> str:
        """The position (or the start position) as XSB text."""
        return text_out(lib.pc_sokoban_write, self, 1 if start else 0)

    def __str__(self) -> str:
        return self.board()

    def __repr__(self) -> str:
        if self.closed:
            return "<puzzlecore.sokoban.Level closed>"
        state = "solved" if self.solved else f"{self.boxes_on_goals}/{self.box_count} boxes on goals"
        return (f"<puzzlecore.sokoban.Level {self.width}x{self.height}: {state}, {self.moves} moves, "
                f"{self.pushes} pushes>")

    def _repr_svg_(self) -> str:
        from . import _svg
        return _svg.sokoban(self)

    # -- solver and index
    def solve(self, mode: str = "moves", max_nodes: int = 0, max_bytes: int = 0, seconds: float = -1.0) -> Optional[Solution]:
        """Optimal solution from the current position ("moves", "pushes"), or
        any solution found fast ("any": not optimal, any level size), or
        that solution shortened with the rest of the budget ("short").
        Budgets: max_nodes and max_bytes (0: none), seconds (< 0: none).
        Raises Error (PC_ELIMIT) when a budget runs out; its ``bound``
        attribute is then the proven lower bound on the optimum's moves
        (pushes in "pushes", "any" and "short" mode).  An optimal solution's
        ``bound`` is its own count (-1: unsolvable); in "any" and "short"
        mode the start's matching bound on pushes."""
        out = ctypes.c_void_p()
        m = _mode(mode)
        b = _budget(max_nodes, max_bytes, seconds)
        rc = lib.pc_sokoban_solve(self, m, ctypes.byref(b), ctypes.byref(out))
        if rc not in (0, enums["PC_ENOTFOUND"], enums["PC_ELIMIT"]) or not out:
            if out:
                lib.pc_sokoban_result_free(out)
            check(rc)
        r = out
        try:
            if rc == enums["PC_ELIMIT"]:
                bound = lib.pc_sokoban_result_bound(r)
                e = LimitReached(rc, f"after {lib.pc_sokoban_result_nodes(r)} nodes; the optimum is at least "
                              f"{bound} {mode}")
                e.bound = bound
                raise e
            solved = rc == 0
            return Solution(solved, mode,
                            lib.pc_sokoban_result_moves(r) if solved else None,
                            lib.pc_sokoban_result_pushes(r) if solved else None,
                            text_out(lib.pc_sokoban_result_lurd, r),
                            lib.pc_sokoban_result_nodes(r), lib.pc_sokoban_result_states(r),
                            lib.pc_sokoban_result_bytes(r), lib.pc_sokoban_result_bound(r))
        finally:
            lib.pc_sokoban_result_free(r)

    def index(self, max_nodes: int = 0, max_bytes: int = 0, seconds: float = -1.0) -> Index:
        """Creativity index of the level's start position (solves it move-optimally)."""
        ci_, mv, pu = ctypes.c_double(), ctypes.c_int64(), ctypes.c_int64()
        b = _budget(max_nodes, max_bytes, seconds)
        check(lib.pc_sokoban_level_index(self, ctypes.byref(b), ctypes.byref(ci_), ctypes.byref(mv),
                                         ctypes.byref(pu)))
        return Index(ci_.value, mv.value, pu.value, self.box_count + 1, self.interior_count)


class Collection(Handle):
    """A parsed XSB file: len(), indexing and iteration give fresh Levels."""

    _free = "pc_sokoban_collection_free"
    _ctype = "pc_sokoban_collection"

    def __init__(self, text: Union[str, bytes]) -> None:
        err = err_buf()
        out = ctypes.c_void_p()
        check(lib.pc_sokoban_collection_parse(*text_in(text), err, len(err), ctypes.byref(out)), err)
        self._adopt(out.value)

    def clone(self) -> "Collection":
        """An independent copy (re-read from write())."""
        return Collection(self.write())

    def save(self) -> str:
        return self.write()

    @classmethod
    def load(cls, text: Union[str, bytes]) -> "Collection":
        return cls(text)

    def __len__(self) -> int:
        return lib.pc_sokoban_collection_count(self)

    def _index(self, i: int) -> int:
        n = len(self)
        i = integer(i, "index", -n - 1 if n else -1, n)
        if i < 0:
            i += n
        return index(i, "index", n)

    def __getitem__(self, i: int) -> Level:
        return new_handle(Level, lib.pc_sokoban_collection_level, self, self._index(i))

    def __iter__(self) -> Iterator[Level]:
        for i in range(len(self)):
            yield self[i]

    def title(self, i: int) -> str:
        return text_out(lib.pc_sokoban_collection_title, self, self._index(i))

    def comments(self, i: int) -> str:
        """The comment/text lines read before level i, as one string."""
        return text_out(lib.pc_sokoban_collection_comments, self, self._index(i))

    def __repr__(self) -> str:
        if self.closed:
            return "<puzzlecore.sokoban.Collection closed>"
        return f"<puzzlecore.sokoban.Collection of {len(self)} levels>"

    @property
    def titles(self) -> List[str]:
        return [self.title(i) for i in range(len(self))]

    def find(self, title: str) -> int:
        """Index of the level with this title; KeyError when none."""
        rc = lib.pc_sokoban_collection_find(self, cstr(title, "title"))
        if rc == enums["PC_ENOTFOUND"]:
            raise KeyError(title)
        return check(rc)

    def write(self) -> str:
        return text_out(lib.pc_sokoban_collection_write, self)


def _pure(fn: Any, *args: Any) -> float:
    out = ctypes.c_double()
    check(fn(*[number(a, "argument") for a in args], ctypes.byref(out)))
    return out.value


def raw_difficulty(i: int, p: int) -> float:
    """d = i + (p - i) / 5."""
    return _pure(lib.pc_sokoban_index_raw_difficulty, i, p)


def difficulty(i: int, p: int) -> float:
    """D = 0.8 (i - 8) + 0.2 (p - 33), 0 when i < 8 or p < 33."""
    return _pure(lib.pc_sokoban_index_difficulty, i, p)


def mechanical(u: int, c: int) -> float:
    """m = u + (c - u) / 5."""
    return _pure(lib.pc_sokoban_index_mechanical, u, c)


def rules(a: int, t: int) -> float:
    """r = (a - 2) + 3 (t - 1)."""
    return _pure(lib.pc_sokoban_index_rules, a, t)


def raw_volumability(u: int, c: int, a: int = 3, t: int = 1) -> float:
    """v = m + 3 r."""
    return _pure(lib.pc_sokoban_index_raw_volumability, u, c, a, t)


def volumability(u: int, c: int, a: int = 3, t: int = 1) -> float:
    """V = v / V0."""
    return _pure(lib.pc_sokoban_index_volumability, u, c, a, t)


def ci(i: int, p: int, u: int, c: int, a: int = 3, t: int = 1) -> float:
    """Ci = D / V."""
    return _pure(lib.pc_sokoban_index_ci, i, p, u, c, a, t)


V0 = lib.pc_sokoban_index_v0()


def variant_rules(variant: str, colours: int = 1) -> Tuple[int, ...]:
    """(a, t) of a rule family: 'classic', 'colorban', 'pullpush', 'monkeyban',
    'flocks', 'pushman'."""
    a, t = ctypes.c_int32(), ctypes.c_int32()
    if isinstance(variant, str):
        if variant not in VARIANTS:
            raise InvalidArgument(f"unknown variant {variant!r} ({', '.join(VARIANTS)})")
        v = VARIANTS[variant]
    else:
        v = integer(variant, "variant", 0, len(VARIANTS) - 1)
    colours = integer(colours, "colours", 1, 2 ** 31 - 1)
    check(lib.pc_sokoban_variant_rules(v, colours, ctypes.byref(a), ctypes.byref(t)))
    return (a.value, t.value)
