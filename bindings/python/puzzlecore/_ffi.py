"""Loads libpuzzlecore and declares every C function to ctypes, behind a guard.

The declarations are not written by hand: they come from ``puzzlecore.cdef``,
the public headers preprocessed by the build.  ``make install`` writes that
text into the package (``_cdef.py``), so an installed tree can be moved,
bundled or packed as a wheel; from a build tree ``$PUZZLECORE_CDEF`` names
the file.

Every C function is reached through a guard (``lib.pc_*``) that checks each
argument against its C type before the call: an int of the wrong range raises
``OutOfRange`` (a ValueError and an IndexError) naming the parameter and the
range, a wrong type raises TypeError, a handle must be an open object of the
right class.  Calls on one object are serialised (a lock per object), and a
search (a function taking a ``pc_budget``) called from the main thread runs in
a worker thread so that Ctrl-C cancels it through the budget and raises
KeyboardInterrupt with every object unchanged.

Where the library is looked for, first match wins: ``$PUZZLECORE_LIBRARY``;
next to this package (inside it, or beside it); the install's libdir (stored
relative to the package, so a moved prefix still works); the system loader
under the platform's names (``libpuzzlecore.so.N``, ``libpuzzlecore.N.dylib``,
``libpuzzlecore-N.dll``).
"""
from __future__ import annotations
from typing import Any, Callable, Dict, Iterator, List, Optional, Set, Tuple, Union  # noqa: F401 (annotations)
import ctypes
import ctypes.util
import os
import re
import signal
import sys
import threading

try:  # written by `make install` (or the pip build): the cdef text
    from . import _cdef  # type: ignore
except ImportError:  # running from a build tree
    _cdef = None
try:  # written by `make install`: where libdir is, relative to the package
    from . import _config  # type: ignore
except ImportError:
    _config = None

_INT_RANGES = {
    "int8_t": (-2 ** 7, 2 ** 7 - 1), "uint8_t": (0, 2 ** 8 - 1),
    "int16_t": (-2 ** 15, 2 ** 15 - 1), "uint16_t": (0, 2 ** 16 - 1),
    "int32_t": (-2 ** 31, 2 ** 31 - 1), "uint32_t": (0, 2 ** 32 - 1),
    "int64_t": (-2 ** 63, 2 ** 63 - 1), "uint64_t": (0, 2 ** 64 - 1),
    "size_t": (0, 2 ** (8 * ctypes.sizeof(ctypes.c_size_t)) - 1),
}
_SCALARS = {
    "void": None,
    "int32_t": ctypes.c_int32,
    "uint32_t": ctypes.c_uint32,
    "int64_t": ctypes.c_int64,
    "uint64_t": ctypes.c_uint64,
    "uint8_t": ctypes.c_uint8,
    "int8_t": ctypes.c_int8,
    "uint16_t": ctypes.c_uint16,
    "int16_t": ctypes.c_int16,
    "size_t": ctypes.c_size_t,
    "double": ctypes.c_double,
    "char": ctypes.c_char,
}


# ---- the exception tree -------------------------------------------------------
class Error(Exception):
    """A libpuzzlecore call failed (the root of every puzzlecore exception).

    ``code`` is the PC_E* status (None for a check made in Python), ``name``
    its pc_strerror() text, ``detail`` the library's or the binding's
    message."""

    code = None

    def __init__(self, code: Optional[Union[int, str]] = None, detail: str = "") -> None:
        if not isinstance(code, int) or isinstance(code, bool):
            detail, code = ("" if code is None else str(code)), type(self).code
        self.code = code
        self.name = _strerror(code) if code is not None else type(self).__name__
        self.detail = detail
        super().__init__(f"{self.name}: {detail}" if detail else self.name)


class InvalidArgument(Error, ValueError):
    """PC_EINVAL: an argument the call does not accept."""
    code = -1


class OutOfRange(InvalidArgument, IndexError):
    """PC_ERANGE, or a number outside what the parameter takes (checked
    before the call): both a ValueError and an IndexError."""
    code = -3


class OutOfMemory(Error, MemoryError):
    """PC_ENOMEM: an allocation failed."""
    code = -2


class IllegalMove(Error, ValueError):
    """PC_EILLEGAL: the rules forbid this move now (nothing changed)."""
    code = -4


class GameOver(IllegalMove):
    """PC_EOVER: the game is finished."""
    code = -5


class ParseError(Error, ValueError):
    """PC_EPARSE: malformed text; ``line`` and ``column`` (1-based, None when
    unknown) locate it."""
    code = -6

    def __init__(self, code: Optional[int] = None, detail: str = "") -> None:
        super().__init__(code, detail)
        m = re.match(r"line (\d+)(?:, column (\d+))?", self.detail or "")
        self.line = int(m.group(1)) if m else None
        self.column = int(m.group(2)) if m and m.group(2) else None


class LimitReached(Error):
    """PC_ELIMIT: a search hit its node, time or memory budget."""
    code = -8


class NotFound(Error, LookupError):
    """PC_ENOTFOUND: the thing asked for does not exist."""
    code = -9


class IOFailure(Error, OSError):
    """PC_EIO: an operating-system call failed."""
    code = -10


class Cancelled(Error):
    """PC_ECANCELLED: a search was cancelled (budget flag or progress callback)."""
    code = -11


class Closed(Error, ValueError):
    """The object was closed (or never opened): it cannot be used any more."""


class Busy(Error, RuntimeError):
    """The object is in the middle of a call on this thread (a progress
    callback used the object its search runs on)."""


_BY_CODE = {c.code: c for c in (InvalidArgument, OutOfRange, OutOfMemory, IllegalMove, GameOver, ParseError,
                                LimitReached, NotFound, IOFailure, Cancelled)}


def error_for(code: int, detail: str = "") -> Any:
    """The exception object for a status code."""
    return _BY_CODE.get(code, Error)(code, detail)


def check(rc: int, err: Any = None) -> int:
    """Raise the exception for a negative status; return rc otherwise."""
    if rc < 0:
        detail = err.value.decode("utf-8", "replace") if err is not None else ""
        raise error_for(rc, detail)
    return rc


# ---- the cdef -------------------------------------------------------------------
def _ctype(decl: str, opaque: Set[Any]) -> Any:
    """ctypes type of a C type written as in the cdef (no parameter name)."""
    decl = decl.replace("const ", "").strip()
    stars = decl.count("*")
    base = decl.replace("*", "").strip()
    if base == "pc_budget" and stars == 1:
        return ctypes.c_void_p
    if base in opaque:
        # pc_x * is a handle; pc_x ** is an out-parameter for one.
        return ctypes.c_void_p if stars == 1 else ctypes.POINTER(ctypes.c_void_p)
    if base.startswith("pc_") and base not in _SCALARS:
        return ctypes.c_void_p if stars == 1 else ctypes.POINTER(ctypes.c_void_p)
    if base == "char" and stars == 1:
        return ctypes.c_char_p
    if base == "void" and stars >= 1:
        return ctypes.c_void_p if stars == 1 else ctypes.POINTER(ctypes.c_void_p)
    t = _SCALARS[base]
    for _ in range(stars):
        t = ctypes.POINTER(t)
    return t


def _split_param(p: str) -> Tuple[str, ...]:
    """'const int32_t *cells' -> ('const int32_t *', 'cells')."""
    p = p.strip()
    m = re.match(r"^(.*?[\s\*])([A-Za-z_]\w*)(\s*\[\s*\w*\s*\])?$", p)
    if not m or m.group(1).strip() in ("const", "") or p in _SCALARS:
        return p, None
    t = m.group(1).strip()
    if m.group(3):
        t += " *"
    return t, m.group(2)


def parse_cdef(text: str, with_names: bool = False) -> Tuple[Any, ...]:
    """Return (functions, enums, opaque): name -> (restype, [argtypes]) (with
    with_names: name -> (restype, [(argtype, c type text, param name)])),
    name -> int, and the set of opaque typedef names."""
    opaque = set(re.findall(r"typedef\s+struct\s+\w+\s+(\w+)\s*;", text))
    enums = {}
    for body in re.findall(r"enum\s*\w*\s*\{(.*?)\}", text, re.S):
        value = -1
        for item in body.split(","):
            item = item.strip()
            if not item:
                continue
            if "=" in item:
                name, expr = (s.strip() for s in item.split("=", 1))
                value = int(eval(expr, {"__builtins__": {}}, dict(enums)))  # literal ints only
            else:
                name, value = item, value + 1
            enums[name] = value
    funcs = {}
    flat = re.sub(r"\s+", " ", text)
    for m in re.finditer(r"([\w\s\*]+?)\b(pc_\w+)\s*\(([^()]*)\)\s*;", flat):
        ret, name, params = m.group(1).strip(), m.group(2), m.group(3).strip()
        ret = ret.split(";")[-1].split("}")[-1].strip()
        args = []
        if params and params != "void":
            for i, p in enumerate(params.split(",")):
                t, pname = _split_param(p)
                args.append((_ctype(t, opaque), t, pname or f"argument {i + 1}"))
        funcs[name] = (_ctype(ret, opaque), args if with_names else [a[0] for a in args])
    return funcs, enums, opaque


def _cdef_text() -> str:
    path = os.environ.get("PUZZLECORE_CDEF")
    if path:
        with open(path, encoding="utf-8") as f:
            return f.read()
    if _cdef is not None:
        return _cdef.CDEF
    raise ImportError("puzzlecore: no C declarations (this package was not installed by make install "
                      "or pip; set PUZZLECORE_CDEF to a build tree's puzzlecore.cdef)")


def library_names(major: Any) -> List[Any]:
    """The library's file names on this platform, most specific first."""
    if sys.platform == "win32" or sys.platform == "cygwin":
        return [f"libpuzzlecore-{major}.dll", "libpuzzlecore.dll", "puzzlecore.dll", f"cygpuzzlecore-{major}.dll"]
    if sys.platform == "darwin":
        return [f"libpuzzlecore.{major}.dylib", "libpuzzlecore.dylib"]
    return [f"libpuzzlecore.so.{major}", "libpuzzlecore.so"]


def _candidates(major: int) -> Iterator[Any]:
    env = os.environ.get("PUZZLECORE_LIBRARY")
    if env:
        yield env
        return
    here = os.path.dirname(os.path.abspath(__file__))
    dirs = [here, os.path.dirname(here)]
    if _config is not None:
        rel = getattr(_config, "LIBDIR_RELATIVE", None)
        if rel:
            dirs.append(os.path.normpath(os.path.join(here, rel)))
        dirs.append(getattr(_config, "LIBDIR", ""))
    names = library_names(major)
    for d in dirs:
        for n in names:
            p = os.path.join(d, n)
            if d and os.path.exists(p):
                yield p
    for n in names:  # the system loader: LD_LIBRARY_PATH, ld.so.conf, PATH on Windows
        yield n
    found = ctypes.util.find_library("puzzlecore")
    if found:
        yield found


def _open_library(major: int) -> Any:
    tried = []
    for path in _candidates(major):
        try:
            return ctypes.CDLL(path)
        except OSError as e:
            tried.append(f"{path} ({e})")
    raise ImportError("puzzlecore: cannot load libpuzzlecore; tried " + "; ".join(tried) +
                      " (set PUZZLECORE_LIBRARY to the library's path)")


_CDEF = _cdef_text()
_FUNCS, enums, _OPAQUE = parse_cdef(_CDEF, with_names=True)
_MAJOR = getattr(_cdef, "SOVERSION", None) if _cdef is not None else None
if _MAJOR is None:
    _MAJOR = int(os.environ.get("PUZZLECORE_SOVERSION", "2"))
_dll = _open_library(_MAJOR)
_dll.pc_strerror.restype = ctypes.c_char_p
_dll.pc_strerror.argtypes = [ctypes.c_int32]


def _strerror(code: int) -> str:
    if not -2 ** 31 <= code < 2 ** 31:
        return "unknown status"
    return _dll.pc_strerror(code).decode()


def out_i32(fn: _Function, *args: Any) -> int:
    """Call an accessor that answers through an int32_t out-pointer (its
    value may be negative: the return is only a status) and return it."""
    v = ctypes.c_int32(0)
    check(fn(*args, ctypes.byref(v)))
    return v.value


def out_i64(fn: _Function, *args: Any) -> int:
    """out_i32 for an int64_t out-pointer."""
    v = ctypes.c_int64(0)
    check(fn(*args, ctypes.byref(v)))
    return v.value


def out_double(fn: _Function, *args: Any) -> float:
    """out_i32 for a double out-pointer."""
    v = ctypes.c_double(0.0)
    check(fn(*args, ctypes.byref(v)))
    return v.value


# ---- handles ------------------------------------------------------------------
class Handle:
    """Base for the objects that own a C handle: exactly one Python object
    owns each handle and frees it once (close(), ``with``, or collection).

    Objects are made by the classes' own constructors and factories, never
    from a pointer; copies go through the library's clone; pickling through
    the save text (where the class has one)."""

    _free = None   # name of the pc_*_free function
    _ctype = None  # C type name ("pc_nonogram"), for the guard's type check
    _ptr = None
    _owner = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError(f"{type(self).__module__}.{type(self).__qualname__} cannot be created directly; "
                        "use its factory functions")

    def _adopt(self, ptr: int) -> None:
        """Take ownership of a fresh handle (an __init__ run twice frees the first)."""
        if self._ptr:
            self.close()
        self._lock = threading.Lock()
        self._owner = None
        self._ptr = ctypes.c_void_p(ptr)

    @classmethod
    def _wrap(cls, ptr: int) -> Any:
        """Private factory: a new object owning a handle the library just made."""
        obj = cls.__new__(cls)
        Handle._adopt(obj, ptr)
        return obj

    @property
    def closed(self) -> bool:
        return not self._ptr

    def close(self) -> None:
        """Free the handle now (the object refuses every later use).  Safe to
        call twice; waits for a call running on another thread."""
        if not self._ptr:
            return
        if self._owner == threading.get_ident():
            raise Busy(f"cannot close a {type(self).__name__} inside a call on it")
        with self._lock:
            ptr, self._ptr = self._ptr, None
            if ptr and self._free:
                getattr(_dll, self._free)(ptr)

    def __del__(self) -> None:
        try:
            if self._ptr and self._free:
                getattr(_dll, self._free)(self._ptr)
                self._ptr = None
        except Exception:  # interpreter shutdown
            pass

    def __enter__(self) -> Any:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __copy__(self) -> Any:
        clone = getattr(self, "clone", None)
        if clone is None:
            raise TypeError(f"{type(self).__name__} objects cannot be copied")
        return clone()

    def __deepcopy__(self, memo: Dict[Any, Any]) -> Any:
        return self.__copy__()

    def __reduce__(self) -> Tuple[Any, ...]:
        save, load = getattr(self, "save", None), getattr(type(self), "load", None)
        if save is None or load is None:
            raise TypeError(f"cannot pickle {type(self).__name__} objects")
        return (load, (save(),))

    def __setstate__(self, state: Any) -> None:  # never reached through __reduce__; refuse raw states
        raise TypeError(f"cannot unpickle {type(self).__name__} from a state")


def _handle_classes() -> Any:
    out = {}
    stack = [Handle]
    while stack:
        c = stack.pop()
        stack.extend(c.__subclasses__())
        if c.__dict__.get("_ctype"):
            out[c.__dict__["_ctype"]] = c
    return out


# ---- the argument guard -----------------------------------------------------------
def _int_checker(fname: str, pname: str, ctype: str) -> Callable[..., Any]:
    lo, hi = _INT_RANGES[ctype]

    def chk(v: Any) -> Any:
        if type(v) is not int:
            if isinstance(v, ctypes._SimpleCData):
                return v
            if isinstance(v, bool) or not hasattr(v, "__index__") or isinstance(v, float):
                if isinstance(v, bool):
                    return int(v)
                raise TypeError(f"{pname} must be an int, not {type(v).__name__}")
            v = v.__index__()
        if not lo <= v <= hi:
            raise OutOfRange(f"{pname} must be in {lo}..{hi}, got {v}")
        return v
    return chk


def _double_checker(fname: str, pname: str) -> Callable[..., Any]:
    def chk(v: Any) -> Any:
        if type(v) is float or type(v) is int:
            return v
        if isinstance(v, (int, float)):
            return float(v)
        if isinstance(v, ctypes._SimpleCData):
            return v
        raise TypeError(f"{pname} must be a number, not {type(v).__name__}")
    return chk


def _text_checker(fname: str, pname: str) -> Callable[..., Any]:
    def chk(v: Any) -> Any:
        if v is None or type(v) is bytes:
            return v
        if isinstance(v, str):
            return v.encode("utf-8")
        if isinstance(v, (bytes, bytearray, ctypes.Array)):
            return bytes(v)
        raise TypeError(f"{pname} must be str or bytes, not {type(v).__name__}")
    return chk


_NONE = object()


class _Function:
    """One C function behind the guard."""

    __slots__ = ("name", "cfn", "checks", "handles", "budget", "nargs")

    def __init__(self, name: str, cfn: Any, params: List[Any]) -> None:
        self.name, self.cfn = name, cfn
        self.checks, self.handles, self.budget = [], [], None
        self.nargs = len(params)
        for i, (_t, ctext, pname) in enumerate(params):
            base = ctext.replace("const ", "").strip()
            stars = base.count("*")
            base = base.replace("*", "").strip()
            if stars == 0 and base in _INT_RANGES:
                self.checks.append(_int_checker(name, pname, base))
            elif stars == 0 and base == "double":
                self.checks.append(_double_checker(name, pname))
            elif stars == 1 and base == "char" and ctext.startswith("const"):
                self.checks.append(_text_checker(name, pname))
            elif stars == 1 and base == "pc_budget" and not name.startswith("pc_budget_"):
                self.budget = i
                self.checks.append(None)
            elif stars == 1 and base in _OPAQUE:
                self.handles.append((i, base, pname))
                self.checks.append(None)
            else:
                self.checks.append(None)  # buffers and out-pointers: made by the binding itself

    def __call__(self, *args: Any) -> Optional[Union[bytes, float]]:
        if len(args) != self.nargs:
            raise TypeError(f"{self.name} takes {self.nargs} arguments ({len(args)} given)")
        args = list(args)
        for i, chk in enumerate(self.checks):
            if chk is not None:
                args[i] = chk(args[i])
        if not self.handles:
            return self._call(args)
        me = threading.get_ident()
        held = []
        try:
            objs = []
            for i, ctype, pname in self.handles:
                h = args[i]
                if isinstance(h, ctypes.c_void_p):  # the binding's own transient handles
                    if not h:
                        raise InvalidArgument(f"{pname} is NULL")
                    continue
                if not isinstance(h, Handle) or h._ctype != ctype:
                    want = _handle_classes().get(ctype)
                    want = f"{want.__module__}.{want.__qualname__}" if want else ctype
                    raise TypeError(f"{pname} must be a {want}, not {type(h).__name__}")
                if not h._ptr:
                    raise Closed(f"{pname}: the {type(h).__name__} is closed")
                if h._owner == me:
                    raise Busy(f"{pname}: the {type(h).__name__} is in use by a call on this thread "
                               "(from a progress callback?)")
                if all(h is not o for o in objs):
                    objs.append(h)
            objs.sort(key=id)
            for h in objs:
                h._lock.acquire()
                held.append(h)
                h._owner = me
            for i, _c, pname in self.handles:
                h = args[i]
                if isinstance(h, Handle):
                    if not h._ptr:
                        raise Closed(f"{pname}: the {type(h).__name__} is closed")
                    args[i] = h._ptr
            return self._call(args, held)
        finally:
            for h in held:
                h._owner = None
                h._lock.release()

    def _call(self, args: List[Any], held: Union[List[Any], Tuple[Any, ...]] = ()) -> Optional[Union[bytes, float]]:
        if self.budget is None:
            return self.cfn(*args)
        return _search(self, args, held)


def _budget_of(arg: Any) -> Any:
    """The Budget object behind a byref() argument (or the Budget itself)."""
    if isinstance(arg, Budget):
        return arg
    obj = getattr(arg, "_obj", None)
    return obj if isinstance(obj, Budget) else None


def _start_uninterrupted(t: threading.Thread) -> None:
    """Start the search's worker with SIGINT held back (where the platform can
    hold it), so that Ctrl-C cannot land inside Thread.start(): there it
    escaped before the search could be cancelled, and the worker ran on with
    its object locked.  A Ctrl-C that came meanwhile is delivered once the
    worker runs, and cancels it."""
    mask = getattr(signal, "pthread_sigmask", None)
    if mask is None:
        t.start()
        return
    old = mask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        t.start()
    finally:
        mask(signal.SIG_SETMASK, old)


def _search(fn: _Function, args: List[Any], held: Union[List[Any], Tuple[Any, ...]]) -> int:
    """Run a search: in a worker thread when called from the main thread, so
    that Ctrl-C can cancel it (pc_budget_cancel) within the library's check
    interval; then KeyboardInterrupt is raised and nothing has changed."""
    bi = fn.budget
    b = _budget_of(args[bi])
    if b is None:
        if args[bi] is not None:
            raise TypeError("budget must be a puzzlecore Budget")
        b = Budget()
        _dll.pc_budget_init(ctypes.byref(b), ctypes.sizeof(b))
    args[bi] = ctypes.byref(b)
    b._exc = None
    if threading.current_thread() is not threading.main_thread():
        rc = fn.cfn(*args)
    else:
        out = []

        def run() -> None:
            me = threading.get_ident()
            for h in held:
                h._owner = me
            try:
                out.append(fn.cfn(*args))
            except BaseException as e:  # ctypes errors: re-raised in the caller
                out.append(e)

        t = threading.Thread(target=run, name="puzzlecore-search", daemon=True)
        try:
            _start_uninterrupted(t)
            while t.is_alive():
                t.join(0.05)
        except KeyboardInterrupt:
            _dll.pc_budget_cancel(ctypes.byref(b))
            while t.is_alive():
                try:
                    t.join(0.05)
                except KeyboardInterrupt:
                    pass
            raise
        rc = out[0]
        if isinstance(rc, BaseException):
            raise rc
    exc = getattr(b, "_exc", None)
    if exc is not None:
        b._exc = None
        raise exc
    return rc


class _Lib:
    """``lib.pc_*``: every C function of the cdef behind the guard."""

    def __getattr__(self, name: str) -> Any:  # the pc_* set in __init__ (for type checkers)
        raise AttributeError(f"libpuzzlecore has no function {name!r}")

    def __init__(self, dll: Any, funcs: Dict[Any, Any]) -> None:
        self._dll = dll
        for name, (restype, params) in funcs.items():
            try:
                cfn = getattr(dll, name)
            except AttributeError:  # declared but not exported (a newer header)
                continue
            cfn.restype = restype
            cfn.argtypes = [p[0] for p in params]
            setattr(self, name, _Function(name, cfn, params))


lib = _Lib(_dll, _FUNCS)


# ---- small helpers the game modules share -------------------------------------------
def text_out(fn: _Function, *args: Any) -> str:
    """Call an snprintf-style text function (…, buf, cap, &len) and return
    the whole text as str: one call when the text fits 1 KiB (so a search
    that returns text runs once), a second with the size asked otherwise."""
    n = ctypes.c_size_t(0)
    buf = ctypes.create_string_buffer(1024)
    rc = fn(*args, buf, len(buf), ctypes.byref(n))
    if rc == enums["PC_ESPACE"]:
        if n.value > 2 ** 31:
            raise OutOfMemory(f"text of {n.value} bytes")
        buf = ctypes.create_string_buffer(n.value + 1)
        rc = fn(*args, buf, n.value + 1, ctypes.byref(n))
    check(rc)
    return buf.raw[: n.value].decode("utf-8", "replace")


def text_in(s: str, name: str = "text") -> Tuple[Any, ...]:
    """(bytes, length) for a `const char *text, size_t len` pair; str or
    bytes-like only (TypeError otherwise)."""
    if isinstance(s, str):
        b = s.encode("utf-8")
    elif isinstance(s, (bytes, bytearray, memoryview)):
        b = bytes(s)
    else:
        raise TypeError(f"{name} must be str or bytes, not {type(s).__name__}")
    return b, len(b)


def cstr(s: str, name: str) -> bytes:
    """bytes for a NUL-terminated `const char *` argument (str or bytes)."""
    b, _ = text_in(s, name)
    if b"\0" in b:
        raise ValueError(f"{name} must not contain NUL characters")
    return b


def integer(v: int, name: str, lo: int = -2 ** 31, hi: int = 2 ** 31 - 1, exc: Optional[Any] = None) -> int:
    """v as an int in lo..hi: TypeError for a non-integer, OutOfRange (or exc)
    naming the argument and the range otherwise."""
    if isinstance(v, bool) or not isinstance(v, int):
        if hasattr(v, "__index__") and not isinstance(v, (bool, float)):
            v = v.__index__()
        else:
            raise TypeError(f"{name} must be an int, not {type(v).__name__}")
    if not lo <= v <= hi:
        raise (exc or OutOfRange)(f"{name} must be in {lo}..{hi}, got {v}")
    return v


def index(v: int, name: str, n: int) -> int:
    """An index in 0..n-1 (IndexError-kind OutOfRange naming the range)."""
    if n <= 0:
        integer(v, name)
        raise OutOfRange(f"{name}: nothing to index (size 0), got {v}")
    return integer(v, name, 0, n - 1)


def number(v: float, name: str) -> float:
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise TypeError(f"{name} must be a number, not {type(v).__name__}")
    return float(v)


def sequence(v: Any, name: str, limit: int = 1 << 24) -> List[Any]:
    """A list from a sized iterable (not str/bytes/int), at most `limit` long."""
    if isinstance(v, (str, bytes, int, float)) or v is None:
        raise TypeError(f"{name} must be a sequence, not {type(v).__name__}")
    try:
        n = len(v)
    except TypeError:
        v = list(v)  # an iterator
        n = len(v)
    if n > limit:
        raise OutOfRange(f"{name} must hold at most {limit} items, got {n}")
    return list(v)


def err_buf() -> Any:
    return ctypes.create_string_buffer(256)


def i32_array(values: Union[List[int], Tuple[int, ...]], name: str = "values") -> Any:
    values = [integer(x, name) for x in sequence(values, name)]
    return (ctypes.c_int32 * max(1, len(values)))(*values)


def new_handle(cls: Any, fn: _Function, *args: Any, err: Any = None) -> Any:
    """Call a constructor `fn(*args, [err, errcap,] &out)` and wrap it."""
    out = ctypes.c_void_p()
    if err is not None:
        check(fn(*args, err, len(err), ctypes.byref(out)), err)
    else:
        check(fn(*args, ctypes.byref(out)))
    return cls._wrap(out.value)


# ---- pc_budget: one budget for every search --------------------------------
PROGRESS_FN = ctypes.CFUNCTYPE(ctypes.c_int32, ctypes.c_void_p, ctypes.c_int64, ctypes.c_double,
                               ctypes.c_double)


class Budget(ctypes.Structure):
    """The C pc_budget (puzzlecore/budget.h), laid out field for field; its
    size is checked against the library's at import."""

    _fields_ = [("size", ctypes.c_size_t), ("max_nodes", ctypes.c_int64), ("max_seconds", ctypes.c_double),
                ("max_bytes", ctypes.c_uint64), ("seed", ctypes.c_uint64), ("progress", PROGRESS_FN),
                ("user", ctypes.c_void_p), ("progress_every", ctypes.c_double), ("cancel", ctypes.c_int32),
                ("reserved", ctypes.c_int32)]

    def stop(self) -> None:
        """Cancel a running search (safe from any thread)."""
        _dll.pc_budget_cancel(ctypes.byref(self))


if ctypes.sizeof(Budget) != lib.pc_budget_size():
    raise ImportError("puzzlecore: pc_budget layout differs from the library's")


def budget(nodes: int = 0, seconds: float = 0.0, max_bytes: int = 0, seed: int = 0, progress: Optional[Callable[..., Any]] = None) -> Budget:
    """A Budget: nodes (0: the search's default), seconds (0: the library
    default of 10 s, negative: none), max_bytes (0: 256 MiB), seed, and an
    optional progress(nodes, seconds, bound) -> bool (True stops).  An
    exception raised by progress stops the search and is re-raised by the
    call that ran it."""
    nodes = integer(nodes, "nodes", 0, 2 ** 63 - 1)
    seconds = number(seconds, "seconds")
    max_bytes = integer(max_bytes, "max_bytes", 0, 2 ** 64 - 1)
    seed = integer(seed, "seed", 0, 2 ** 64 - 1)
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be callable, not {type(progress).__name__}")
    b = Budget()
    check(lib.pc_budget_init(ctypes.byref(b), ctypes.sizeof(b)))
    b.max_nodes, b.max_seconds, b.max_bytes, b.seed = nodes, seconds, max_bytes, seed
    if progress is not None:
        def _cb(_user: Any, n: int, s: float, bound: float) -> int:
            try:
                return 1 if progress(n, s, bound) else 0
            except BaseException as e:  # never unwind through C: re-raised after the call
                b._exc = e
                return 1
        b._cb = PROGRESS_FN(_cb)  # kept alive with the budget
        b.progress = b._cb
    return b
