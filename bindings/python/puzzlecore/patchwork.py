"""Patchwork with the exact rules of the CodinGame referee (every league) and
of the board game.

    from puzzlecore import patchwork as pw
    g = pw.Game(league=4, seed=42)
    while not g.over:
        g.apply(g.suggest(playouts=500))
    print(g.scores, g.winner)

Moves are ``Move`` values (kind, patch, x, y, flip, rot); players are read
through ``g.players[0]`` / ``g.players[1]``.  Failing calls raise
``puzzlecore.Error`` and change nothing.
"""
from __future__ import annotations
import ctypes
from collections import namedtuple

from typing import Any, Iterator, List, Optional, Sequence, Tuple, Union

from . import _ffi
from ._ffi import (Error, Handle, InvalidArgument, check, enums, err_buf, i32_array, index, integer, lib,
                   new_handle, number, out_i32, sequence, text_in, text_out)

__all__ = ["EVENT_KINDS", "Budget", "Game", "Reader", "Move", "Patch", "Player", "patch", "parse_command", "LEAGUE1", "LEAGUE2",
           "LEAGUE3", "LEAGUE4", "LEAGUE5", "OFFICIAL", "SKIP", "PLAY", "SPECIAL", "DRAW", "Error"]

class Budget(_ffi.Budget):
    """pc_budget (puzzlecore/budget.h): max_nodes (playouts), max_seconds,
    seed.  ``stop()`` cancels a running search from any thread."""

    def __init__(self, max_nodes: int = 0, max_seconds: float = 0.0, seed: int = 0) -> None:
        super().__init__()
        check(lib.pc_budget_init(ctypes.byref(self), ctypes.sizeof(self)))
        self.max_nodes = integer(max_nodes, "max_nodes", 0, 2 ** 63 - 1)
        self.max_seconds = number(max_seconds, "max_seconds")
        self.seed = integer(seed, "seed", 0, 2 ** 64 - 1)


LEAGUE1 = enums["PC_PATCHWORK_LEAGUE1"]
LEAGUE2 = enums["PC_PATCHWORK_LEAGUE2"]
LEAGUE3 = enums["PC_PATCHWORK_LEAGUE3"]
LEAGUE4 = enums["PC_PATCHWORK_LEAGUE4"]
LEAGUE5 = enums["PC_PATCHWORK_LEAGUE5"]
OFFICIAL = enums["PC_PATCHWORK_OFFICIAL"]
SKIP = enums["PC_PATCHWORK_SKIP"]
PLAY = enums["PC_PATCHWORK_PLAY"]
SPECIAL = enums["PC_PATCHWORK_SPECIAL"]
DRAW = enums["PC_PATCHWORK_DRAW"]
FIXES = {enums[k]: k[len("PC_PATCHWORK_FIX_"):].lower()
         for k in enums if k.startswith("PC_PATCHWORK_FIX_") and enums[k]}
_MAXM = enums["PC_PATCHWORK_MAX_MOVES"]


class Move(namedtuple("Move", "kind patch x y flip rot")):
    """A move.  kind is SKIP, PLAY (patch = id 0..32) or SPECIAL (patch =
    the special's timeline position, e.g. 20 for id -20, or 0 for "the one
    pending now")."""

    __slots__ = ()

    @classmethod
    def skip(cls) -> Move:
        return cls(SKIP, 0, 0, 0, 0, 0)

    @classmethod
    def play(cls, patch: int, x: int, y: int, flip: int = 0, rot: int = 0) -> Any:
        if patch < 0:
            return cls(SPECIAL, -patch, x, y, flip, rot)
        return cls(PLAY, patch, x, y, flip, rot)

    @classmethod
    def from_code(cls, code: int) -> Move:
        out = [ctypes.c_int32() for _ in range(6)]
        check(lib.pc_patchwork_move_decode(code, *[ctypes.byref(o) for o in out]))
        return cls(*(o.value for o in out))

    @property
    def code(self) -> int:
        c = ctypes.c_int32()
        check(lib.pc_patchwork_move_encode(*self, ctypes.byref(c)))
        return c.value

    def text(self, league: int = LEAGUE4) -> str:
        """The move as the referee logs it ("SKIP", "PLAY id x y flip rot")."""
        return text_out(lib.pc_patchwork_move_text, league, self.code)

    def __str__(self) -> str:
        return self.text()


Patch = namedtuple("Patch", "id earn price time cells shape")


def patch(pid: int) -> Patch:
    """Facts of a patch (ids 0..32, or a special id -20, -26, -32, -44, -50)."""
    v = [ctypes.c_int32() for _ in range(4)]
    check(lib.pc_patchwork_patch_info(pid, *[ctypes.byref(x) for x in v]))
    return Patch(pid, *(x.value for x in v), shape(pid))


def shape(pid: int, flip: int = 0, rot: int = 0) -> str:
    """The shape in an orientation, rows joined by '|' ("OO.|.OO")."""
    return text_out(lib.pc_patchwork_patch_shape, pid, flip, rot)


def orientations(pid: int) -> List[int]:
    """The distinct orientations k = 4*flip + rot of a patch, ascending."""
    ks = (ctypes.c_int32 * 8)()
    n = ctypes.c_size_t()
    check(lib.pc_patchwork_patch_orientations(pid, ks, 8, ctypes.byref(n)))
    return list(ks[:n.value])


def parse_command(league: int, line: str) -> Tuple[Any, ...]:
    """Parse a bot's output line with the referee's rules.  Returns
    (kind, id, x, y, flip, rot, message); raises Error (PC_EPARSE) for an
    unknown command."""
    b, n = text_in(line)
    cmd = (ctypes.c_int32 * 6)()
    off, ln = ctypes.c_size_t(), ctypes.c_size_t()
    err = err_buf()
    check(lib.pc_patchwork_parse_command(league, b, n, cmd, ctypes.byref(off), ctypes.byref(ln),
                                         err, len(err)), err)
    return tuple(cmd) + (b[off.value:off.value + ln.value].decode("utf-8", "replace"),)


EVENT_KINDS = ("skip", "buy", "advance", "place_special", "income", "special_won", "bonus", "finished", "over")


class Player:
    """One seat of a game (a live view)."""

    def __init__(self, game: "Game", index: int) -> None:
        if not isinstance(game, Game):
            raise TypeError(f"game must be a patchwork.Game, not {type(game).__name__}")
        self._g = game
        self.index = integer(index, "index", 0, 1)

    def _get(self, fn: str) -> int:
        return check(getattr(lib, "pc_patchwork_" + fn)(self._g, self.index))

    @property
    def position(self) -> int:
        return self._get('position')
    @property
    def buttons(self) -> int:
        return self._get('buttons')
    @property
    def income(self) -> Any:
        return self._get('income')
    @property
    def pending(self) -> Any:
        return self._get('pending')
    @property
    def empty(self) -> int:
        return self._get('empty')
    @property
    def score(self) -> int:
        return out_i32(lib.pc_patchwork_score, self._g, self.index)

    @property
    def board(self) -> List[str]:
        """The quilt as 9 strings of 'O' (covered) and '.'."""
        return text_out(lib.pc_patchwork_board_text, self._g, self.index).splitlines()

    @property
    def grid(self) -> memoryview:
        """The quilt as a read-only 9 x 9 buffer of 0/1 (``grid[y, x]``;
        ``numpy.asarray(player.grid)`` makes no copy), from one library call."""
        words = (ctypes.c_uint64 * 2)()
        check(lib.pc_patchwork_board_bits(self._g, self.index, words))
        bits = words[0] | (words[1] << 64)
        data = bytes((bits >> i) & 1 for i in range(81))
        return memoryview(data).cast("B", (9, 9))

    def cell(self, x: int, y: int) -> bool:
        return bool(check(lib.pc_patchwork_cell(self._g, self.index, index(x, "x", 9), index(y, "y", 9))))

    def cell_patch(self, x: int, y: int) -> Tuple[int, int]:
        """(patch, orientation) covering square (x, y): the patch id 0..32, a
        special's referee id (-20, ...), or -1 (NOBODY) for an empty square;
        orientation k = 4*flip + rot."""
        patch, k = ctypes.c_int32(), ctypes.c_int32()
        check(lib.pc_patchwork_cell_patch(self._g, self.index, index(x, "x", 9), index(y, "y", 9),
                                          ctypes.byref(patch), ctypes.byref(k)))
        return patch.value, k.value

    def __repr__(self) -> str:
        return (f"<Player {self.index} pos={self.position} buttons={self.buttons} "
                f"income={self.income} empty={self.empty}>")


class Game(Handle):
    """A game.  ``Game(league=4, seed=0)`` deals a seeded deck; ``deck=[...]``
    (a permutation of 0..32) replays a known circle, e.g. the referee's."""

    _free = "pc_patchwork_free"
    _ctype = "pc_patchwork"

    def __init__(self, league: int = LEAGUE4, seed: int = 0, deck: Optional[Sequence[int]] = None) -> None:
        seed = integer(seed, "seed", 0, 2 ** 64 - 1)
        out = ctypes.c_void_p()
        if deck is None:
            check(lib.pc_patchwork_new(league, seed, ctypes.byref(out)))
        else:
            deck = sequence(deck, "deck", 64)
            check(lib.pc_patchwork_new_deck(league, i32_array(deck, "deck"), len(deck), ctypes.byref(out)))
        self._adopt(out.value)
        self.players = (Player(self, 0), Player(self, 1))

    @classmethod
    def _wrap(cls, ptr: int) -> Game:
        g = super()._wrap(ptr)
        g.players = (Player(g, 0), Player(g, 1))
        return g

    @classmethod
    def load(cls, text: Union[str, bytes]) -> "Game":
        """A game from ``save()`` text."""
        b, n = text_in(text)
        return new_handle(cls, lib.pc_patchwork_load, b, n, err=err_buf())

    def save(self) -> str:
        return text_out(lib.pc_patchwork_save, self)

    def clone(self) -> "Game":
        return new_handle(Game, lib.pc_patchwork_clone, self)

    # -- settings and state --
    @property
    def league(self) -> int:
        return check(lib.pc_patchwork_ruleset(self))
    @property
    def duration(self) -> int:
        return check(lib.pc_patchwork_duration(self))
    @property
    def seed(self) -> int:
        out = ctypes.c_uint64(0)
        check(lib.pc_patchwork_seed(self, ctypes.byref(out)))
        return out.value
    @property
    def to_move(self) -> int:
        """0 or 1, or -1 once the game is over"""
        return out_i32(lib.pc_patchwork_to_move, self)
    @property
    def over(self) -> bool:
        return bool(check(lib.pc_patchwork_is_over(self)))
    @property
    def capped(self) -> bool:
        return bool(check(lib.pc_patchwork_capped(self)))
    @property
    def actions(self) -> int:
        return check(lib.pc_patchwork_actions(self))
    @property
    def special_id(self) -> int:
        return out_i32(lib.pc_patchwork_special_id, self)
    @property
    def specials_left(self) -> int:
        return check(lib.pc_patchwork_specials_left(self))
    @property
    def bonus_owner(self) -> int:
        return out_i32(lib.pc_patchwork_bonus_owner, self)
    @property
    def finished_first(self) -> int:
        return out_i32(lib.pc_patchwork_finished_first, self)
    @property
    def last_player(self) -> int:
        return lib.pc_patchwork_last_player(self)
    @property
    def winner(self) -> int:
        """0, 1, DRAW, or -1 while playing"""
        return out_i32(lib.pc_patchwork_winner, self)
    @property
    def scores(self) -> Tuple[Any, Any]:
        return (self.players[0].score, self.players[1].score)

    @property
    def bonus_size(self) -> int:
        return check(lib.pc_patchwork_bonus_size(self))

    @bonus_size.setter
    def bonus_size(self, v: int) -> None:
        check(lib.pc_patchwork_set_bonus_size(self, v))

    @property
    def initial_money(self) -> int:
        return check(lib.pc_patchwork_initial_money(self))

    @initial_money.setter
    def initial_money(self, v: int) -> None:
        check(lib.pc_patchwork_set_initial_money(self, v))

    def _ids(self, fn: Any) -> List[int]:
        arr = (ctypes.c_int32 * 33)()
        n = ctypes.c_size_t()
        check(fn(self, arr, 33, ctypes.byref(n)))
        return list(arr[:n.value])

    @property
    def market(self) -> Any:
        """the circle from the marker; the first 3 are buyable"""
        return self._ids(lib.pc_patchwork_market)
    @property
    def deck(self) -> Any:
        return self._ids(lib.pc_patchwork_deck)

    @property
    def history(self) -> List[Any]:
        """[(player, Move), ...] of every action so far."""
        codes = (ctypes.c_int32 * 256)()
        who = (ctypes.c_int32 * 256)()
        n = ctypes.c_size_t()
        check(lib.pc_patchwork_history(self, codes, who, 256, ctypes.byref(n)))
        return [(who[i], Move.from_code(codes[i])) for i in range(n.value)]

    @property
    def events(self) -> List[Tuple[str, int, Tuple[int, ...]]]:
        """What the last move did: [(kind, player, values), ...], kind one of
        EVENT_KINDS ('skip', 'buy', 'advance', 'place_special', 'income',
        'special_won', 'bonus', 'finished', 'over'); doc/patchwork.md."""
        out = []
        nv = enums["PC_PATCHWORK_EVENT_VALUES"]
        for i in range(check(lib.pc_patchwork_event_count(self))):
            kind, who, v = ctypes.c_int32(), ctypes.c_int32(), (ctypes.c_int32 * nv)()
            check(lib.pc_patchwork_event(self, i, ctypes.byref(kind), ctypes.byref(who), v))
            out.append((EVENT_KINDS[kind.value], who.value, tuple(v)))
        return out

    # -- moves --
    def legal_moves(self) -> List[Move]:
        codes = (ctypes.c_int32 * _MAXM)()
        n = ctypes.c_size_t()
        check(lib.pc_patchwork_legal_moves(self, codes, _MAXM, ctypes.byref(n)))
        return [Move.from_code(codes[i]) for i in range(n.value)]

    def __iter__(self) -> Any:
        """Iterates over the legal moves."""
        return iter(self.legal_moves())

    def is_legal(self, move: Sequence[int]) -> bool:
        return lib.pc_patchwork_check(self, _move(move).code) == 0

    def apply(self, move: Sequence[int]) -> "Game":
        check(lib.pc_patchwork_apply(self, _move(move).code))
        return self

    def play(self, patch_id: int, x: int, y: int, flip: int = 0, rot: int = 0) -> Game:
        check(lib.pc_patchwork_play(self, patch_id, x, y, flip, rot))
        return self

    def skip(self) -> Game:
        check(lib.pc_patchwork_skip(self))
        return self

    def place_special(self, x: int, y: int) -> Any:
        check(lib.pc_patchwork_place_special(self, x, y))
        return self

    # -- the CodinGame protocol --
    def init_input(self) -> str:
        return text_out(lib.pc_patchwork_init_input, self)

    def turn_input(self) -> str:
        return text_out(lib.pc_patchwork_turn_input, self)

    def referee_input(self) -> str:
        """What the referee sends the player to move now."""
        return text_out(lib.pc_patchwork_referee_input, self)

    def referee_step(self, line: str) -> Tuple[Any, ...]:
        """Play a bot's output line as the referee would.  Returns (Move
        applied, set of fixes); raises Error(PC_EPARSE) for an unknown
        command (that bot loses)."""
        b, n = text_in(line, "line")
        code, fixes = ctypes.c_int32(), ctypes.c_int32()
        err = err_buf()
        check(lib.pc_patchwork_referee_step(self, b, n, ctypes.byref(code), ctypes.byref(fixes),
                                            err, len(err)), err)
        return Move.from_code(code.value), {name for bit, name in FIXES.items() if fixes.value & bit}

    # -- bots --
    def baseline_move(self) -> Move:
        code = ctypes.c_int32()
        check(lib.pc_patchwork_baseline_move(self, ctypes.byref(code)))
        return Move.from_code(code.value)

    def suggest(self, playouts: int = 0, seconds: float = 0.0, seed: int = 1, budget: Optional[int] = None) -> Move:
        """The search's move under a pc_budget: at most ``playouts`` playouts
        (0 = no limit) and ``seconds`` of wall time (0 = none when playouts is
        set, else the library's default 10 s), playouts seeded by ``seed``.
        ``budget`` may instead be a ``Budget`` (its ``stop()`` works from
        another thread: this call then raises Error(PC_ECANCELLED))."""
        if budget is None:
            seconds = number(seconds, "seconds")
            budget = Budget(playouts, seconds if seconds > 0 else (-1.0 if playouts else 0.0), seed)
        elif not isinstance(budget, _ffi.Budget):
            raise TypeError(f"budget must be a patchwork.Budget, not {type(budget).__name__}")
        code = ctypes.c_int32()
        check(lib.pc_patchwork_suggest(self, ctypes.byref(budget), ctypes.byref(code)))
        return Move.from_code(code.value)

    def __repr__(self) -> str:
        if self.closed:
            return "<puzzlecore.patchwork.Game closed>"
        state = f"over, winner {self.winner}" if self.over else f"player {self.to_move} to move"
        return f"<puzzlecore.patchwork.Game league {self.league}: {state}, {self.actions} actions>"

    def _repr_svg_(self) -> str:
        from . import _svg
        return _svg.patchwork(self)


class Reader(Handle):
    """The bot side of the CodinGame protocol (pc_patchwork_reader): feed it
    every line the referee sends; ``line()`` returns True when a turn is
    complete and matches the rules, then ``game()`` is the rebuilt game (this
    bot to move) and ``sent(text)`` records the line printed.  A desync
    raises Error(PC_EILLEGAL) whose message names the line.

        rd = Reader()            # league read from the init lines (pass 1 for league 1)
        for line in sys.stdin:
            if rd.line(line):
                text = rd.game().suggest(seconds=0.08).text(rd.game().league)
                print(text, flush=True)
                rd.sent(text)
    """

    _free = "pc_patchwork_reader_free"
    _ctype = "pc_patchwork_reader"

    def __init__(self, league: int = 0) -> None:
        out = ctypes.c_void_p()
        check(lib.pc_patchwork_reader_new(league, ctypes.byref(out)))
        self._adopt(out.value)

    def line(self, line: Union[str, bytes]) -> bool:
        b, n = text_in(line, "line")
        ready = ctypes.c_int32()
        err = err_buf()
        check(lib.pc_patchwork_reader_line(self, b, n, ctypes.byref(ready), err, len(err)), err)
        return bool(ready.value)

    def feed(self, text: str) -> bool:
        """Every line of ``text``; True when the last one completed a turn."""
        ready = False
        if not isinstance(text, str):
            raise TypeError(f"text must be a str, not {type(text).__name__}")
        for ln in text.splitlines():
            ready = self.line(ln)
        return ready

    @property
    def ready(self) -> bool:
        return bool(check(lib.pc_patchwork_reader_ready(self)))
    @property
    def seat(self) -> int:
        """0 or 1; -1 before the first turn"""
        return lib.pc_patchwork_reader_seat(self)

    def game(self) -> Game:
        """A copy of the rebuilt game."""
        return new_handle(Game, lib.pc_patchwork_reader_game, self)

    def sent(self, line: Union[str, bytes]) -> None:
        b, n = text_in(line, "line")
        err = err_buf()
        check(lib.pc_patchwork_reader_sent(self, b, n, err, len(err)), err)


def _move(move: Move) -> Move:
    if isinstance(move, Move):
        return move
    move = sequence(move, "move", 6)
    if len(move) != 6:
        raise InvalidArgument(f"move must be (kind, patch, x, y, flip, rot), got {len(move)} items")
    return Move(*[integer(v, "move[]") for v in move])
