"""Python binding: Sokoban levels, collections, play, solver and index."""
import os
import subprocess
import tempfile

import puzzlecore as pc
from puzzlecore import sokoban
from tap import eq, ok, raises, run

M1 = "####\n# .#\n#  ###\n#*@  #\n#  $ #\n#  ###\n####\n"


def body():
    lv = sokoban.Level(M1)
    ev0 = sokoban.Level(M1)
    eq(ev0.events, [], "events: none before the first step")
    ev0.step(sokoban.RIGHT)
    eq(ev0.events, [("walk", (2, 3, 3, 3))], "events: a walk from (2,3) to (3,3)")
    eq(lv.size, (6, 7), "size")
    eq(lv.player, (2, 3), "player")
    eq(lv.box_count, 2, "boxes")
    eq(lv.interior_count, 14, "c = 14")
    eq(lv.dead_count, 5, "dead squares")
    eq(sorted(lv.boxes), [(1, 3), (3, 4)], "box positions")
    eq(sorted(lv.goals), [(1, 3), (2, 1)], "goal positions")
    ok(lv.cell(0, 0) & sokoban.WALL, "wall bit")
    eq(str(lv), M1, "board round trip")
    ok(not lv.solved, "not solved")
    ok(not lv.step("r"), "step right: no push")
    eq(lv.moves, 1, "one move")
    try:
        lv.step("up")
        lv.step("up")
    except pc.Error as e:
        eq(e.code, pc._ffi.enums["PC_EILLEGAL"], "blocked step raises PC_EILLEGAL")
    eq(lv.lurd, "r", "LURD after the failed step is unchanged")
    lv.undo()
    eq(lv.moves, 0, "undo")
    lv.redo()
    eq(lv.lurd, "r", "redo")
    lv.restart()
    raises(pc.Error, lambda: lv.apply("rrrrr"), "blocked LURD raises")
    eq(lv.lurd, "", "failed apply changed nothing")
    raises(ValueError, lambda: lv.step("sideways"), "bad direction name")

    u = sokoban.Level("#######\n#@    #\n# $   #\n#     #\n#    .#\n#######\n")
    u.apply("rDrdLru")
    eq((u.undo("push"), u.lurd), (2, "rDrdL"), "undo by push: the walk since the last push")
    eq((u.undo("push"), u.lurd, u.pushes), (3, "rD", 1), "undo by push: the push and its walk")
    eq((u.redo("push"), u.lurd), (3, "rDrdL"), "redo by push: up to and with the next push")
    eq((u.undo("run"), u.lurd), (1, "rDrd"), "undo by run: the push run")
    eq((u.redo("run"), u.undo(), u.lurd), (1, 1, "rDrd"), "redo by run, undo by step")
    raises(ValueError, lambda: u.undo("box"), "unknown unit")
    raises(TypeError, lambda: u.redo(2), "unit not a str")
    eq(u.lurd, "rDrd", "bad units changed nothing")

    lv.apply("rl")
    lv.undo()
    back = sokoban.Level.load(lv.save())
    eq((back.lurd, back.redo_count, str(back)), (lv.lurd, lv.redo_count, str(lv)), "save/load round trip")
    raises(pc.Error, lambda: sokoban.Level.load("nope"), "bad save raises")
    lv.restart()
    sol = lv.solve("moves")
    ok(sol.solved, "solved")
    eq((sol.moves, sol.pushes), (33, 8), "Microban 1: 33 moves, 8 pushes")
    eq(len(sol.lurd), 33, "LURD length")
    c = lv.clone()
    c.apply(sol.lurd)
    ok(c.solved and c.pushes == 8, "solution replays")
    ok(not lv.solved, "clone is independent")
    sp = lv.solve("pushes")
    eq(sp.pushes, 8, "push-optimal: 8")
    r0 = sokoban.Level("#######\n#     #\n# @$  #\n#    .#\n#######\n")
    eq((len(r0.reachable()), (2, 2) in r0.reachable(), (3, 2) in r0.reachable()), (14, True, False),
       "reachable squares")
    eq((len(r0.walk_path(5, 3)), r0.push_path(3, 2, 4, 1)), (4, "RdrU"), "walk_path and push_path")
    raises(pc.Error, lambda: r0.walk_path(3, 2), "walk onto a box raises")
    eq(r0.deadlock(), None, "deadlock: none in a live position")
    d2 = sokoban.Level("#######\n#     #\n# $$  #\n# $$  #\n#  @  #\n#.... #\n#######\n")
    eq(d2.deadlock(), (2, {(2, 2), (3, 2), (2, 3), (3, 3)}), "deadlock: a 2x2 block, frozen, its 4 boxes")
    seal = sokoban.Level("#########\n#@      #\n#   $   #\n#  **## #\n#  **.  #\n#########\n")
    eq(seal.deadlock(), (5, {(4, 2), (3, 3), (4, 3), (3, 4), (4, 4)}), "deadlock: a goal sealed off, kind 5")
    fa = lv.solve("any", seconds=5)
    c2 = lv.clone()
    c2.apply(fa.lurd)
    ok(fa.solved and fa.pushes >= 8 and fa.moves == len(fa.lurd) and c2.solved,
       f"any mode: a solution that replays ({fa.moves} moves, {fa.pushes} pushes)")
    eq(un_any := sokoban.Level("#####\n#$ .#\n#  @#\n#####\n").solve("any").bound, -1,
       "any mode: unsolvable level, bound -1")
    fs = lv.solve("short", seconds=5)
    c3 = lv.clone()
    c3.apply(fs.lurd)
    ok(fs.solved and fs.mode == "short" and 33 <= fs.moves <= fa.moves and fs.moves == len(fs.lurd) and c3.solved,
       f"short mode: a solution that replays, between the optimum and the fast one ({fs.moves} moves)")
    raises(pc.Error, lambda: lv.solve("shortest"), "an unknown mode raises")
    try:
        lv.solve("moves", max_nodes=3)
        ok(False, "budget raises")
    except pc.Error as e:
        eq(e.code, pc._ffi.enums["PC_ELIMIT"], "budget raises PC_ELIMIT")
        ok(0 < e.bound <= 33, f"stopped search: a lower bound at most the optimum ({e.bound})")
    eq((sol.bound, sp.bound), (33, 8), "a solution's bound is its count")
    idx = lv.index()
    eq((idx.u, idx.c, idx.pushes, idx.moves, idx.ci), (3, 14, 8, 33, 0.0), "Microban 1 index")
    un = sokoban.Level("#####\n#$ .#\n#  @#\n#####\n")
    s = un.solve()
    ok(not s.solved and s.moves is None and s.bound == -1, "unsolvable: solved False, bound -1")

    try:
        sokoban.Level("#####\n#@$$#\n#####\n")
        ok(False, "bad level raises")
    except pc.Error as e:
        ok("level has 2 boxes but 0 goals" in e.detail and "line 1" in e.detail, "error detail with line")

    col = sokoban.Collection("; a\n#####\n#@$.#\n#####\n\n; b\n######\n#@ $.#\n######\n")
    eq(len(col), 2, "collection length")
    eq(col.titles, ["a", "b"], "titles")
    eq(col.find("b"), 1, "find")
    eq(col.comments(0), "a", "comments")
    raises(KeyError, lambda: col.find("zzz"), "find missing raises KeyError")
    eq([lvl.solve().moves for lvl in col], [1, 2], "iterate and solve")
    eq(col[-1].title, "b", "negative index")
    raises(IndexError, lambda: col[2], "index out of range")
    col2 = sokoban.Collection(col.write())
    eq(col2.titles, col.titles, "write/parse round trip")

    eq(sokoban.raw_difficulty(8, 33), 13.0, "d")
    eq(sokoban.difficulty(13, 41), 0.8 * 5 + 0.2 * 8, "D")
    eq(sokoban.difficulty(7, 100), 0.0, "D clamps")
    ok(abs(sokoban.mechanical(3, 14) - 5.2) < 1e-12, "m")
    eq(sokoban.rules(3, 1), 1.0, "r")
    eq(sokoban.V0, 6.22, "V0")
    ok(abs(sokoban.volumability(3, 14) - 8.2 / 6.22) < 1e-12, "V")
    eq(sokoban.ci(8, 33, 3, 14), 0.0, "Ci Microban 1")
    eq(sokoban.variant_rules("colorban", 10), (30, 1), "Colorban a=30")
    eq(sokoban.variant_rules("pullpush"), (3, 2), "PullPush")
    raises(pc.Error, lambda: sokoban.rules(0, 1), "bad rules input")

    data = os.environ.get("PUZZLECORE_DATA", "data")
    with open(os.path.join(data, "sokoban", "microban.txt")) as f:
        mb = sokoban.Collection(f.read())
    eq(len(mb), 155, "Microban: 155 levels")
    eq(mb.find("3"), 2, "level titled 3")
    eq(mb[2].index().ci > 0, True, "Microban 3 has a positive index")

    cli = os.environ.get("PUZZLECORE_CLI")
    if cli and os.path.exists(cli):
        with tempfile.NamedTemporaryFile("w", suffix=".xsb", delete=False) as f:
            f.write("; first\n" + M1 + "\n; second\n#####\n#@$.#\n#####\n")
        try:
            out = subprocess.run([cli, "sokoban", "solve", f.name, "--level", "1"], capture_output=True,
                                 text=True, check=True).stdout.splitlines()
            eq(len(out), 1, "CLI: one line for --level 1")
            fields = dict(kv.split("=", 1) for kv in out[0].split())
            eq((fields["level"], fields["moves"], fields["pushes"], fields["u"], fields["c"], fields["ci"]),
               ("first", "33", "8", "3", "14", "0.0000"), "CLI: key=value fields")
            eq(len(fields["solution"]), 33, "CLI: solution of 33 letters")
            out = subprocess.run([cli, "sokoban", "index", f.name], capture_output=True, text=True,
                                 check=True).stdout.splitlines()
            eq([line.split()[0] for line in out], ["level=first", "level=second"], "CLI index: one line per level")
            ok("D=0.0000" in out[0] and "V=1.3183" in out[0], "CLI index: the formula's parts")
            bad = subprocess.run([cli, "sokoban", "solve", f.name, "--mode", "sideways"], capture_output=True)
            eq(bad.returncode, 2, "CLI: bad option exits 2")
        finally:
            os.unlink(f.name)
    else:
        ok(True, "CLI not built: skipped")


run(body)
