"""Python binding: hostile input can never crash the interpreter.

Every public class and function of every submodule is called with wrong types,
None, -1, 2**31, 2**64, huge strings, used after close(), copied, pickled.
The probes run in child processes (this file, run with --child FIRST): a child
prints "start N" before probe N and "done N <verdict>" after it, so a crash
(a signal, an ASan report) or a hang names its probe; the parent restarts a
child after the dead probe.  Each probe must raise one of the documented
kinds (TypeError, ValueError (IndexError), KeyError, puzzlecore.Error,
MemoryError) or succeed, and return within a second: a search still running
then gets the Ctrl-C path (SIGALRM raises KeyboardInterrupt in the main
thread, which cancels the search), which must come back within 3 seconds.

One TAP line per class or function (with the count of probes run), plus one
per failing probe.
"""
import copy
import inspect
import os
import pickle
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
MODULES = ("puzzlecore", "puzzlecore.game", "puzzlecore.nonogram", "puzzlecore.nonogram_solve",
           "puzzlecore.nonogram_colour",
           "puzzlecore.pickerel", "puzzlecore.snapper", "puzzlecore.sokoban", "puzzlecore.patchwork")
LEVEL = "####\n# .#\n#  ###\n#*@  #\n#  $ #\n#  ###\n####\n"
HUGE = "x" * (1 << 20)
BAD = [None, -1, 2 ** 31, 2 ** 32, 2 ** 64, -2 ** 63 - 1, 1.5, float("nan"), "", HUGE, b"\xff\x00\xfe",
       object(), [], [2 ** 31], 12345]
BAD_NAMES = ["None", "-1", "2**31", "2**32", "2**64", "-2**63-1", "1.5", "nan", "''", "huge str", "bad bytes",
             "object()", "[]", "[2**31]", "12345"]


# ---- what the probes are -----------------------------------------------------------
def _instances():
    """Factories of one fresh object of every public class."""
    import puzzlecore as pc
    from puzzlecore import nonogram, nonogram_solve, patchwork, pickerel, snapper, sokoban
    return {
        "puzzlecore.Rng": lambda: pc.Rng(1),
        "puzzlecore.game.Game": lambda: pc.Game("sokoban"),
        "puzzlecore.nonogram.Puzzle": lambda: nonogram.Puzzle.from_solution(3, 2, "010111"),
        "puzzlecore.pickerel.Game": lambda: pickerel.Game(1, 1),
        "puzzlecore.snapper.Game": lambda: snapper.Game(1),
        "puzzlecore.sokoban.Level": lambda: sokoban.Level(LEVEL),
        "puzzlecore.sokoban.Collection": lambda: sokoban.Collection(LEVEL + "\n" + LEVEL),
        "puzzlecore.nonogram_solve.Collection": lambda: nonogram_solve.Collection("1x1:1/1\n2x1:2/1/1\n"),
        "puzzlecore.patchwork.Game": lambda: patchwork.Game(),
        "puzzlecore.patchwork.Reader": lambda: patchwork.Reader(),
        "puzzlecore.patchwork.Player": lambda: patchwork.Game().players[0],
        "puzzlecore.patchwork.Budget": lambda: patchwork.Budget(),
    }


def _good(name):
    """A plausible value for a parameter, so a probe reaches the bad one."""
    import puzzlecore as pc
    from puzzlecore import nonogram, patchwork
    n = name.lower()
    if n in ("text", "line", "move", "kind", "bits", "lurd", "title", "lang", "pieces", "params", "id"):
        return {"bits": "010111", "kind": "sokoban", "text": LEVEL, "lang": "en"}.get(n, "u")
    if n in ("format", "mode", "grade", "name", "variant", "direction", "preset", "rating"):
        return {"format": "non", "mode": "moves", "grade": "line", "name": "knots", "variant": "classic",
                "direction": "r", "preset": "classic", "rating": "Poor"}[n]
    if n in ("cells", "clues", "givens", "items"):
        return [1, 0, 1]
    if n in ("rows", "cols"):
        return [[1], [1]]
    if n in ("deck", "spools", "weights", "words", "state"):
        return {"spools": [(0, 3)], "weights": [1, 1, 1, 1], "deck": list(range(33))}.get(n, [1, 2, 3, 4])
    if n == "puzzle":
        return nonogram.Puzzle.from_solution(3, 2, "010111")
    if n == "palette":
        return [(".", 0xffffff, "white"), ("r", 0xff0000, "red"), ("g", 0x00ff00, "green")]
    if n == "ncolours":
        return 2
    if n == "game":
        return patchwork.Game()
    if n in ("progress", "budget", "advice", "memo"):
        return None
    if n in ("seconds", "max_seconds"):
        return 0.05
    if n in ("max_nodes", "nodes", "playouts"):
        return 50
    return 1


def _callables():
    """(label, callable or (factory, method name), [parameter names]) of every
    public function, class (its constructor) and method."""
    import importlib
    inst = _instances()
    out = []
    for modname in MODULES:
        mod = importlib.import_module(modname)
        names = getattr(mod, "__all__", None) or [n for n in dir(mod) if not n.startswith("_")]
        for n in sorted(set(names)):
            obj = getattr(mod, n, None)
            if obj is None or getattr(obj, "__module__", modname) != modname:
                continue
            if inspect.isclass(obj) and issubclass(obj, BaseException):
                continue
            label = f"{modname}.{n}"
            if inspect.isfunction(obj) or inspect.isclass(obj):
                out.append((label, obj, _params(obj)))
            if inspect.isclass(obj):
                for mname, m in sorted(vars(obj).items()):
                    if mname.startswith("_") and mname not in ("__getitem__", "__setitem__"):
                        continue
                    if isinstance(m, (classmethod, staticmethod)):
                        out.append((f"{label}.{mname}", getattr(obj, mname), _params(getattr(obj, mname))))
                    elif inspect.isfunction(m) and label in inst:
                        out.append((f"{label}.{mname}", (inst[label], mname), _params(m)[1:]))
                    elif isinstance(m, property) and label in inst:
                        out.append((f"{label}.{mname}", (inst[label], mname, "property", m.fset is not None), []))
    return out


def _params(f):
    try:
        sig = inspect.signature(f)
    except (TypeError, ValueError):
        return []
    return [p.name for p in sig.parameters.values() if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]


def probes():
    """Every probe as (label, description, thunk)."""
    out = []
    for label, target, params in _callables():
        if isinstance(target, tuple) and len(target) == 4:  # a property: get, set bad values, use after close
            factory, name, _, settable = target
            out.append((label, "get", lambda f=factory, n=name: getattr(f(), n)))
            if settable:
                for v, vn in zip(BAD, BAD_NAMES):
                    out.append((label, f"set {vn}", lambda f=factory, n=name, v=v: setattr(f(), n, v)))
            out.append((label, "get after close", lambda f=factory, n=name: _closed(f, lambda o: getattr(o, n))))
            continue
        if isinstance(target, tuple):
            factory, name = target

            def call(args, f=factory, n=name):
                return getattr(f(), n)(*args)
            goods = [_good(p) for p in params]
            out.append((label, "after close", lambda f=factory, n=name, g=goods:
                        _closed(f, lambda o: getattr(o, n)(*g))))
        else:
            def call(args, t=target):
                return t(*args)
        goods = [_good(p) for p in params]
        if not params:
            out.append((label, "no arguments", lambda c=call: c([])))
        for i, p in enumerate(params):
            for v, vn in zip(BAD, BAD_NAMES):
                args = goods[:i] + [v] + goods[i + 1:]
                out.append((label, f"{p}={vn}", lambda c=call, a=args: c(a)))
        if len(params) > 1:
            for v, vn in zip(BAD, BAD_NAMES):
                out.append((label, f"every argument {vn}", lambda c=call, a=[v] * len(params): c(a)))
    for label, factory in _instances().items():
        out.append((label, "copy.copy independent", lambda f=factory: _copy(f, copy.copy)))
        out.append((label, "copy.deepcopy independent", lambda f=factory: _copy(f, copy.deepcopy)))
        out.append((label, "pickle round trip or TypeError", lambda f=factory: _pickle(f)))
        out.append((label, "close twice, with-block", lambda f=factory: _close_twice(f)))
        out.append((label, "constructor from a raw pointer refused", lambda f=factory: _raw(f)))
    return out


def _closed(factory, use):
    import puzzlecore as pc
    o = factory()
    owner = getattr(o, "_g", o)  # a patchwork.Player is a view of its game
    if not hasattr(owner, "close"):
        return "no close"
    owner.close()
    try:
        use(o)
    except pc.Closed:
        return "Closed"
    except (TypeError, ValueError, pc.Error) as e:  # a check on an argument came first
        return type(e).__name__
    return "no handle needed"  # (a constant, or a method that never reaches C)


def _copy(factory, how):
    o = factory()
    try:
        c = how(o)
    except TypeError:
        return "TypeError"
    if c is o and hasattr(o, "close"):
        raise AssertionError("a copy is the same object")
    r1 = repr(c)
    if hasattr(o, "close"):
        o.close()
    del o
    import gc
    gc.collect()
    if repr(c) != r1 and "Budget" not in r1:
        raise AssertionError(f"the copy changed when the original was closed: {r1} -> {repr(c)}")
    return "copied"


def _pickle(factory):
    o = factory()
    try:
        data = pickle.dumps(o)
    except (TypeError, pickle.PicklingError):
        return "TypeError"
    c = pickle.loads(data)
    if type(c) is not type(o):
        raise AssertionError("pickle gave another type")
    return "round trip"


def _close_twice(factory):
    o = factory()
    if not hasattr(o, "close"):
        return "no close"
    with o:
        repr(o)
    o.close()
    o.close()
    repr(o)
    return "ok"


def _raw(factory):
    o = factory()
    cls = type(o)
    if not hasattr(o, "close"):
        return "not a handle"
    try:
        cls(12345)
    except (TypeError, ValueError) as e:  # refused (TypeError), or 12345 read as a seed/league and checked
        return type(e).__name__
    except Exception as e:
        import puzzlecore as pc
        if isinstance(e, pc.Error):
            return type(e).__name__
        raise
    return "12345 is a valid seed"


# ---- the child: run probes FIRST.. and report ---------------------------------------------
def child(first):
    import puzzlecore as pc
    allowed = (TypeError, ValueError, KeyError, pc.Error, MemoryError)
    signal.signal(signal.SIGALRM, lambda *a: (_ for _ in ()).throw(KeyboardInterrupt()))
    for i, (label, what, thunk) in enumerate(probes()):
        if i < first:
            continue
        print(f"start {i}", flush=True)
        t0 = time.monotonic()
        signal.setitimer(signal.ITIMER_REAL, 1.0)
        try:
            thunk()
            verdict = "ok returned"
        except KeyboardInterrupt:
            verdict = "ok interrupted"
        except allowed as e:
            if type(e).__name__ == "ArgumentError":
                verdict = f"bad raw ctypes error: {e}"
            else:
                verdict = f"ok {type(e).__name__}"
        except BaseException as e:  # noqa: B902 - the point is to see everything
            verdict = f"bad {type(e).__name__}: {str(e)[:200]}"
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        dt = time.monotonic() - t0
        if dt > 4.0:
            verdict = f"bad took {dt:.1f} s"
        print(f"done {i} {verdict}", flush=True)
    print("end", flush=True)


# ---- the parent -----------------------------------------------------------------------
def parent():
    plist = probes()
    total = len(plist)
    results = {}
    first = 0
    while first < total:
        p = subprocess.Popen([sys.executable, os.path.abspath(__file__), "--child", str(first)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            out, err = p.communicate(timeout=120)
        except subprocess.TimeoutExpired:
            p.kill()
            out, err = p.communicate()
        started = None
        for line in out.splitlines():
            w = line.split(" ", 2)
            if w[0] == "start":
                started = int(w[1])
            elif w[0] == "done":
                results[int(w[1])] = w[2] if len(w) > 2 else ""
                started = None
        if "end" in out.splitlines():
            break
        if started is None:  # died before its first probe
            results[first] = f"bad child died before probe {first}: rc {p.returncode}: {err[-500:]}"
            started = first
        else:
            results[started] = f"bad crashed (rc {p.returncode}): {err[-800:]}"
        first = started + 1
    n, failed = 0, 0
    by_label = {}
    for i, (label, what, _) in enumerate(plist):
        by_label.setdefault(label, []).append((what, results.get(i, "bad never ran")))
    for label, rs in by_label.items():
        bad = [(w, r) for w, r in rs if not r.startswith("ok")]
        n += 1
        if bad:
            failed += 1
            print(f"not ok {n} - {label}: {len(bad)} of {len(rs)} probes failed")
            for w, r in bad[:12]:
                print(f"#   {w}: {r}")
        else:
            print(f"ok {n} - {label}: {len(rs)} probes")
    print(f"# {total} probes in {len(by_label)} classes and functions")
    print(f"1..{n}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--child":
        child(int(sys.argv[2]))
    else:
        parent()
