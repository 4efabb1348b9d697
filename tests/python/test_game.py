"""Python binding of pc_game: every kind through puzzlecore.Game."""
import copy
import ctypes
import pickle
import threading
import time

import puzzlecore as pc
from tap import eq, ok, raises, run


def body():
    eq(pc.game.KINDS, ("nonogram", "pickerel", "snapper", "sokoban", "patchwork"), "five kinds")
    g = pc.Game("sokoban")
    eq(g.moves(), ["l", "r"], "sokoban lists l r")
    g.play("r")
    eq(g.score(), 1.0, "a box home")
    g.undo()
    eq(g.score(), 0.0, "undo")
    g.redo()
    raises(pc.Error, lambda: g.play("x"), "a bad move raises Error")
    raises(TypeError, lambda: g.play(3), "a move of the wrong type raises TypeError")
    raises(IndexError, lambda: g.score(1), "a player out of range")
    raises(ValueError, lambda: pc.Game("chess"), "an unknown kind")
    raises(ValueError, lambda: pc.Game("sokoban", seed=-1), "a negative seed")
    try:
        pc.Game("pickerel", "level=99")
        ok(False, "a bad parameter raises")
    except pc.Error as e:
        ok("level" in str(e), "a bad parameter names its key: %s" % e)
    c = copy.copy(g)
    c.play("u")
    ok(c.save() != g.save(), "copy.copy is an independent game")
    d = copy.deepcopy(g)
    eq(d.save(), g.save(), "deepcopy")
    h = pickle.loads(pickle.dumps(g))
    eq(h.save(), g.save(), "pickle through the save text")
    eq(pc.Game.load(g.save()).kind, "sokoban", "load any save")
    eq(g.suggest(), "u", "the solver's next step")
    for kind in pc.game.KINDS:
        k = pc.Game(kind, seed=3)
        n = 0
        while not k.over and n < 20:
            k.play(k.moves()[0])
            n += 1
        ok(n > 0 and k.kind == kind and kind in repr(k), f"{kind}: plays its first listed moves")
    p = pc.Game("patchwork", "league=2", 1)
    eq((p.players, p.to_move), (2, 0), "patchwork: two players, player 0 starts")
    seen = []
    m = p.suggest(nodes=300, seconds=-1, progress=lambda n, s, b: seen.append(n) and False)
    ok(m in p.moves() or m.startswith("PLAY"), "patchwork suggests a move: " + m)
    # a search stopped by its progress callback
    big = pc.Game("patchwork", "league=4", 2)
    try:
        big.suggest(nodes=10 ** 9, seconds=-1, progress=lambda n, s, b: True)
        ok(False, "progress returning True cancels the search")
    except pc.Error as e:
        eq(e.code, pc.enums["PC_ECANCELLED"], "progress returning True cancels the search")
    # cancelled from another thread: the library's flag, set through the budget
    t0 = time.monotonic()
    box = {}

    def stopper():
        time.sleep(0.2)
        box["t"] = time.monotonic()

    th = threading.Thread(target=stopper)
    th.start()
    try:
        big.suggest(nodes=10 ** 9, seconds=-1, progress=lambda n, s, b: "t" in box)
    except pc.Error as e:
        box["code"] = e.code
    th.join()
    ok(box.get("code") == pc.enums["PC_ECANCELLED"] and time.monotonic() - t0 < 5,
       "a search stopped from another thread returns promptly")
    g.close()
    raises((ValueError, ctypes.ArgumentError), lambda: g.moves(), "a closed game refuses calls")


run(body)
