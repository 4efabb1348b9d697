"""Python binding: nonogram solving, grading, hints, generating and formats."""
import os

import puzzlecore as pc
from puzzlecore import nonogram, nonogram_solve as ns
from tap import eq, ok, raises, run

DATA = os.environ.get("PUZZLECORE_DATA", "data")


def body():
    # the line solver
    eq(ns.solve_line([3, 1], [0] * 5), [1, 1, 1, 2, 1], "solve_line: 3.1 in five cells")
    eq(ns.solve_line([1, 1], [1, 0, 0, 0]), [1, 2, 0, 0], "solve_line keeps what is open")
    try:
        ns.solve_line([3], [0, 2, 0])
        ok(False, "a contradiction raises")
    except pc.Error as e:
        eq(e.code, pc._ffi.enums["PC_EILLEGAL"], "a contradiction raises Error(PC_EILLEGAL)")

    # Tatham's example: unique, line logic alone is stuck
    p = ns.load("4x4:2/1/2/1/1.1/2/1/1")
    r = ns.solve(p)
    eq((r.status, r.grade, len(r)), ("unique", "probe", 1), "Tatham 4x4: unique, grade probe")
    eq(r.solutions[0], [[1, 0, 0, 1], [1, 1, 0, 0], [0, 0, 1, 0], [0, 0, 1, 0]], "its solution")
    g, st = ns.grade(p)
    ok(g == "probe" and st["nodes"] == 0 and st["probes"] > 0, "grade() with stats")

    # two solutions, none
    r = ns.solve_clues([[1], [1]], [[1], [1]], count=5)
    eq((r.status, len(r.solutions)), ("multiple", 2), "diagonals: exactly two")
    ok(r.solutions[0] != r.solutions[1], "two different grids")
    eq(ns.solve_clues([[1], [1]], [[1], [1]], givens=[1, 0, 0, 0]).status, "unique", "a given decides")
    eq(ns.solve_clues([[2], [0]], [[0], [2]]).status, "none", "no solution")
    eq(ns.solve_clues([[1], [1]], [[1], [1]], count=1).status, "solved", "count=1: solved, not checked")

    # budgets: a random 25x25 tournament-style puzzle needs search
    with open(os.path.join(DATA, "nonogram", "tcga-sample.txt"), encoding="utf-8") as f:
        tcga = f.read()
    q = ns.load(tcga, "tcga", 2)
    try:
        ns.solve(q, max_nodes=1)
        ok(False, "node budget 1 raises")
    except pc.Error as e:
        eq(e.code, pc._ffi.enums["PC_ELIMIT"], "node budget 1: Error(PC_ELIMIT)")
    ones = [[1]] * 12
    try:
        ns.solve_clues(ones, ones, count=100000, max_nodes=3)
        ok(False, "node budget 3 on 12! solutions raises")
    except pc.Error as e:
        eq(e.code, pc._ffi.enums["PC_ELIMIT"], "pc_budget node limit 3: Error(PC_ELIMIT)")
    r = ns.solve(q)
    ok(r.status in ("unique", "multiple") and r.stats["nodes"] > 1, "without a budget: %s" % r.status)

    # hints until solved, on the stored-solution puzzle
    p = nonogram.Puzzle.from_solution(4, 4, "1001110000100010")
    kinds = set()
    for _ in range(20):
        h = ns.hint(p)
        if h is None:
            break
        kinds.add(h.kind)
        ok_cell = p.solution()[h.y][h.x] == (1 if h.value == nonogram.FILLED else 0)
        if not ok_cell:
            break
        h.apply(p)
    ok(p.solved and ns.hint(p) is None, "hints solve the puzzle, then None")
    ok({"line", "probe"} <= kinds, "line and probe hints seen: %s" % sorted(kinds))
    p.reset()
    eq(ns.consistent(p), True, "empty grid consistent")
    p[1, 0] = nonogram.FILLED
    eq(ns.consistent(p), False, "a wrong cell: inconsistent")
    eq(ns.mistakes(p), [(1, 0)], "mistakes() names it")
    p.reset()
    p.fill(0, 1, 4, 1)
    try:
        ns.hint(p)
        ok(False, "a broken row raises")
    except pc.Error as e:
        ok(e.axis == nonogram.ROWS and e.index == 1, "hint on a broken row names row 1")

    # generator
    g1 = ns.generate(12, 8, seed=3, grade="probe")
    g2 = ns.generate(12, 8, seed=3, grade="probe")
    eq(g1.solution(), g2.solution(), "same seed, same picture")
    eq(ns.solve(g1).status, "unique", "generated puzzle is unique")
    ok(ns.grade(g1)[0] in ("line", "probe"), "at the grade asked or easier")
    eq(g1.id, "gen-12x8-3", "generated id")
    eq(ns.generate_cells(12, 8, seed=3, grade="probe"), g1.solution(), "generate_cells agrees")
    raises(ValueError, lambda: ns.generate(5, 5, grade="hard"), "unknown grade name")
    raises(pc.Error, lambda: ns.generate(500, 5), "too wide: Error")
    try:
        ns.generate(30, 30, seed=5, grade="search", max_nodes=1)
        ok(False, "generate under a 1-node budget: Error")
    except pc.Error as e:
        eq(e.code, pc._ffi.enums["PC_ELIMIT"], "generate under a 1-node budget: Error(PC_ELIMIT)")
    eq(ns.generate_cells(30, 30, seed=5, max_nodes=10 ** 6, max_seconds=-1), ns.generate_cells(30, 30, seed=5),
       "a budget that lets it finish: the same picture")

    # formats
    with open(os.path.join(DATA, "nonogram", "sample.non"), encoding="utf-8") as f:
        text = f.read()
    eq(ns.detect_format(text), "non", "detect .non")
    eq(ns.count(text), 2, "bundle of two")
    cup, plus = ns.load_all(text)
    eq((cup.width, cup.titles.get("en"), cup.id, cup.has_solution), (5, "Cup", "sample-1", True), "Cup read")
    eq(plus.rows, [[1], [3], [1]], "Plus read")
    for fmt in ("non", "xml", "tatham", "tcga"):
        back = ns.load(ns.save(cup, fmt))
        ok(back.rows == cup.rows and back.cols == cup.cols, "round trip through %s" % fmt)
    eq(ns.save(ns.load("4x4:2/1/2/1/1.1/2/1/1"), "tatham"), "4x4:2/1/2/1/1.1/2/1/1\n", "Tatham id written back")
    try:
        ns.load("width 2\nheight 2\nrows\n1\nx\n")
        ok(False, "bad .non raises")
    except pc.Error as e:
        ok("line 5, column 1" in str(e), "parse error names line and column: %s" % e)
    ids = [q.id for q in ns.iter_load(tcga)]
    eq(ids, ["$1", "$2", "$3"], "TCGA ids")
    raises(ValueError, lambda: ns.save(cup, "png"), "unknown format name")

    # a collection: read once, puzzles by index (negative from the end), fresh handles each time
    coll = ns.Collection(text)
    eq((len(coll), coll.format), (2, "non"), "a collection of two .non puzzles")
    eq([q.id for q in coll], ["sample-1", ns.load(text, index=1).id], "in file order, as load(index) gives them")
    eq(coll[-1].rows, plus.rows, "coll[-1] is the last")
    first = coll[0]
    first.fill(0, 0, 1)
    eq(coll[0][0, 0], 0, "each item is a fresh puzzle")
    raises(IndexError, lambda: coll[2], "index past the end")
    raises(IndexError, lambda: coll[-3], "index before the start")
    raises(TypeError, lambda: coll["0"], "a str index")
    tc = ns.Collection(tcga, "tcga")
    eq([q.id for q in tc], ["$1", "$2", "$3"], "TCGA collection")
    ok("3 tcga puzzles" in repr(tc), "repr: %r" % tc)
    try:
        ns.Collection("1x1:1/1\n1x1:2/1\n")
        ok(False, "a bad second id raises")
    except pc.Error as e:
        ok("line 2" in str(e), "the error names the line in the whole text: %s" % e)
    tc.close()
    raises(pc.Error, lambda: len(tc), "a closed collection raises")
    ok(ns.sat_backend() in (True, False), "sat_backend() answers a bool: %r" % ns.sat_backend())


run(body)
