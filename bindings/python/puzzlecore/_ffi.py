"""Loads libpuzzlecore and declares every C function to ctypes.

The declarations are not written by hand: they are read from
``puzzlecore.cdef``, the public headers preprocessed by the build, so the
Python side can never drift from the C side.  Enum constants come from the
same file.

Where things are looked for, first match wins:
  library: $PUZZLECORE_LIBRARY, the install location (_config.LIBDIR), then
           the system loader (``libpuzzlecore.so.2``);
  cdef:    $PUZZLECORE_CDEF, then the install location (_config.CDEF).
"""
import ctypes
import os
import re

try:  # written by `make install`
    from . import _config  # type: ignore
except ImportError:  # running from the source tree
    _config = None

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


def _find(env, installed, fallback=None):
    path = os.environ.get(env)
    if path:
        return path
    if installed and os.path.exists(installed):
        return installed
    return fallback


def _ctype(decl, opaque):
    """ctypes type of a C type written as in the cdef (no parameter name)."""
    decl = decl.replace("const ", "").strip()
    stars = decl.count("*")
    base = decl.replace("*", "").strip()
    if base in opaque:
        # pc_x * is a handle; pc_x ** is an out-parameter for one.
        return ctypes.c_void_p if stars == 1 else ctypes.POINTER(ctypes.c_void_p)
    if base.startswith("pc_") and base not in _SCALARS:
        # A public struct passed by pointer (pc_budget): the caller passes
        # ctypes.byref() of its own ctypes.Structure, or None.
        return ctypes.c_void_p if stars == 1 else ctypes.POINTER(ctypes.c_void_p)
    if base == "char" and stars == 1:
        return ctypes.c_char_p
    if base == "void" and stars >= 1:
        return ctypes.c_void_p if stars == 1 else ctypes.POINTER(ctypes.c_void_p)
    t = _SCALARS[base]
    for _ in range(stars):
        t = ctypes.POINTER(t)
    return t


def _split_param(p):
    """'const int32_t *cells' -> 'const int32_t *' (drop the name)."""
    p = p.strip()
    m = re.match(r"^(.*?[\s\*])([A-Za-z_]\w*)(\s*\[\s*\w*\s*\])?$", p)
    if not m or m.group(1).strip() in ("const", "") or p in _SCALARS:
        return p
    t = m.group(1).strip()
    if m.group(3):
        t += " *"
    return t


def parse_cdef(text):
    """Return (functions, enums, opaque): name -> (restype, [argtypes]),
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
        argtypes = []
        if params and params != "void":
            argtypes = [_ctype(_split_param(p), opaque) for p in params.split(",")]
        funcs[name] = (_ctype(ret, opaque), argtypes)
    return funcs, enums, opaque


def _load():
    libpath = _find("PUZZLECORE_LIBRARY",
                    os.path.join(_config.LIBDIR, "libpuzzlecore.so.2") if _config else None,
                    "libpuzzlecore.so.2")
    cdefpath = _find("PUZZLECORE_CDEF", _config.CDEF if _config else None)
    if not cdefpath:
        raise ImportError("puzzlecore: cannot find puzzlecore.cdef (set PUZZLECORE_CDEF)")
    lib = ctypes.CDLL(libpath)
    with open(cdefpath, encoding="utf-8") as f:
        funcs, enums, _ = parse_cdef(f.read())
    for name, (restype, argtypes) in funcs.items():
        fn = getattr(lib, name)
        fn.restype = restype
        fn.argtypes = argtypes
    return lib, enums


lib, enums = _load()


class Error(Exception):
    """A libpuzzlecore call failed.  ``code`` is the PC_E* status, ``name``
    its pc_strerror() text, ``detail`` the parser's message if any."""

    def __init__(self, code, detail=""):
        self.code = code
        self.name = lib.pc_strerror(code).decode()
        self.detail = detail
        super().__init__(f"{self.name}: {detail}" if detail else self.name)


def check(rc, err=None):
    """Raise Error for a negative status; return rc otherwise."""
    if rc < 0:
        detail = err.value.decode("utf-8", "replace") if err is not None else ""
        raise Error(rc, detail)
    return rc


def text_out(fn, *args):
    """Call an snprintf-style text function (…, buf, cap, &len) and return
    the whole text as str, growing the buffer once if needed."""
    n = ctypes.c_size_t(0)
    rc = fn(*args, None, 0, ctypes.byref(n))
    if rc < 0 and rc != enums["PC_ESPACE"]:
        check(rc)
    buf = ctypes.create_string_buffer(n.value + 1)
    check(fn(*args, buf, n.value + 1, ctypes.byref(n)))
    return buf.value.decode("utf-8")


def out_i32(fn, *args):
    """Call an accessor that answers through an int32_t out-pointer (its
    value may be negative: the return is only a status) and return it."""
    v = ctypes.c_int32(0)
    check(fn(*args, ctypes.byref(v)))
    return v.value


def out_i64(fn, *args):
    """out_i32 for an int64_t out-pointer."""
    v = ctypes.c_int64(0)
    check(fn(*args, ctypes.byref(v)))
    return v.value


def out_double(fn, *args):
    """out_i32 for a double out-pointer."""
    v = ctypes.c_double(0.0)
    check(fn(*args, ctypes.byref(v)))
    return v.value


def text_in(s):
    """(bytes, length) for a `const char *text, size_t len` pair."""
    b = s.encode("utf-8") if isinstance(s, str) else bytes(s)
    return b, len(b)


def err_buf():
    return ctypes.create_string_buffer(256)


def i32_array(values):
    values = list(values)
    return (ctypes.c_int32 * max(1, len(values)))(*values)


class Handle:
    """Base for opaque-handle wrappers: owns the pointer, frees it once."""

    _free = None  # name of the pc_*_free function

    def __init__(self, ptr):
        self._ptr = ctypes.c_void_p(ptr)

    @property
    def _as_parameter_(self):
        if not self._ptr:
            raise ValueError("handle already closed")
        return self._ptr

    def close(self):
        if self._ptr and self._free:
            getattr(lib, self._free)(self._ptr)
        self._ptr = ctypes.c_void_p(None)

    def __del__(self):
        try:
            self.close()
        except Exception:  # interpreter shutdown
            pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def new_handle(cls, fn, *args, err=None):
    """Call a constructor `fn(*args, [err, errcap,] &out)` and wrap it."""
    out = ctypes.c_void_p()
    if err is not None:
        check(fn(*args, err, len(err), ctypes.byref(out)), err)
    else:
        check(fn(*args, ctypes.byref(out)))
    obj = cls.__new__(cls)
    Handle.__init__(obj, out.value)
    return obj


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


if ctypes.sizeof(Budget) != lib.pc_budget_size():
    raise ImportError("puzzlecore: pc_budget layout differs from the library's")


def budget(nodes=0, seconds=0.0, max_bytes=0, seed=0, progress=None):
    """A Budget: nodes (0: the search's default), seconds (0: the library
    default of 10 s, negative: none), max_bytes (0: 256 MiB), seed, and an
    optional progress(nodes, seconds, bound) -> bool (True stops)."""
    b = Budget()
    check(lib.pc_budget_init(ctypes.byref(b), ctypes.sizeof(b)))
    b.max_nodes, b.max_seconds, b.max_bytes, b.seed = nodes, seconds, max_bytes, seed
    if progress is not None:
        def _cb(_user, n, s, bound):
            try:
                return 1 if progress(n, s, bound) else 0
            except BaseException:  # never unwind through C
                return 1
        b._cb = PROGRESS_FN(_cb)  # kept alive with the budget
        b.progress = b._cb
    return b
