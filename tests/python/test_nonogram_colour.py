"""Python binding: colour nonograms (palette, coloured clues, painting,
greying, mistakes, hints, solving with uniqueness, generating, pictures,
formats)."""
import pickle

import puzzlecore as pc
from puzzlecore import nonogram, nonogram_colour as nc, nonogram_solve as ns
from tap import eq, ok, raises, run

PAL = [(".", 0xffffff, "white"), ("r", 0xe02020, "red"), ("g", 0x20a040, "green")]
# 4x3: row 0 "rrgg", row 1 ".gg.", row 2 "r..g" (unique)
PIC = [1, 1, 2, 2,
       0, 2, 2, 0,
       1, 0, 0, 2]
U = nc.UNKNOWN


def body():
    # pure clues: a run ends where the colour changes
    eq(nc.line_clues([1, 1, 2, 0, 2]), [(2, 1), (1, 2), (1, 2)], "line_clues: 2r 1g . 1g")
    eq(nc.line_clues([0, 0, 0]), [(0, 0)], "an empty line: the clue 0 of colour 0")
    eq(nc.line_clues(PIC, 4, 3), [(1, 1), (1, 1)], "column 0 by stride")

    p = nc.from_solution(4, 3, PAL, PIC)
    eq(nc.colour_count(p), 2, "two colours")
    eq(nc.palette(p), PAL, "the palette as (symbol, rgb, name) entries")
    ok(nc.palette_text(p).startswith(". ffffff white\n"), "the palette as text, background first")
    eq(nc.row_clues(p, 0), [(2, 1), (2, 2)], "row 0: 2r 2g (different colours touch)")
    eq(nc.col_clues(p, 3), [(1, 2), (1, 2)], "column 3: 1g 1g (same colours apart)")
    eq(p.row_clues(0), [2, 2], "the black-and-white call gives the numbers")
    eq(nc.colour_count(nonogram.Puzzle.from_solution(2, 1, "10")), 1, "a black-and-white puzzle has one colour")

    # painting, greying, failing moves change nothing
    eq(nc.cell(p, 0, 0), U, "a fresh grid is undecided")
    nc.set_rect(p, 0, 0, 2, 1, 1)
    nc.set_cell(p, 2, 0, 2)
    eq(nc.player_clues(p, nc.ROWS, 0), [(2, 1), (1, 2)], "the player's row 0 shows 2r 1g")
    ok(not nc.satisfied(p, nc.ROWS, 0), "row 0 is not greyed yet")
    nc.set_cell(p, 3, 0, 2)
    ok(nc.satisfied(p, nc.ROWS, 0) and not nc.satisfied(p, nc.COLS, 3), "row 0 greys, column 3 not")
    before = nc.cells(p)
    raises(pc.InvalidArgument, lambda: nc.set_cell(p, 0, 0, 3), "colour 3 of a two-colour puzzle")
    raises(pc.OutOfRange, lambda: nc.set_cell(p, 4, 0, 1), "x outside the grid")
    raises(pc.InvalidArgument, lambda: nc.set_cells(p, [0] * 11), "a grid of the wrong size")
    raises(pc.InvalidArgument, lambda: nc.set_cells(p, [0] * 11 + [7]), "a grid with a bad value")
    eq(nc.cells(p), before, "failing moves change nothing")
    nc.set_cell(p, 3, 1, 1)  # wrong: background in the picture
    eq(nc.mistakes(p), [(3, 1)], "mistakes: the one wrong cell")
    eq(p.mistakes(), [(3, 1)], "Puzzle.mistakes: the same rule on a colour puzzle")
    nc.set_cell(p, 3, 1, U)
    eq(nc.mistakes(p), [], "cleared: no mistake")
    h = nc.hint(p)
    ok(h is not None and PIC[h.y * 4 + h.x] == h.value, "a hint agrees with the picture (%r)" % (h,))
    ok(isinstance(h, nonogram.Hint) and isinstance(p.hint(), nonogram.Hint), "a ColourHint is a Hint")
    for _ in range(20):
        h = nc.hint(p)
        if h is None:
            break
        h.apply(p)
    ok(p.solved and h is None, "hints until solved")
    # no line settles a cell of this grid; the background at (0,0) breaks column 1 (tests/test_nonogram_colour.c)
    q = nc.from_solution(4, 4, PAL, [2, 0, 0, 1, 1, 0, 1, 0, 0, 2, 0, 1, 0, 1, 1, 0])
    h = nc.hint(q)
    eq((h.kind, h.x, h.y, h.value, h.axis, h.index), ("probe", 0, 0, 2, nc.COLS, 1), "a probing hint: (0,0) green")
    nc.set_cells(p, [U] * 12)
    eq(nc.cells(p), bytes([U] * 12), "set_cells: every cell undecided")

    # solving with uniqueness
    r = nc.solve(p)
    eq((r.status, r.solutions[0]), ("unique", [PIC[0:4], PIC[4:8], PIC[8:12]]), "solve: unique, the picture")
    r = nc.solve_clues(2, [[(1, 1)], [(1, 1)]], [[(1, 1)], [(1, 1)]], count=5)
    eq((r.status, len(r.solutions)), ("multiple", 2), "two diagonals: exactly two solutions")
    ok(r.solutions[0] != r.solutions[1], "that differ")
    eq(nc.solve_clues(2, [[(1, 1)], [(1, 1)]], [[(1, 1)], [(1, 1)]], givens=[1, U, U, U]).status, "unique",
       "a given decides")
    r = nc.solve_clues(2, [[(2, 1)], [(2, 2)]], [[(1, 2), (1, 1)], [(1, 2), (1, 1)]])
    eq(r.status, "none", "clues with no solution")
    eq(nc.solve_line(2, [(2, 1), (1, 2)], [7, 7, 7, 7]), [3, 2, 7, 5], "solve_line: 2r 1g in four cells")
    raises(pc.IllegalMove, lambda: nc.solve_line(2, [(3, 1)], [7, 1, 7]), "a line that cannot fit")

    # clues alone, and their checks
    q = nc.from_clues(PAL, [nc.row_clues(p, y) for y in range(3)], [nc.col_clues(p, x) for x in range(4)])
    eq(nc.solve(q).solutions[0][2], PIC[8:12], "from_clues solves to the picture")
    raises(pc.InvalidArgument, lambda: nc.from_clues(PAL, [[(1, 1)], [(0, 0)]], [[(1, 2)], [(0, 0)]]),
           "rows and columns disagree on a colour's total")
    raises(pc.ParseError, lambda: nc.from_solution(2, 1, [(".", 0, "white"), (".", 1, "x")], [0, 1]),
           "a palette with a symbol twice")

    # formats: round trips
    for fmt in ("xml", "non"):
        t = ns.save(p, fmt)
        q = ns.load(t)
        eq(ns.save(q, fmt), t, "%s: write -> read -> write is identical" % fmt)
        eq(nc.palette(q), PAL if fmt == "xml" else nc.palette(q), "%s: the palette survives" % fmt)
        eq(nc.solve(q).solutions[0][0], PIC[0:4], "%s: the same clues" % fmt)
    s = p.save()
    eq(nonogram.Puzzle.load(s).save(), s, "the library's save round trips")
    eq(pickle.loads(pickle.dumps(p)).save(), s, "pickle goes through the save")

    # generating
    g = nc.generate(12, 10, 4, seed=5)
    eq((g.width, g.height, nc.colour_count(g)), (12, 10, 4), "generate: 12x10, four colours")
    eq(nc.solve(g).status, "unique", "a generated puzzle is unique")
    cells = nc.generate_cells(12, 10, 4, seed=5)
    eq(nc.solve(g).solutions[0], cells, "generate_cells: the same picture")
    eq(nc.palette(g), nc.GENERATED_PALETTE[:5], "the generator's palette")

    # pictures to puzzles
    diag = [1, 0, 0, 1]
    unique, amb = nc.picture_check(2, 2, 2, diag)
    ok(not unique and sorted(amb) == [(0, 0), (0, 1), (1, 0), (1, 1)], "the diagonal is ambiguous everywhere")
    giv = nc.picture_givens(2, 2, 2, diag)
    eq(len(giv), 1, "one given makes it unique")
    pic, changed = nc.picture_nearby(2, 2, 2, diag, seed=1)
    ok(changed >= 1 and nc.picture_check(2, 2, 2, sum(pic, []))[0], "a nearby unique picture (%d changed)" % changed)
    eq(nc.picture_check(4, 3, 2, PIC), (True, []), "the sample picture is unique")
    raises(pc.InvalidArgument, lambda: nc.picture_check(2, 2, 2, [0, 3, 0, 0]), "a cell above ncolours")

    # the generic game: a colour nonogram with a palette of one's own
    gm = pc.Game("nonogram", "size=3x2 palette=.:ffffff:white,r:ff0000:red,g:00ff00:green solution=120012")
    gm.play("paint red 0 0")
    raises(pc.ParseError, lambda: gm.play("paint 1 1 0"), "a colour is named, not numbered")
    for m in ("paint green 1 0", "cross 2 0", "cross 0 1", "paint red 1 1"):
        gm.play(m)
    gm.play(gm.suggest())
    ok(gm.over, "painted by name and a suggestion: solved")


run(body)
