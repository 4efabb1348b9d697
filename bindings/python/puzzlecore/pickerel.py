"""Pickerel, the weaving puzzle (levels 1-12), over libpuzzlecore.

    >>> from puzzlecore import pickerel
    >>> g = pickerel.Game(level=3, seed=42)
    >>> g.tray[0]                     # Spool(slot=0, colour=..., length=...)
    >>> for ev in g.weave(0):         # each move returns its events, in order
    ...     print(ev.name, ev.points)
    >>> g.play(g.suggest())           # let the advisor move
    >>> g.score, g.over, g.rating_name

Illegal moves raise ``puzzlecore.Error`` (``code`` is PC_EILLEGAL, or
PC_EOVER once the game is over) and change nothing.
"""
from __future__ import annotations
import ctypes
from collections import namedtuple

from typing import Any, Dict, Iterator, List, Optional, Sequence, Tuple, Union

from ._ffi import (budget as _budget, Error, Handle, InvalidArgument, check, enums, err_buf, i32_array, integer,
                   lib, new_handle, number, out_i32, out_i64, sequence, text_in, text_out)

__all__ = ["Game", "Spool", "Bead", "LoomBead", "Event", "level_info", "run_name", "rating_threshold",
           "COLOURS", "RATINGS", "MOVE", "EVENT"]

COLOURS = ("red", "blue", "green", "purple")
RATINGS = ("Booched", "Poor", "Fine", "Good", "Excellent", "Incredible")
BEAD_TYPES = ("any", "specific", "wild")

#: move kinds: weave, scissors, resize, splice, place_bead, done
MOVE = {name[len("PC_PICKEREL_MOVE_"):].lower(): v for name, v in enums.items()
        if name.startswith("PC_PICKEREL_MOVE_")}
#: event kinds by name ("thread", "perfect", ...)
EVENT = {lib.pc_pickerel_event_name(v).decode(): v for name, v in enums.items()
         if name.startswith("PC_PICKEREL_EV_")}
_STATS = {name[len("PC_PICKEREL_STAT_"):].lower(): v for name, v in enums.items()
          if name.startswith("PC_PICKEREL_STAT_") and name != "PC_PICKEREL_STAT_COUNT"}
_LEVEL_FIELDS = {name[len("PC_PICKEREL_LEVEL_"):].lower(): v for name, v in enums.items()
                 if name.startswith("PC_PICKEREL_LEVEL_")}

Spool = namedtuple("Spool", "slot colour length")
Bead = namedtuple("Bead", "type colour")
LoomBead = namedtuple("LoomBead", "type colour row column value")


class Event(namedtuple("Event", "kind points a b c")):
    """One step of a move: ``kind`` (int), ``points`` and three arguments
    (see include/puzzlecore/pickerel.h for each kind's meaning)."""

    @property
    def name(self) -> str:
        return lib.pc_pickerel_event_name(self.kind).decode()

    def __str__(self) -> str:
        text = f"{self.name} {self.points:+d} ({self.a}, {self.b}, {self.c})"
        if self.kind == EVENT["perfect"]:
            text += " " + run_name(self.a)
        return text


def level_info(level: int) -> Dict[Any, Any]:
    """The level table row as a dict (width, max_width, overlap, colours,
    inches, tray, bead_factor, any_pct, specific_pct, wild_pct,
    loom_bead_pct)."""
    out = ctypes.c_int32()
    info = {}
    for name, field in _LEVEL_FIELDS.items():
        check(lib.pc_pickerel_level_info(level, field, ctypes.byref(out)))
        info[name] = out.value
    return info


def run_name(run: int) -> str:
    """'Perfect row', 'Double', 'Triple', 'Donkey', 'Vegas', 'Vegas^2', ..."""
    return text_out(lib.pc_pickerel_run_name, run)


def rating_threshold(level: int, rating: str) -> int:
    """Lowest score that earns `rating` (an index into RATINGS or its name)."""
    if isinstance(rating, str):
        if rating not in RATINGS:
            raise InvalidArgument(f"unknown rating {rating!r} ({', '.join(RATINGS)})")
        rating = RATINGS.index(rating)
    out = ctypes.c_int32()
    check(lib.pc_pickerel_rating_threshold(level, rating, ctypes.byref(out)))
    return out.value


class Game(Handle):
    """A game of Pickerel.  ``Game(level, seed)`` deals from the seed;
    ``Game.from_deal(level, [(colour, length), ...])`` replays a given deal."""

    _free = "pc_pickerel_free"
    _ctype = "pc_pickerel"

    def __init__(self, level: int = 1, seed: int = 0, loom_beads: bool = False) -> None:
        seed = integer(seed, "seed", 0, 2 ** 64 - 1)
        out = ctypes.c_void_p()
        check(lib.pc_pickerel_new(level, seed, 1 if loom_beads else 0, ctypes.byref(out)))
        self._adopt(out.value)

    @classmethod
    def from_deal(cls, level: int, spools: Sequence[Any], seed: int = 0, loom_beads: bool = False) -> Game:
        spools = [sequence(s, "spools[]", 2) for s in sequence(spools, "spools", 4096)]
        if any(len(s) != 2 for s in spools):
            raise InvalidArgument("spools must be (colour, length) pairs")
        n = len(spools)
        cols = i32_array([c for c, _ in spools], "colour")
        lens = i32_array([l for _, l in spools], "length")
        return new_handle(cls, lib.pc_pickerel_new_deal, level, seed, 1 if loom_beads else 0, cols, lens, n)

    @classmethod
    def load(cls, text: str) -> Game:
        """A game from pc_pickerel_save text; Error (PC_EPARSE) on bad text."""
        b, n = text_in(text)
        return new_handle(cls, lib.pc_pickerel_load, b, n, err=err_buf())

    def save(self) -> str:
        return text_out(lib.pc_pickerel_save, self)

    def clone(self) -> Game:
        return new_handle(Game, lib.pc_pickerel_clone, self)

    def __str__(self) -> str:
        return text_out(lib.pc_pickerel_render, self)

    def __repr__(self) -> str:
        if self.closed:
            return "<puzzlecore.pickerel.Game closed>"
        state = f"over, {self.rating_name}" if self.over else f"playing, {self.deal_left} spools to deal"
        return f"<puzzlecore.pickerel.Game level {self.level}, width {self.width}: {state}, score {self.score}>"

    # ---- moves -------------------------------------------------------------
    def _events_after(self, rc: int) -> List[Event]:
        check(rc)
        return self.events

    def weave(self, slot: int) -> List[Event]:
        """Weave the spool in tray `slot`; returns the move's events."""
        return self._events_after(lib.pc_pickerel_weave(self, slot))

    def scissors(self) -> List[Event]:
        return self._events_after(lib.pc_pickerel_scissors(self))

    def resize(self, width: int) -> List[Event]:
        return self._events_after(lib.pc_pickerel_resize(self, width))

    def splice(self, bead: int, first: int, second: int) -> List[Event]:
        return self._events_after(lib.pc_pickerel_splice(self, bead, first, second))

    def place_bead(self, bead: int, row: int, column: int) -> List[Event]:
        return self._events_after(lib.pc_pickerel_place_bead(self, bead, row, column))

    def done(self) -> List[Event]:
        return self._events_after(lib.pc_pickerel_done(self))

    @staticmethod
    def _move(move: Tuple[Any, ...]) -> Any:
        move = tuple(sequence(move, "move", 4))
        if not 1 <= len(move) <= 4:
            raise InvalidArgument(f"move must be (kind, a, b, c), 1 to 4 items, got {len(move)}")
        move = move + (0,) * (4 - len(move))
        if isinstance(move[0], str):
            if move[0] not in MOVE:
                raise InvalidArgument(f"unknown move kind {move[0]!r} ({', '.join(MOVE)})")
            move = (MOVE[move[0]],) + move[1:]
        return i32_array(move, "move")

    def play(self, move: Sequence[int]) -> List[Event]:
        """Apply a move (kind, a, b, c); kind may be a name ("weave")."""
        return self._events_after(lib.pc_pickerel_play(self, self._move(move)))

    def legal(self, move: Sequence[Any]) -> bool:
        return lib.pc_pickerel_check(self, self._move(move)) == 0

    def suggest(self, budget: int = 0, seconds: float = -1.0) -> Tuple[int, ...]:
        """The advisor's move as a tuple (kind, a, b, c): `budget` search
        nodes (0: the default), at most `seconds` (negative: no limit)."""
        m = (ctypes.c_int32 * 4)()
        check(lib.pc_pickerel_suggest(self, ctypes.byref(_budget(budget, seconds)), m))
        return tuple(m)

    # ---- state -------------------------------------------------------------
    @property
    def level(self) -> int:
        return lib.pc_pickerel_level(self)
    @property
    def width(self) -> int:
        return lib.pc_pickerel_width(self)
    @property
    def overlap(self) -> int:
        return lib.pc_pickerel_overlap(self)
    @property
    def colours(self) -> int:
        return lib.pc_pickerel_colours(self)
    @property
    def tray_size(self) -> int:
        return lib.pc_pickerel_tray_size(self)
    @property
    def score(self) -> int:
        return out_i64(lib.pc_pickerel_score, self)
    @property
    def over(self) -> bool:
        return bool(lib.pc_pickerel_over(self))
    @property
    def rating(self) -> int:
        return lib.pc_pickerel_rating(self)
    @property
    def rating_name(self) -> str:
        return RATINGS[self.rating]
    @property
    def deal_left(self) -> int:
        return lib.pc_pickerel_deal_left(self)
    @property
    def loom_colour(self) -> int:
        return out_i32(lib.pc_pickerel_loom_colour, self)
    @property
    def loom_rows(self) -> int:
        return lib.pc_pickerel_loom_rows(self)
    @property
    def loom_height(self) -> int:
        """Rows of the loom's frame: row 0 is its top, loom_height - 1 the
        bottom row, where the cloth starts (place_bead, loom_beads and the
        events count rows this way)."""
        return lib.pc_pickerel_loom_height(self)
    @property
    def loom_fill(self) -> int:
        return lib.pc_pickerel_loom_fill(self)
    @property
    def loom_run(self) -> int:
        return lib.pc_pickerel_loom_run(self)
    @property
    def loom_beads_option(self) -> bool:
        out = ctypes.c_uint32(0)
        check(lib.pc_pickerel_options(self, ctypes.byref(out)))
        return bool(out.value & enums["PC_PICKEREL_OPT_LOOM_BEADS"])

    @property
    def seed(self) -> int:
        out = ctypes.c_uint64()
        check(lib.pc_pickerel_seed(self, ctypes.byref(out)))
        return out.value

    @property
    def tray(self) -> List[Spool]:
        """List of Spool (None for an empty slot)."""
        c, l = ctypes.c_int32(), ctypes.c_int32()
        slots = []
        for i in range(self.tray_size):
            check(lib.pc_pickerel_tray(self, i, ctypes.byref(c), ctypes.byref(l)))
            slots.append(Spool(i, c.value, l.value) if l.value else None)
        return slots

    def spools(self) -> Any:
        """Iterate over the non-empty tray slots."""
        return (s for s in self.tray if s is not None)

    def spools_left(self, colour: int) -> int:
        return lib.pc_pickerel_spools_left(self, colour)

    def inches_left(self, colour: int) -> int:
        return lib.pc_pickerel_inches_left(self, colour)

    @property
    def beads(self) -> Any:
        t, c = ctypes.c_int32(), ctypes.c_int32()
        out = []
        for i in range(lib.pc_pickerel_bead_count(self)):
            check(lib.pc_pickerel_bead(self, i, ctypes.byref(t), ctypes.byref(c)))
            out.append(Bead(BEAD_TYPES[t.value], c.value))
        return out

    @property
    def loom_beads(self) -> Any:
        v = [ctypes.c_int32() for _ in range(5)]
        out = []
        for i in range(lib.pc_pickerel_loom_bead_count(self)):
            check(lib.pc_pickerel_loom_bead(self, i, *[ctypes.byref(x) for x in v]))
            out.append(LoomBead(BEAD_TYPES[v[0].value], *[x.value for x in v[1:]]))
        return out

    @property
    def events(self) -> List[Event]:
        """The last move's events, in order."""
        v = [ctypes.c_int32() for _ in range(5)]
        out = []
        for i in range(lib.pc_pickerel_event_count(self)):
            check(lib.pc_pickerel_event(self, i, *[ctypes.byref(x) for x in v]))
            out.append(Event(*[x.value for x in v]))
        return out

    def stat(self, name: str) -> int:
        """A counter by name ("inches_in", "cloth", "knots", "wraps", ...)."""
        if name not in _STATS:
            raise InvalidArgument(f"unknown stat {name!r} ({', '.join(_STATS)})")
        out = ctypes.c_int64()
        check(lib.pc_pickerel_stat(self, _STATS[name], ctypes.byref(out)))
        return out.value

    @property
    def stats(self) -> Dict[Any, Any]:
        return {name: self.stat(name) for name in _STATS}


__all__ += ["Error"]
