"""Python binding of Snapper: moves, events, scoring, save/load, advisor."""
import copy
import os
import subprocess

import puzzlecore as pc
from puzzlecore import snapper
from tap import eq, ok, raises, run

LOOP = """puzzlecore-snapper 1
colours 3
source list
list SW:2212 I:3333
row 1 ES:2122 . . . .
row 0 NE:1222 NW:2221 . . .
"""


def body():
    g = snapper.Game(seed=42, preset="classic")
    eq((g.width, g.height), (5, 9), "field is 5 x 9")
    eq(g.column, 2, "the piece starts in the middle column")
    ok(g.current is not None and g.next is not None, "current and next pieces visible")
    ok(g.current.type in ("I", "L", "T", "+"), "piece type")
    eq(g.events, [], "no events yet")
    raises(ValueError, lambda: snapper.Game(1, "nope"), "unknown preset")

    # the 2x2 loop, via load
    h = snapper.Game.load(LOOP)
    eq(str(h.current), "SW:2212", "current piece from the list")
    h.play(1)
    eq(h.figures, 1, "the loop closes")
    eq(h.score, 23.0, "24 points - 1 per drop")
    kinds = [e.kind for e in h.events]
    eq(kinds, ["landed", "figure"], "event kinds")
    fig = h.events[1]
    eq(fig.points, 24.0, "figure points")
    eq(fig.quarters, ((0, 8, 0), (1, 8, 3), (0, 7, 1), (1, 7, 2)), "figure quarters (rows from the top)")
    eq(sum(e.points for e in h.events), h.score, "events add up to the score")
    eq(h.cell(0, 8).colours, (0, 2, 2, 2), "enclosed quarter turned white (row 8: the floor; rows count from the top)")
    eq(h.cell(4, 8), None, "empty cell is None")
    eq(h.cell(0, 0), None, "row 0 is the top row")
    eq(h.column_height(1), 2, "column height")
    eq(len(h.rows()), 9, "rows")
    eq([(x, y, str(p)) for x, y, p in h],
       [(0, 7, "ES:2022"), (1, 7, "SW:2202"), (0, 8, "NE:0222"), (1, 8, "NW:2220")],
       "iterating a game gives its pieces, top row first")

    # errors: atomic and typed
    before = h.save()
    raises(pc.Error, lambda: h.move_to(9), "column 9 raises Error")
    eq(h.save(), before, "a refused move changes nothing")
    empty = snapper.Game(seed=1)
    before = empty.save()
    ok(not empty.can_drain(), "can_drain: False on an empty field")
    ok(empty.legal(0, 3) and not empty.legal(5) and not empty.legal(0, 4), "legal: column 0..4, turns 0..3")
    raises(pc.Error, empty.drain, "nothing to drain raises")
    eq(empty.save(), before, "the refused drain changes nothing")
    try:
        snapper.Game.load("puzzlecore-snapper 1\ncolours 3\nrow 1 I:1122 . . . .\n")
        ok(False, "floating piece refused")
    except pc.Error as e:
        eq(e.code, pc._ffi.enums["PC_EPARSE"], "load error is PC_EPARSE")
        ok("floats" in e.detail, "with a message")
    raises(pc.Error, lambda: snapper.Game.from_list("L:1122", 3), "bad list raises")

    # from_list, end of the list
    g2 = snapper.Game.from_list(["I:1122", "L:1222"], colours=2)
    g2.play(0)
    g2.play(4)
    ok(g2.over and g2.end_reason == "no-pieces", "the list runs out")
    raises(pc.Error, lambda: g2.drop(), "drop after the end raises")

    # save / load / clone
    g.rotate(1)
    g.move_to(0)
    g.drop()
    s = g.save()
    eq(snapper.Game.load(s).save(), s, "save/load round trip")
    c = copy.copy(g)
    c.play(3, 2)
    ok(c.save() != g.save(), "the clone is independent")

    # custom generator
    x = snapper.Game.custom(5, (0, 0, 0, 1), colours=1)
    eq(x.current.type, "+", "weights 0:0:0:1 give + pieces")
    eq(x.current.colours, (1, 1, 1, 1), "one colour")

    # scoring formula
    eq(snapper.figure_points(4, 0, 1, 3), 24.0, "formula: 24")
    eq(snapper.figure_points(4, 1, 3, 3), 7.0, "formula: white penalty")
    eq(snapper.figure_points(4, 0, 1, 3, cascade=1), 36.0, "formula: cascade")
    eq(snapper.figure_points(4, 0, 1, 3, simultaneous=2), 72.0, "formula: two at once")
    raises(pc.Error, lambda: snapper.figure_points(0, 0, 1, 3), "formula: bad input raises")

    # advisor plays a short game legally
    a = snapper.Game(seed=3, preset="easy")
    first = a.suggest(400)
    ok(first.move in ("drop", "drain") and 0 <= first.column < 5 and 0 <= first.turns < 4, "advice %s" % (first,))
    for _ in range(15):
        if a.over:
            break
        a.apply(a.suggest(400))
    ok(a.drops > 0, "advised moves were played")
    gr = a.greedy() if not a.over else None
    ok(gr is None or gr.move in ("drop", "drain"), "greedy advice")
    ok("+---------------+" in str(a), "render")

    # the CLI (built next to the library)
    cli = os.environ.get("PUZZLECORE_CLI")
    if cli and os.path.exists(cli):
        out = subprocess.run([cli, "snapper", "auto", "--seed", "1", "--games", "2", "--budget", "300"],
                             capture_output=True, text=True, check=True).stdout.split()
        fields = dict(f.split("=", 1) for f in out)
        ok({"games", "mean", "figures", "drops"} <= fields.keys(), "cli auto prints games= mean= figures= drops=")
        eq(fields["games"], "2", "cli auto played 2 games")
        lines = subprocess.run([cli, "snapper", "play", "--seed", "3", "--moves", "0 1:2 9 x"],
                               capture_output=True, text=True, check=True).stdout.splitlines()
        eq(len(lines), 5, "cli play: one line per move and a summary")
        ok("status=einval" in lines[2], "cli play reports a refused move")
        g3 = snapper.Game(seed=3)
        g3.play(0)
        g3.play(1, 2)
        try:
            g3.drain()
        except pc.Error:
            pass
        ok(lines[4].endswith("end=playing") and ("score=%.4f" % g3.score) in lines[4],
           "cli play agrees with the library")
        r = subprocess.run([cli, "snapper", "play", "--moves", "q"], capture_output=True, text=True)
        eq(r.returncode, 2, "cli play: bad move is a usage error")
    else:
        ok(True, "cli not built # SKIP")


run(body)
