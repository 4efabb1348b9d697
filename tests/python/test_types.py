"""Python binding: type hints on every public function and method, and
py.typed (issue 22).  inspect checks every public callable of every
submodule (functions, methods, properties, class and static methods) has its
parameters and its return annotated; when mypy is installed (Debian:
python3-mypy, run by the interpreter that has it) it checks every def of the
package the same way (--disallow-untyped-defs --disallow-incomplete-defs)."""
import importlib
import inspect
import os
import pkgutil
import subprocess
import sys

import puzzlecore
from tap import eq, ok, run

PKG = os.path.dirname(os.path.abspath(puzzlecore.__file__))
DUNDERS = {"__init__", "__len__", "__getitem__", "__iter__", "__enter__", "__exit__", "__contains__",
           "__copy__", "__deepcopy__", "__reduce__", "__repr__", "__eq__", "__array__"}


def unannotated(obj, qual, out):
    code = getattr(obj, "__code__", None)
    if code is None or os.path.dirname(os.path.abspath(code.co_filename)) != PKG:
        return  # made by the standard library (a namedtuple's __repr__)
    try:
        sig = inspect.signature(obj)
    except (TypeError, ValueError):
        return
    for name, p in sig.parameters.items():
        if name in ("self", "cls"):
            continue
        if p.annotation is inspect.Parameter.empty:
            out.append(f"{qual}({name})")
    if sig.return_annotation is inspect.Signature.empty:
        out.append(f"{qual} -> ?")


def public_callables():
    mods = [puzzlecore] + [importlib.import_module("puzzlecore." + m.name)
                           for m in pkgutil.iter_modules(puzzlecore.__path__) if not m.name.startswith("_")]
    seen, found = set(), []
    for mod in mods:
        for n, o in vars(mod).items():
            if n.startswith("_") or not getattr(o, "__module__", "").startswith("puzzlecore") or id(o) in seen:
                continue
            seen.add(id(o))
            q = f"{o.__module__}.{n}"
            if inspect.isclass(o):
                for mn, m in vars(o).items():
                    if mn.startswith("_") and mn not in DUNDERS:
                        continue
                    if isinstance(m, property):
                        for f in (m.fget, m.fset):
                            if f is not None:
                                found.append((f, f"{q}.{mn}"))
                    elif isinstance(m, (staticmethod, classmethod)):
                        found.append((m.__func__, f"{q}.{mn}"))
                    elif inspect.isfunction(m):
                        found.append((m, f"{q}.{mn}"))
            elif inspect.isfunction(o):
                found.append((o, q))
    return mods, found


def main():
    pkg = os.path.dirname(puzzlecore.__file__)
    ok(os.path.isfile(os.path.join(pkg, "py.typed")), "the package ships py.typed")
    mods, found = public_callables()
    ok(len(mods) >= 8 and len(found) > 300, f"{len(found)} public callables in {len(mods)} modules")
    missing = []
    for f, q in found:
        unannotated(f, q, missing)
    eq(missing, [], "every public function, method and property is annotated")

    # mypy, from this interpreter or the system one (python3-mypy)
    for exe in (sys.executable, "/usr/bin/python3"):
        if os.path.exists(exe) and subprocess.run([exe, "-c", "import mypy"], capture_output=True).returncode == 0:
            break
    else:
        ok(True, "mypy # SKIP mypy is not installed (python3-mypy)")
        return
    cache = os.path.join(os.environ.get("top_builddir", "."), ".mypy_cache")
    r = subprocess.run([exe, "-m", "mypy", "--ignore-missing-imports", "--no-error-summary", "--cache-dir", cache,
                        "--disallow-untyped-defs", "--disallow-incomplete-defs", pkg],
                       capture_output=True, text=True)
    untyped = [l for l in r.stdout.splitlines() if "[no-untyped-def]" in l]
    eq(untyped, [], "mypy --disallow-untyped-defs --disallow-incomplete-defs: every def of the package is typed")
    other = [l for l in r.stdout.splitlines() if ": error:" in l and "[no-untyped-def]" not in l]
    print(f"# mypy reports {len(other)} other type errors (not yet enforced)")


run(main)
