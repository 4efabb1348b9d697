"""libpuzzlecore for Python: the rules engines of a family of puzzle games.

Pure ctypes: nothing to compile.  Every game is a submodule
(``puzzlecore.nonogram``, ...) loaded on first use; this module holds what
they share: the version, the exception tree rooted at ``Error``, the seeded
``Rng`` and the generic ``Game`` over every kind.

Every failure raises a ``puzzlecore.Error`` subclass (``IllegalMove``,
``ParseError`` with ``line``/``column``, ``LimitReached``, ``Cancelled``,
``OutOfRange`` which is also a ValueError and an IndexError, ``OutOfMemory``
which is also a MemoryError, ``Closed`` for an object used after close(),
...); a wrong type raises TypeError.  No call can crash the interpreter.
"""
from __future__ import annotations
import ctypes
import importlib
from typing import Any, Iterator, List, Sequence, Tuple

from ._ffi import (Busy, Cancelled, Closed, Error, GameOver, Handle, IllegalMove, InvalidArgument, IOFailure,
                   LimitReached, NotFound, OutOfMemory, OutOfRange, ParseError, check, enums, integer, lib,
                   sequence)

__all__ = ["Error", "InvalidArgument", "OutOfRange", "OutOfMemory", "IllegalMove", "GameOver", "ParseError",
           "LimitReached", "NotFound", "IOFailure", "Cancelled", "Closed", "Busy", "Game", "Rng", "version",
           "version_string", "GAMES", "__version__"]

GAMES = ("nonogram", "pickerel", "snapper", "sokoban", "patchwork")


def version() -> Tuple[int, int, int]:
    """(major, minor, patch) of the loaded library."""
    v = lib.pc_version()
    return (v >> 16, (v >> 8) & 0xFF, v & 0xFF)


def version_string() -> str:
    """The loaded library's version as text ("0.1.0")."""
    return lib.pc_version_string().decode()


#: The version of the library actually loaded (the binding has no other).
__version__ = version_string()


class Rng(Handle):
    """The library's seeded generator (xoshiro256** seeded by splitmix64)."""

    _free = "pc_rng_free"
    _ctype = "pc_rng"

    def __init__(self, seed: int = 0) -> None:
        seed = integer(seed, "seed", 0, 2 ** 64 - 1)
        out = ctypes.c_void_p()
        check(lib.pc_rng_new(seed, ctypes.byref(out)))
        self._adopt(out.value)

    def clone(self) -> "Rng":
        """An independent generator in the same state."""
        out = ctypes.c_void_p()
        check(lib.pc_rng_clone(self, ctypes.byref(out)))
        return Rng._wrap(out.value)

    @classmethod
    def _from_state(cls, words: Any) -> "Rng":
        r = cls(0)
        r.state = words
        return r

    def __reduce__(self) -> Tuple[Any, Any]:
        return (Rng._from_state, (self.state,))

    def next(self) -> int:
        """The next 64-bit output."""
        return lib.pc_rng_next(self)

    def uniform(self, bound: int) -> int:
        """An int in 0..bound-1 (bound 1..2**64-1), without modulo bias."""
        bound = integer(bound, "bound", 1, 2 ** 64 - 1)
        out = ctypes.c_uint64()
        check(lib.pc_rng_uniform(self, bound, ctypes.byref(out)))
        return out.value

    def range(self, lo: int, hi: int) -> int:
        """An int in lo..hi inclusive (both int64, lo <= hi)."""
        lo = integer(lo, "lo", -2 ** 63, 2 ** 63 - 1)
        hi = integer(hi, "hi", -2 ** 63, 2 ** 63 - 1)
        if lo > hi:
            raise InvalidArgument(f"lo must be <= hi, got lo={lo} hi={hi}")
        out = ctypes.c_int64()
        check(lib.pc_rng_range(self, lo, hi, ctypes.byref(out)))
        return out.value

    def random(self) -> float:
        """A float in [0, 1)."""
        out = ctypes.c_double()
        check(lib.pc_rng_double(self, ctypes.byref(out)))
        return out.value

    def shuffle(self, items: Sequence[int]) -> None:
        """Shuffle a list of int32 values in place, exactly as the C library does."""
        if not isinstance(items, list):
            raise TypeError(f"items must be a list, not {type(items).__name__}")
        vals = [integer(x, "items[]") for x in sequence(items, "items")]
        arr = (ctypes.c_int32 * max(1, len(vals)))(*vals)
        check(lib.pc_rng_shuffle_i32(self, arr, len(vals)))
        items[:] = list(arr)[: len(vals)]

    @property
    def state(self) -> Tuple[int, int, int, int]:
        """The four 64-bit state words (settable; not all zero)."""
        arr = (ctypes.c_uint64 * 4)()
        check(lib.pc_rng_get_state(self, arr))
        return tuple(arr)

    @state.setter
    def state(self, words: Sequence[int]) -> None:
        words = sequence(words, "state", 4)
        if len(words) != 4:
            raise InvalidArgument(f"state must hold 4 words, got {len(words)}")
        words = [integer(w, "state[]", 0, 2 ** 64 - 1) for w in words]
        check(lib.pc_rng_set_state(self, (ctypes.c_uint64 * 4)(*words)))

    def __iter__(self) -> Iterator[int]:
        while True:
            yield self.next()

    def __repr__(self) -> str:
        if self.closed:
            return "<puzzlecore.Rng closed>"
        return f"<puzzlecore.Rng state={self.state[0]:#018x}...>"


def __getattr__(name: str) -> Any:
    if name in GAMES or name in ("nonogram_solve", "nonogram_colour"):
        return importlib.import_module("." + name, __name__)
    raise AttributeError(f"module 'puzzlecore' has no attribute {name!r}")


from .game import Game  # noqa: E402  (the generic front door over every kind)
