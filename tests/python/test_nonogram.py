"""Python binding of the nonogram clue core: the seed's examples, greying,
records and errors as exceptions."""
from puzzlecore import Error, nonogram
from tap import eq, ok, raises, run

CUP = "00100" "01110" "10101" "10001" "01110"


def body():
    grid = bytes(int(c) for c in CUP)
    eq(nonogram.line_clues(grid[20:25]), [3], "row 5 (indices 20-24) gives 3")
    eq(nonogram.line_clues(grid[1:], stride=5, length=5), [1, 1], "column 2 (stride 5) gives 1 1")
    eq(nonogram.line_clues(bytes(5)), [0], "empty line gives 0")
    eq(nonogram.grid_clues(grid, 5, 5, nonogram.COLS), [[2], [1, 1], [3, 1], [1, 1], [2]], "all column clues")
    big = bytes([1, 1, 0] * 400)
    eq(nonogram.line_clues(big), [2] * 400, "a 1200-cell line")

    p = nonogram.Puzzle.from_solution(5, 5, CUP)
    eq((p.width, p.height), (5, 5), "size")
    eq(p.rows, [[1], [3], [1, 1, 1], [1, 1], [3]], "rows")
    eq(p.col_clues(1), [1, 1], "column 2 clues")
    p.fill(1, 4, 3, 1)
    ok(p.row_satisfied(4), "row 5 greys after the drag")
    eq(p.player_row_clues(4), [3], "player's clue of row 5")
    p.fill(0, 1, 3, 1)
    ok(p.row_satisfied(1), "a wrong row that meets its clue greys")
    ok(not p.col_satisfied(0), "column 1 shows the mistake")
    p[0, 1] = nonogram.CROSSED
    p.fill(3, 1)
    for x, y in [(2, 0), (0, 2), (2, 2), (4, 2), (0, 3), (4, 3)]:
        p.fill(x, y)
    ok(p.solved, "solved")
    ok(p.matches_solution(), "matches the stored picture")
    eq(str(p).splitlines()[1], "x###.", "str() draws the grid")

    p.id = "0042"
    p.xp = 120
    p.set_title("en", "Cup")
    p.set_title("ja", "カップ")
    eq(p.titles, {"en": "Cup", "ja": "カップ"}, "titles in several languages")
    q = nonogram.Puzzle.load(p.save())
    eq(q.save(), p.save(), "save round trip")
    eq(q.id, "0042", "id survives")
    ok(q.solved, "progress survives")
    c = q.clone()
    c.reset()
    ok(q.solved and not c.solved, "clone is independent")

    t = nonogram.Puzzle.from_clues([[1, 1], [2], [1], [1]], [[2], [1], [2], [1]])
    ok(not t.has_solution, "from clues: no stored solution")
    raises(Error, lambda: t.solution(), "solution() without one raises Error")

    try:
        nonogram.Puzzle.from_solution(3, 3, "1012")
        ok(False, "bad character raises")
    except Error as e:
        eq(e.name, "parse error", "bad character: parse error")
        ok("column 4" in e.detail, "message gives the position: " + e.detail)
    try:
        nonogram.Puzzle.from_clues([[3, 2], [1], [1], [1]], [[2], [1], [2], [1]])
        ok(False, "clues that cannot fit raise")
    except Error as e:
        eq(e.name, "invalid argument", "clues that cannot fit: invalid argument")
    before = p.save()
    raises(Error, lambda: p.fill(4, 4, 2, 1), "a rectangle past the edge raises")
    eq(p.save(), before, "... and changes nothing")
    raises(Error, lambda: nonogram.Puzzle.load("puzzlecore-nonogram 1\nsize 2x2\nbogus 1\n"), "bad record raises")


run(body)
