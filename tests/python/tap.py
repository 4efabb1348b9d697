"""A tiny TAP producer for the Python tests (run by automake's tap-driver)."""
import sys
import traceback

_n = 0
_failed = 0


def ok(cond, name):
    global _n, _failed
    _n += 1
    if not cond:
        _failed += 1
    print(f"{'ok' if cond else 'not ok'} {_n} - {name}", flush=True)
    return cond


def eq(got, want, name):
    good = ok(got == want, name)
    if not good:
        print(f"#   got  {got!r}\n#   want {want!r}")
    return good


def raises(exc, fn, name):
    try:
        fn()
    except exc:
        return ok(True, name)
    except Exception as e:  # wrong exception
        ok(False, name)
        print(f"#   raised {e!r}")
        return False
    return ok(False, name + " (nothing raised)")


def run(fn):
    """Run a test body, report an exception as a failure, print the plan."""
    try:
        fn()
    except Exception:
        ok(False, "unexpected exception")
        for line in traceback.format_exc().splitlines():
            print("# " + line)
    print(f"1..{_n}")
    sys.exit(1 if _failed else 0)
