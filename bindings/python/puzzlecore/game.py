"""Any game through one class: ``puzzlecore.Game`` over the C ``pc_game``.

    g = Game("sokoban")                 # params and seed optional
    g.moves()                           # ['l', 'r']
    g.play("r"); g.undo(); g.redo()
    g.suggest(seconds=2, progress=lambda nodes, s, bound: False)
    text = g.save(); h = Game.load(text)

Copies (``copy.copy``/``deepcopy``) are independent games through the
library's clone; ``pickle`` goes through the save text.  Ctrl-C during
``suggest`` cancels the search (the library returns within 100 ms) and raises
KeyboardInterrupt with the game unchanged.
"""
import ctypes
import threading

from ._ffi import Error, Handle, budget as _budget, check, enums, err_buf, lib, text_in, text_out

__all__ = ["Game", "KINDS"]

KINDS = tuple(lib.pc_game_kind_name(i).decode() for i in range(lib.pc_game_kind_count()))


def _text(s, what):
    if not isinstance(s, (str, bytes)):
        raise TypeError(f"{what} must be str, not {type(s).__name__}")
    return text_in(s)


class Game(Handle):
    """A game of any kind (``KINDS``), driven by moves as text."""

    _free = "pc_game_free"

    def __init__(self, kind, params=None, seed=0):
        kind_b, _ = _text(kind, "kind")
        params_b = None if params is None else _text(params, "params")[0]
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2 ** 64:
            raise ValueError("seed must be an int from 0 to 2**64-1")
        err = err_buf()
        rc = lib.pc_game_validate(kind_b, params_b, err, len(err))
        if rc == enums["PC_ENOTFOUND"]:
            raise ValueError(f"unknown kind {kind!r} (kinds: {', '.join(KINDS)})")
        check(rc, err)
        out = ctypes.c_void_p()
        check(lib.pc_game_new(kind_b, params_b, seed, ctypes.byref(out)))
        super().__init__(out.value)

    @classmethod
    def _wrap(cls, ptr):
        g = cls.__new__(cls)
        Handle.__init__(g, ptr)
        return g

    @classmethod
    def load(cls, text):
        """A game from any kind's save text."""
        b, n = _text(text, "text")
        err = err_buf()
        out = ctypes.c_void_p()
        check(lib.pc_game_load(b, n, err, len(err), ctypes.byref(out)), err)
        return cls._wrap(out.value)

    def save(self):
        return text_out(lib.pc_game_save, self)

    def clone(self):
        out = ctypes.c_void_p()
        check(lib.pc_game_clone(self, ctypes.byref(out)))
        return Game._wrap(out.value)

    __copy__ = clone

    def __deepcopy__(self, memo):
        return self.clone()

    def __reduce__(self):
        return (Game.load, (self.save(),))

    @property
    def kind(self):
        return lib.pc_game_kind(self).decode()

    def moves(self):
        """Every legal move now, as a list of str ([] when over)."""
        return text_out(lib.pc_game_moves, self).splitlines()

    def play(self, move):
        b, n = _text(move, "move")
        check(lib.pc_game_play(self, b, n))

    def undo(self):
        check(lib.pc_game_undo(self))

    def redo(self):
        check(lib.pc_game_redo(self))

    @property
    def over(self):
        return check(lib.pc_game_over(self)) == 1

    @property
    def players(self):
        return check(lib.pc_game_player_count(self))

    @property
    def to_move(self):
        """The player to move, or None when the game is over."""
        p = ctypes.c_int32()
        check(lib.pc_game_to_move(self, ctypes.byref(p)))
        return None if p.value < 0 else p.value

    def score(self, player=0):
        if not isinstance(player, int) or not 0 <= player < self.players:
            raise IndexError(f"player must be 0..{self.players - 1}")
        s = ctypes.c_double()
        check(lib.pc_game_score(self, player, ctypes.byref(s)))
        return s.value

    def render(self):
        return text_out(lib.pc_game_render, self)

    def __str__(self):
        return self.render()

    def __repr__(self):
        if not self._ptr:
            return "<puzzlecore.Game closed>"
        return f"<puzzlecore.Game {self.kind} over={self.over} moves_played={lib.pc_game_undo_count(self)}>"

    def suggest(self, nodes=0, seconds=0.0, seed=0, progress=None):
        """A good move as text, found under a budget (nodes 0: the kind's
        default; seconds 0: 10 s, negative: none).  progress(nodes, seconds,
        bound) may return True to stop.  Ctrl-C cancels the search."""
        b = _budget(nodes, seconds, 0, seed, progress)
        out = []

        def run():
            try:
                out.append(text_out(lib.pc_game_suggest, self, ctypes.byref(b)))
            except BaseException as e:  # re-raised in the caller
                out.append(e)

        # The search runs in a worker thread so that the main thread can take
        # Ctrl-C and cancel it through the budget's flag.
        t = threading.Thread(target=run, daemon=True)
        t.start()
        try:
            while t.is_alive():
                t.join(0.05)
        except KeyboardInterrupt:
            lib.pc_budget_cancel(ctypes.byref(b))
            t.join()
            raise
        r = out[0]
        if isinstance(r, BaseException):
            raise r
        return r
