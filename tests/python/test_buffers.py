"""Python binding: grids as buffers and NumPy arrays (one library call, no
per-cell copy; issue 22).
NumPy is optional: without it in this interpreter the NumPy checks run under
/usr/bin/python3 when that one has it, else they are skipped."""
import os
import subprocess
import sys

from puzzlecore import nonogram, patchwork, sokoban
from tap import eq, ok, raises, run

SOL = "0010001110101011000101110"


def buffers():
    p = nonogram.Puzzle.from_solution(5, 5, SOL)
    p.fill(1, 4, 3, 1)
    g = p.grid
    ok(isinstance(g, memoryview), "Puzzle.grid is a memoryview")
    eq((g.shape, g.format, g.itemsize, g.readonly), ((5, 5), "B", 1, True), "shape (height, width), uint8, read-only")
    eq(bytes(g), p.cells, "its bytes are the player's grid, row-major")
    eq([g[4, x] for x in range(5)], [0, 1, 1, 1, 0], "grid[y, x] reads a cell")
    raises(TypeError, lambda: g.__setitem__((0, 0), 1), "the buffer cannot be written")
    p.cross(0, 0)
    eq(g[0, 0], 0, "a snapshot: a later move does not change it")
    eq(p.grid[0, 0], nonogram.CROSSED, "a new snapshot sees the move")
    p2 = nonogram.Puzzle.from_solution(3, 2, "100" "011")
    eq((p2.grid.shape, p2.width, p2.height), ((2, 3), 3, 2), "a 3 x 2 grid has shape (2, 3)")

    g = patchwork.Game(seed=1)
    quilt = g.players[0].grid
    eq((quilt.shape, quilt.format), ((9, 9), "B"), "Patchwork quilt: a 9 x 9 buffer")
    eq(sum(bytes(quilt)), 0, "an empty quilt at the start")

    lv = sokoban.Level("#####\n#@$.#\n#####\n")
    b = lv.grid
    eq((b.shape, b.format, b.readonly), ((3, 5), "B", True), "Sokoban board: a read-only 3 x 5 buffer")
    eq([b[y, x] for y in range(3) for x in range(5)], [c for _, _, c in lv.cells()], "grid[y, x] is cell(x, y)")
    lv.step("r")
    eq(b[1, 2] & sokoban.BOX, sokoban.BOX, "a snapshot: the move does not change it")
    eq(lv.grid[1, 3] & sokoban.BOX, sokoban.BOX, "a new snapshot sees the pushed box")


NUMPY_CHECK = r"""
import sys, numpy as np
from puzzlecore import nonogram
p = nonogram.Puzzle.from_solution(5, 5, "0010001110101011000101110")
p.fill(1, 4, 3, 1)
a = np.asarray(p.grid)
assert a.shape == (5, 5) and a.dtype == np.uint8, (a.shape, a.dtype)
assert a[4].tolist() == [0, 1, 1, 1, 0], a
assert not a.flags.owndata, "np.asarray(grid) copied"
b = np.asarray(p)
assert b.shape == (5, 5) and (b == a).all(), b
assert int(np.asarray(p, dtype=np.int32).sum()) == 3
print("numpy ok")
"""


def numpy_checks():
    try:
        import numpy  # noqa: F401
        exe = sys.executable
    except ImportError:
        exe = "/usr/bin/python3"
        probe = subprocess.run([exe, "-c", "import numpy"], capture_output=True) if os.path.exists(exe) else None
        if probe is None or probe.returncode != 0:
            ok(True, "numpy checks # SKIP numpy is not installed")
            return
    r = subprocess.run([exe, "-c", NUMPY_CHECK], capture_output=True, text=True)
    ok(r.returncode == 0 and "numpy ok" in r.stdout, f"numpy.asarray(grid) and numpy.asarray(puzzle), no copy ({exe})")
    if r.returncode:
        print("\n".join("# " + l for l in r.stderr.splitlines()[-8:]))


def main():
    buffers()
    numpy_checks()


run(main)
