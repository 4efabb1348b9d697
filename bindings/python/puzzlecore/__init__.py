"""libpuzzlecore for Python: the rules engines of a family of puzzle games.

Pure ctypes: nothing to compile.  Every game is a submodule
(``puzzlecore.nonogram``, ...) loaded on first use; this module holds what
they share: the version, the ``Error`` exception and the seeded ``Rng``.
"""
import ctypes
import importlib

from ._ffi import Error, Handle, check, enums, lib, new_handle

__all__ = ["Error", "Game", "Rng", "version", "version_string", "GAMES"]

GAMES = ("nonogram", "pickerel", "snapper", "sokoban", "patchwork")


def version():
    """(major, minor, patch) of the loaded library."""
    v = lib.pc_version()
    return (v >> 16, (v >> 8) & 0xFF, v & 0xFF)


def version_string():
    return lib.pc_version_string().decode()


class Rng(Handle):
    """The library's seeded generator (xoshiro256** seeded by splitmix64)."""

    _free = "pc_rng_free"

    def __init__(self, seed=0):
        out = ctypes.c_void_p()
        check(lib.pc_rng_new(seed, ctypes.byref(out)))
        super().__init__(out.value)

    def next(self):
        return lib.pc_rng_next(self)

    def uniform(self, bound):
        out = ctypes.c_uint64()
        check(lib.pc_rng_uniform(self, bound, ctypes.byref(out)))
        return out.value

    def range(self, lo, hi):
        out = ctypes.c_int64()
        check(lib.pc_rng_range(self, lo, hi, ctypes.byref(out)))
        return out.value

    def random(self):
        out = ctypes.c_double()
        check(lib.pc_rng_double(self, ctypes.byref(out)))
        return out.value

    def shuffle(self, items):
        """Shuffle a list of ints in place, exactly as the C library does."""
        arr = (ctypes.c_int32 * len(items))(*items)
        check(lib.pc_rng_shuffle_i32(self, arr, len(items)))
        items[:] = list(arr)

    @property
    def state(self):
        arr = (ctypes.c_uint64 * 4)()
        check(lib.pc_rng_get_state(self, arr))
        return tuple(arr)

    @state.setter
    def state(self, words):
        check(lib.pc_rng_set_state(self, (ctypes.c_uint64 * 4)(*words)))

    def __iter__(self):
        while True:
            yield self.next()


def __getattr__(name):
    if name in GAMES:
        return importlib.import_module("." + name, __name__)
    raise AttributeError(name)


from .game import Game  # noqa: E402  (the generic front door over every kind)
