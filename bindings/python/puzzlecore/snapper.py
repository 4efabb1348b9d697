"""Snapper, the furniture puzzle (doc/snapper.md).

    from puzzlecore import snapper
    g = snapper.Game(seed=42, preset="classic")
    g.play(column=2, turns=1)          # rotate, move and drop in one move
    for ev in g.events:                # what that move did
        print(ev.kind, ev.values, ev.points)
    advice = g.suggest(budget=2000)    # Advice(move, column, turns, value)

Rows count from the top (row 0; the floor is row HEIGHT - 1 = 8), as in every
game of the library; quarters are NE, SE, SW, NW (0..3);
colours 1..8, 0 is white.  Failing calls raise puzzlecore.Error and change
nothing.
"""
from __future__ import annotations
import ctypes
from collections import namedtuple

from typing import Any, Iterator, List, Optional, Sequence, Tuple, Union

from ._ffi import (budget as _budget, Error, Handle, InvalidArgument, check, enums, err_buf, i32_array, index,
                   integer, lib, new_handle, out_double, out_i64, sequence, text_in, text_out)

__all__ = ["Game", "Piece", "Event", "Advice", "PRESETS", "WIDTH", "HEIGHT", "figure_points", "Error"]

WIDTH = enums["PC_SNAPPER_WIDTH"]
HEIGHT = enums["PC_SNAPPER_HEIGHT"]
UNIT = enums["PC_SNAPPER_SCORE_UNIT"]
PRESETS = {"classic": enums["PC_SNAPPER_CLASSIC"], "easy": enums["PC_SNAPPER_EASY"],
           "hard": enums["PC_SNAPPER_HARD"]}
TYPES = {enums["PC_SNAPPER_I"]: "I", enums["PC_SNAPPER_L"]: "L", enums["PC_SNAPPER_T"]: "T",
         enums["PC_SNAPPER_X"]: "+"}
END_REASONS = {enums["PC_SNAPPER_PLAYING"]: None, enums["PC_SNAPPER_TARGET_MET"]: "target",
               enums["PC_SNAPPER_BLOCKED"]: "blocked", enums["PC_SNAPPER_NO_PIECES"]: "no-pieces"}
EVENT_KINDS = {enums["PC_SNAPPER_EV_LANDED"]: "landed", enums["PC_SNAPPER_EV_FIGURE"]: "figure",
               enums["PC_SNAPPER_EV_REMOVED"]: "removed", enums["PC_SNAPPER_EV_FELL"]: "fell",
               enums["PC_SNAPPER_EV_DRAINED"]: "drained", enums["PC_SNAPPER_EV_OVER"]: "over"}
_NVALUES = enums["PC_SNAPPER_EVENT_VALUES"]


class Piece(namedtuple("Piece", "arms colours")):
    """A piece: its arms mask (N=1 E=2 S=4 W=8) and the colours of its
    quarters NE, SE, SW, NW (0 = white)."""

    @property
    def type(self) -> str:
        """'I', 'L', 'T' or '+'."""
        return TYPES[check(lib.pc_snapper_piece_type(self.arms))]

    def __str__(self) -> str:
        arms = "".join(d for k, d in enumerate("NESW") if self.arms >> k & 1)
        return arms + ":" + "".join(str(c) for c in self.colours)


Event = namedtuple("Event", "kind values points quarters")
Event.__doc__ = """One event of the last move: kind ('landed', 'figure', 'removed',
'fell', 'drained', 'over'), its int values (see snapper.h), the points it
scored, and for 'figure'/'drained' the (x, y, quarter) triples it whitened."""

Advice = namedtuple("Advice", "move column turns value")
Advice.__doc__ = "A suggested move: 'drop' (column, clockwise turns) or 'drain'."


def figure_points(quarters: int, white: int, used: int, available: int, cascade: int = 0, simultaneous: int = 1) -> float:
    """The seed's scoring formula for one closed figure, in points."""
    u = ctypes.c_int64()
    check(lib.pc_snapper_figure_units(quarters, white, used, available, cascade, simultaneous, ctypes.byref(u)))
    return u.value / UNIT


def _piece(fn: Any, *args: Any) -> Optional[Piece]:
    arms = ctypes.c_int32()
    cols = (ctypes.c_int32 * 4)()
    if check(fn(*args, ctypes.byref(arms), cols)) == 0:
        return None
    return Piece(arms.value, tuple(cols))


class Game(Handle):
    """A game of Snapper."""

    _free = "pc_snapper_free"
    _ctype = "pc_snapper"

    def __init__(self, seed: int = 0, preset: Union[str, int] = "classic") -> None:
        seed = integer(seed, "seed", 0, 2 ** 64 - 1)
        if isinstance(preset, str):
            if preset not in PRESETS:
                raise InvalidArgument(f"unknown preset {preset!r} (want one of {', '.join(PRESETS)})")
            preset = PRESETS[preset]
        else:
            preset = integer(preset, "preset", min(PRESETS.values()), max(PRESETS.values()))
        out = ctypes.c_void_p()
        check(lib.pc_snapper_new(preset, seed, ctypes.byref(out)))
        self._adopt(out.value)

    @classmethod
    def custom(cls, seed: int, weights: Sequence[int], colours: int, target: int = 20) -> Game:
        """Random pieces with weights (I, L, T, +), colours 1..8, target figures."""
        weights = sequence(weights, "weights", 4)
        if len(weights) != 4:
            raise InvalidArgument(f"weights must hold 4 ints (I, L, T, +), got {len(weights)}")
        w = i32_array(weights, "weights")
        return new_handle(cls, lib.pc_snapper_new_custom, w, colours, target, seed)

    @classmethod
    def from_list(cls, pieces: Sequence[str], colours: int) -> Game:
        """Pieces in order from a list of tokens ('L:1222', 'NE:1222', ...) or one string."""
        if not isinstance(pieces, (str, bytes)):
            pieces = " ".join(str(p) for p in sequence(pieces, "pieces"))
        b, n = text_in(pieces, "pieces")
        return new_handle(cls, lib.pc_snapper_new_list, b, n, colours, err=err_buf())

    @classmethod
    def load(cls, text: str) -> Game:
        """A game from save text (also the way to build a field by hand)."""
        b, n = text_in(text)
        return new_handle(cls, lib.pc_snapper_load, b, n, err=err_buf())

    def save(self) -> str:
        return text_out(lib.pc_snapper_save, self)

    def clone(self) -> Game:
        return new_handle(Game, lib.pc_snapper_clone, self)

    __copy__ = clone

    def render(self) -> str:
        return text_out(lib.pc_snapper_render, self)

    __str__ = render

    # ---- moves ----
    def rotate(self, turns: int = 1) -> None:
        """Rotate the current piece: turns > 0 clockwise, < 0 anticlockwise."""
        check(lib.pc_snapper_rotate(self, turns))

    def move_to(self, column: int) -> None:
        check(lib.pc_snapper_move_to(self, column))

    def drop(self) -> None:
        check(lib.pc_snapper_drop(self))

    def play(self, column: int, turns: int = 0) -> None:
        """Turn the piece `turns` times clockwise, move it to `column`, drop it."""
        check(lib.pc_snapper_play(self, column, turns))

    def drain(self) -> None:
        check(lib.pc_snapper_drain(self))

    def legal(self, column: int, turns: int = 0) -> bool:
        """Would play(column, turns) be accepted now?"""
        return lib.pc_snapper_check(self, column, turns) == 0

    def can_drain(self) -> bool:
        """Would drain() be accepted now?"""
        return lib.pc_snapper_check_drain(self) == 0

    def apply(self, advice: Advice) -> None:
        """Play an Advice from suggest() or greedy()."""
        if not isinstance(advice, Advice):
            raise TypeError(f"advice must be a snapper.Advice, not {type(advice).__name__}")
        if advice.move == "drain":
            self.drain()
        else:
            self.play(advice.column, advice.turns)

    # ---- state ----
    @property
    def width(self) -> int:
        return WIDTH
    @property
    def height(self) -> int:
        return HEIGHT
    @property
    def column(self) -> int:
        """column of the current piece"""
        return lib.pc_snapper_column(self)
    @property
    def score(self) -> float:
        """score in points"""
        return out_double(lib.pc_snapper_score, self)
    @property
    def score_units(self) -> int:
        """exact score in 1/5040 points"""
        return out_i64(lib.pc_snapper_score_units, self)
    @property
    def figures(self) -> int:
        return lib.pc_snapper_figures(self)
    @property
    def drops(self) -> int:
        return lib.pc_snapper_drops(self)
    @property
    def drains(self) -> int:
        return lib.pc_snapper_drains(self)
    @property
    def colours(self) -> int:
        return lib.pc_snapper_colours(self)
    @property
    def target(self) -> int:
        return lib.pc_snapper_target(self)
    @property
    def over(self) -> bool:
        return bool(lib.pc_snapper_is_over(self))
    @property
    def end_reason(self) -> Optional[str]:
        """None while playing, else 'target', 'blocked' or 'no-pieces'"""
        return END_REASONS[lib.pc_snapper_end_reason(self)]
    @property
    def current(self) -> Optional[Piece]:
        """the current Piece or None"""
        return _piece(lib.pc_snapper_piece, self, 0)
    @property
    def next(self) -> Optional[Piece]:
        """the next Piece or None"""
        return _piece(lib.pc_snapper_piece, self, 1)

    def cell(self, x: int, y: int) -> Optional[Piece]:
        """The Piece at column x, row y (0 = top, 8 = the floor), or None."""
        return _piece(lib.pc_snapper_cell, self, index(x, "x", WIDTH), index(y, "y", HEIGHT))

    def column_height(self, x: int) -> int:
        return check(lib.pc_snapper_column_height(self, index(x, "x", WIDTH)))

    def __repr__(self) -> str:
        if self.closed:
            return "<puzzlecore.snapper.Game closed>"
        state = f"over ({self.end_reason})" if self.over else f"playing, piece {self.current}"
        return f"<puzzlecore.snapper.Game {WIDTH}x{HEIGHT}: {state}, score {self.score:g}>"

    def __iter__(self) -> Iterator[Any]:
        """(x, y, Piece) for every occupied cell, top row first."""
        for y in range(HEIGHT):
            for x in range(WIDTH):
                p = self.cell(x, y)
                if p is not None:
                    yield x, y, p

    def rows(self) -> List[Any]:
        """Rows of the field from the top, each a list of Piece or None."""
        return [[self.cell(x, y) for x in range(WIDTH)] for y in range(HEIGHT)]

    @property
    def events(self) -> List[Any]:
        """Events of the last drop or drain, in order."""
        out = []
        kind = ctypes.c_int32()
        vals = (ctypes.c_int32 * _NVALUES)()
        units = ctypes.c_int64()
        n = ctypes.c_size_t()
        for i in range(lib.pc_snapper_event_count(self)):
            check(lib.pc_snapper_event(self, i, ctypes.byref(kind), vals, ctypes.byref(units)))
            quarters = ()
            rc = lib.pc_snapper_event_quarters(self, i, None, 0, ctypes.byref(n))
            if n.value:
                buf = (ctypes.c_int32 * (3 * n.value))()
                check(lib.pc_snapper_event_quarters(self, i, buf, n.value, ctypes.byref(n)))
                quarters = tuple((buf[3 * k], buf[3 * k + 1], buf[3 * k + 2]) for k in range(n.value))
            elif rc < 0 and rc != enums["PC_ESPACE"]:
                check(rc)
            out.append(Event(EVENT_KINDS[kind.value], tuple(vals), units.value / UNIT, quarters))
        return out

    # ---- advice ----
    def suggest(self, budget: int = 2000) -> Advice:
        """The advisor's move (visible pieces only) as an Advice."""
        mv, col, turns = ctypes.c_int32(), ctypes.c_int32(), ctypes.c_int32()
        val = ctypes.c_double()
        check(lib.pc_snapper_suggest(self, ctypes.byref(_budget(budget, -1.0)), ctypes.byref(mv), ctypes.byref(col), ctypes.byref(turns),
                                     ctypes.byref(val)))
        drain = mv.value == enums["PC_SNAPPER_MOVE_DRAIN"]
        return Advice("drain" if drain else "drop", col.value, turns.value, val.value)

    def greedy(self) -> Advice:
        """The greedy one-ply baseline's move as an Advice (value None)."""
        mv, col, turns = ctypes.c_int32(), ctypes.c_int32(), ctypes.c_int32()
        check(lib.pc_snapper_greedy(self, ctypes.byref(mv), ctypes.byref(col), ctypes.byref(turns)))
        drain = mv.value == enums["PC_SNAPPER_MOVE_DRAIN"]
        return Advice("drain" if drain else "drop", col.value, turns.value, None)
