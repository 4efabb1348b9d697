"""Any game through one class: ``puzzlecore.Game`` over the C ``pc_game``.

    g = Game("sokoban")                 # params and seed optional
    g.moves()                           # ['l', 'r']
    g.play("r"); g.undo(); g.redo()
    g.suggest(seconds=2, progress=lambda nodes, s, bound: False)
    text = g.save(); h = Game.load(text)

Copies (``copy.copy``/``deepcopy``) are independent games through the
library's clone; ``pickle`` goes through the save text.  Ctrl-C during
``suggest`` cancels the search (the library returns within 100 ms) and raises
KeyboardInterrupt with the game unchanged; ``Budget.stop()`` (see
``cancel_token``) cancels it from another thread.
"""
from __future__ import annotations
import ctypes
from typing import Any, Callable, List, Optional, Tuple, Union

from ._ffi import (Handle, InvalidArgument, NotFound, budget as _budget, check, enums, err_buf, index, integer,
                   lib, number, text_in, text_out)

__all__ = ["Game", "KINDS"]

KINDS = tuple(lib.pc_game_kind_name(i).decode() for i in range(lib.pc_game_kind_count()))

Text = Union[str, bytes]


def _text(s: str, what: str) -> Tuple[Any, ...]:
    b, n = text_in(s, what)
    if b"\0" in b:
        raise InvalidArgument(f"{what} must not contain NUL characters")
    return b, n


class Game(Handle):
    """A game of any kind (``KINDS``), driven by moves as text."""

    _free = "pc_game_free"
    _ctype = "pc_game"

    def __init__(self, kind: Text, params: Optional[Text] = None, seed: int = 0) -> None:
        kind_b, _ = _text(kind, "kind")
        params_b = None if params is None else _text(params, "params")[0]
        seed = integer(seed, "seed", 0, 2 ** 64 - 1)
        err = err_buf()
        rc = lib.pc_game_validate(kind_b, params_b, err, len(err))
        if rc == enums["PC_ENOTFOUND"]:
            raise InvalidArgument(f"unknown kind {kind!r} (kinds: {', '.join(KINDS)})")
        check(rc, err)
        out = ctypes.c_void_p()
        check(lib.pc_game_new(kind_b, params_b, seed, ctypes.byref(out)))
        self._adopt(out.value)

    @classmethod
    def load(cls, text: Text) -> "Game":
        """A game from any kind's save text (ParseError names line and column)."""
        b, n = text_in(text, "text")
        err = err_buf()
        out = ctypes.c_void_p()
        check(lib.pc_game_load(b, n, err, len(err), ctypes.byref(out)), err)
        return cls._wrap(out.value)

    def save(self) -> str:
        """The save text (Game.load reads it back; pickle uses it)."""
        return text_out(lib.pc_game_save, self)

    def clone(self) -> "Game":
        """An independent copy (copy.copy and copy.deepcopy call it)."""
        out = ctypes.c_void_p()
        check(lib.pc_game_clone(self, ctypes.byref(out)))
        return Game._wrap(out.value)

    @property
    def kind(self) -> str:
        return lib.pc_game_kind(self).decode()

    def moves(self) -> List[str]:
        """Every legal move now, as a list of str ([] when over)."""
        return text_out(lib.pc_game_moves, self).splitlines()

    def play(self, move: Text) -> None:
        """Play a move given as text (IllegalMove / GameOver: nothing changed)."""
        b, n = _text(move, "move")
        check(lib.pc_game_play(self, b, n))

    def undo(self) -> None:
        check(lib.pc_game_undo(self))

    def redo(self) -> None:
        check(lib.pc_game_redo(self))

    @property
    def undo_count(self) -> int:
        return check(lib.pc_game_undo_count(self))

    @property
    def redo_count(self) -> int:
        return check(lib.pc_game_redo_count(self))

    @property
    def over(self) -> bool:
        return check(lib.pc_game_over(self)) == 1

    @property
    def players(self) -> int:
        return check(lib.pc_game_player_count(self))

    @property
    def to_move(self) -> Optional[int]:
        """The player to move, or None when the game is over."""
        p = ctypes.c_int32()
        check(lib.pc_game_to_move(self, ctypes.byref(p)))
        return None if p.value < 0 else p.value

    def score(self, player: int = 0) -> float:
        player = index(player, "player", self.players)
        s = ctypes.c_double()
        check(lib.pc_game_score(self, player, ctypes.byref(s)))
        return s.value

    def render(self) -> str:
        return text_out(lib.pc_game_render, self)

    def __str__(self) -> str:
        return self.render()

    def __repr__(self) -> str:
        if self.closed:
            return "<puzzlecore.Game closed>"
        state = "over" if self.over else f"player {self.to_move} to move"
        return f"<puzzlecore.Game {self.kind}: {state}, {self.undo_count} moves played>"

    def _repr_svg_(self) -> Optional[str]:
        from . import _svg
        return _svg.game(self)

    def suggest(self, nodes: int = 0, seconds: float = 0.0, seed: int = 0,
                progress: Optional[Callable[[int, float, float], bool]] = None) -> str:
        """A good move as text, found under a budget (nodes 0: the kind's
        default; seconds 0: 10 s, negative: none).  progress(nodes, seconds,
        bound) may return True to stop (Cancelled); an exception it raises is
        re-raised here.  Ctrl-C cancels the search (KeyboardInterrupt)."""
        b = _budget(nodes, number(seconds, "seconds"), 0, seed, progress)
        return text_out(lib.pc_game_suggest, self, ctypes.byref(b))
