"""Python binding of Pickerel: storyboard replay, errors, persistence, advisor."""
import copy

import puzzlecore as pc
from puzzlecore import pickerel
from tap import eq, ok, raises, run

O, B, G = 0, 1, 2
# Rylla's level-3 tray (orange is colour 0), then the story's refills.
RYLLA = [(O, 6), (B, 4), (B, 10), (B, 10), (B, 8), (O, 4), (O, 6), (G, 7), (B, 6), (G, 4), (G, 5),
         (G, 9), (G, 12), (G, 8), (O, 7), (B, 5)]


def body():
    info = pickerel.level_info(6)
    eq((info["width"], info["overlap"], info["colours"], info["inches"], info["tray"]), (7, 1, 3, 100, 11),
       "level 6 from the table")
    eq([pickerel.run_name(r) for r in range(1, 7)],
       ["Perfect row", "Double", "Triple", "Donkey", "Vegas", "Vegas^2"], "run names")
    eq(pickerel.rating_threshold(1, "Good"), 500, "Good starts at 500 on level 1")

    g = pickerel.Game.from_deal(3, RYLLA)
    eq(g.tray[2], pickerel.Spool(2, B, 10), "tray slot 2 is a blue 10")
    evs = g.weave(2)
    perfect = [e for e in evs if e.name == "perfect"]
    eq([(e.a, e.points) for e in perfect], [(2, 16)], "blue 10: a Double worth 16")
    ok(str(perfect[0]).endswith("Double"), "an event prints its run name")
    eq(g.tray[2], pickerel.Spool(2, B, 6), "replaced by a blue 6")
    evs = g.weave(3)
    eq([e.name for e in evs if e.points], ["perfect", "rectangle", "square"], "Donkey with the square bonus")
    eq(g.score, 16 + 32 + 16 + 16, "score so far")
    eq(sum(1 for _ in g.spools()), 8, "spools() iterates the tray")

    before = g.save()
    try:
        g.scissors()
        ok(False, "scissors on an empty loom raises")
    except pc.Error as e:
        eq(e.code, pc._ffi.enums["PC_EILLEGAL"], "illegal move: Error with PC_EILLEGAL")
    raises(pc.Error, lambda: g.weave(99), "weave a missing slot raises")
    raises(pc.Error, lambda: g.resize(9), "resize too wide raises")
    raises(pc.Error, lambda: g.splice(0, 1, 2), "splice without a bead raises")
    eq(g.save(), before, "failed moves change nothing")
    ok(g.legal(("weave", 1)) and not g.legal(("scissors",)), "legal()")

    h = pickerel.Game.load(before)
    eq(h.save(), before, "load/save round trip")
    c = copy.copy(g)
    g.weave(1)
    ok(c.score != g.score or c.save() != g.save(), "a clone is independent")
    raises(pc.Error, lambda: pickerel.Game.load("puzzlecore-pickerel 1\nlevel x\n"), "bad save text raises")

    s = pickerel.Game(level=5, seed=7)
    eq(s.seed, 7, "seed property")
    eq(sum(s.inches_left(k) for k in range(s.colours)), 300, "300 inches on level 5")
    while not s.over:
        s.play(s.suggest(300))
    ok(s.over and s.rating_name in pickerel.RATINGS, "the advisor plays a level-5 game to the end")
    st = s.stats
    eq(st["inches_in"], st["cloth"] + st["knots"] + st["wraps"] + st["discarded"] + st["wasted"] + st["on_loom"],
       "inches invariant through stats")
    raises(pc.Error, lambda: s.suggest(), "suggest after the end raises")
    ok("score" in str(s), "str() renders the game")
    loom_rows_from_top()


def loom_rows_from_top() -> None:
    """Row 0 is the top of the loom's frame (27 rows on level 6): Rylla's
    level-6 story, her purple bead 5 empty rows above 5 blue rows."""
    Pu = O
    deal = [(Pu, 6), (Pu, 9), (Pu, 10), (Pu, 3), (Pu, 6), (B, 7), (B, 5), (B, 10), (B, 12), (B, 8), (G, 6),
            (Pu, 11), (G, 10), (B, 3), (B, 6), (Pu, 11), (G, 2)] + [(Pu, 5), (B, 5), (G, 5)] * 4
    g = pickerel.Game.from_deal(6, deal, seed=3494, loom_beads=True)
    eq(g.loom_height, 27, "level 6: a frame of 27 rows")
    weave = [e for e in g.weave(5) if e.name == "weave"]
    eq([(e.a, e.b, e.c) for e in weave], [(26, 0, 6)], "the first thread is woven on the bottom row, 26")
    for slot in (7, 9, 6, 8):
        g.weave(slot)
    eq(g.loom_rows, 5, "five blue rows: 26..22")
    evs = g.place_bead(1, 16, 2)
    eq([(e.a, e.b, e.c) for e in evs if e.name == "loom-bead"], [(16, 2, 42)], "the loom-bead event: row 16")
    eq(g.loom_beads[0].row, 16, "the bead reads back at row 16")
    raises(pc.Error, lambda: g.place_bead(0, 27, 0), "row 27 is below the frame")
    g.weave(6)
    g.weave(9)
    g.weave(0)  # purple: the six blue rows are cut
    eq(g.loom_beads[0].row, 22, "the bead slides down six rows (16 + 6)")
    ok(" 22 |..o....|" in str(g), "the picture labels the bead's row 22")


run(body)
