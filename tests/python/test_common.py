"""Python binding: version, errors and the rng's published test vectors."""
import ctypes

import puzzlecore as pc
from tap import eq, ok, raises, run


def body():
    eq(".".join(map(str, pc.version())), pc.version_string(), "version tuple and string agree")
    r = pc.Rng(0)
    eq([r.next() for _ in range(3)],
       [0x99EC5F36CB75F2B4, 0xBF6E1F784956452A, 0x1A5F849D4933E6E0], "seed 0 vector")
    r = pc.Rng(42)
    eq([r.uniform(6) for _ in range(8)], [0, 0, 5, 5, 4, 0, 4, 3], "seed 42 uniform(6)")
    r = pc.Rng(7)
    a = list(range(10))
    r.shuffle(a)
    eq(a, [8, 3, 9, 0, 7, 2, 1, 6, 5, 4], "seed 7 shuffle")
    raises(pc.Error, lambda: r.uniform(0), "uniform(0) raises Error")
    try:
        r.range(3, 2)
    except pc.Error as e:
        eq(e.code, -1, "Error carries the status code")
        eq(e.name, "invalid argument", "Error carries the status name")
    s = r.state
    x = r.next()
    r.state = s
    eq(r.next(), x, "state round trip")
    ok(0.0 <= r.random() < 1.0, "random() in [0, 1)")
    with pc.Rng(1) as q:
        ok(q.next() > 0, "context manager")
    raises((ValueError, ctypes.ArgumentError), lambda: q.next(), "closed handle refuses calls")


run(body)
