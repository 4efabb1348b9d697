"""Python binding of Patchwork: a scripted game, errors, protocol, bots, CLI arena."""
import os
import subprocess
import sys

import puzzlecore as pc
from puzzlecore import patchwork as pw
from tap import eq, ok, raises, run


def body():
    p = pw.patch(3)
    eq((p.earn, p.price, p.time, p.cells, p.shape), (2, 10, 3, 5, "OOOO|O..."), "patch 3 facts")
    eq(pw.shape(3, 0, 1), "OO|.O|.O|.O", "one clockwise turn")
    eq(pw.orientations(0), [0, 1, 4, 5], "patch 0 distinct orientations")
    eq(sum(pw.patch(i).cells for i in range(33)), 166, "166 cells in all")

    deck = [29] + [i for i in range(33) if i != 29]
    g = pw.Game(league=pw.LEAGUE3, deck=deck)
    eq(g.deck, deck, "explicit deck")
    eq(g.market[:3], [29, 0, 1], "window")
    g.play(29, 0, 0)
    me = g.players[0]
    eq((me.position, me.buttons, me.income), (6, 3, 2), "income includes the patch just bought")
    eq(me.board[0], "..O......", "board row 0")
    ok(me.cell(0, 1) and not me.cell(0, 0), "cells")
    eq(g.to_move, 1, "P1 behind")
    before = g.save()
    raises(pc.Error, lambda: g.play(5, 0, 0), "patch outside the window raises")
    try:
        g.play(0, 0, 0)
    except pc.Error as e:
        eq(e.code, pc._ffi.enums["PC_EILLEGAL"], "too dear: PC_EILLEGAL")
    eq(g.save(), before, "failed moves change nothing")
    g.skip()
    eq((g.players[1].position, g.players[1].buttons), (7, 12), "SKIP pays 1 per step")
    h = pw.Game.load(g.save())
    eq(h.save(), g.save(), "save/load round trip")
    c = g.clone()
    c.skip()
    ok(c.actions == g.actions + 1, "clone is independent")
    eq([str(m) for _, m in g.history], ["PLAY 29 0 0 0 0", "SKIP"], "history")

    moves = g.legal_moves()
    eq(moves[0], pw.Move.skip(), "SKIP listed first")
    ok(all(g.is_legal(m) for m in moves), "every listed move is legal")
    eq(pw.Move.from_code(moves[-1].code), moves[-1], "move code round trip")

    # protocol
    g = pw.Game(league=pw.LEAGUE1, deck=range(33))
    text = g.referee_input()
    ok(text.startswith("0\n\n0\n\n200 0 0\n.........\n"), "league 1 init lines are empty")
    ok(text.endswith("32 0 2 1 OO\n0\n0\n"), "circle, special id, no moves")
    mv, fixes = g.referee_step("PLAY 0 0 0 hello")
    eq((str(mv), fixes), ("PLAY 0 0 0 0 0", set()), "referee step")
    ok(g.referee_input().endswith("0\n1\nPLAY 0 0 0\n"), "league 1 logs PLAY id x y")
    mv, fixes = g.referee_step("PLAY 9 0 0")
    eq((mv.kind, fixes), (pw.SKIP, {"invalid_id"}), "invalid id becomes SKIP")
    raises(pc.Error, lambda: g.referee_step("HELLO"), "unknown command raises")
    eq(pw.parse_command(4, "PLAY 1 2 3 1 6 hi"), (1, 1, 2, 3, 1, 2, "hi"), "parse_command")

    # expert settings
    g = pw.Game(league=4, seed=3)
    g.bonus_size = 3
    g.initial_money = 20
    eq((g.bonus_size, g.players[1].buttons), (3, 20), "expert settings")
    g.skip()
    raises(pc.Error, lambda: setattr(g, "initial_money", 9), "fixed once playing")

    # what a move did, and who covers each square
    g = pw.Game(league=4, seed=3)
    eq(g.events, [], "no events before the first move")
    g.skip()
    ev = g.events
    ok(ev and ev[0][0] == "skip" and ev[0][1] == 0 and ev[0][2][0] > 0, "skip: an event with the squares moved")
    m = g.legal_moves()
    buy = next(mv for mv in m if mv.kind == pw.PLAY)
    who = g.to_move
    g.apply(buy)
    ok(g.events[0][0] == "buy" and g.events[0][2][0] == buy.patch, "buy: the patch bought")
    covered = [(x, y) for y in range(9) for x in range(9) if g.players[who].cell(x, y)]
    ok(covered and all(g.players[who].cell_patch(x, y)[0] == buy.patch for x, y in covered),
       "cell_patch: every covered square names the patch")
    eq(g.players[1 - who].cell_patch(0, 0), (-1, 0), "an empty square: nobody")

    # bots and a whole game
    g = pw.Game(league=4, seed=8)
    while not g.over:
        g.apply(g.suggest(playouts=60) if g.to_move == 0 else g.baseline_move())
    ok(g.winner in (0, 1, pw.DRAW), "a bot game ends: %s" % (g.scores,))
    raises(pc.Error, lambda: g.skip(), "no move after the end")

    # the CLI arena: crash, hang and garbage lose and never hang the arena
    cli = os.environ.get("PUZZLECORE_CLI")
    # the bot-side reader follows a whole game from both seats
    ref = pw.Game(league=pw.LEAGUE4, seed=11)
    readers = (pw.Reader(), pw.Reader())
    followed = True
    while not ref.over:
        p = ref.to_move
        if not readers[p].feed(ref.referee_input()):
            followed = False
            break
        mine = readers[p].game()
        followed = followed and readers[p].seat == p and mine.to_move == p
        text = mine.baseline_move().text(pw.LEAGUE4)
        readers[p].sent(text)
        ref.referee_step(text)
    ok(followed and ref.over, "Reader: both seats follow a whole league-4 game")
    rd = pw.Reader(pw.LEAGUE3)
    try:
        rd.feed(pw.Game(league=pw.LEAGUE4, seed=1).referee_input())
        ok(False, "Reader: desync raises")
    except pc.Error as e:
        ok(e.code == pw.enums["PC_EILLEGAL"] and "desync" in str(e), f"Reader: desync raises PC_EILLEGAL: {e}")
    b = pw.Budget(max_nodes=0, max_seconds=60, seed=3)
    b.stop()
    try:
        pw.Game(seed=1).suggest(budget=b)
        ok(False, "a cancelled budget raises")
    except pc.Error as e:
        ok(e.code == pw.enums["PC_ECANCELLED"], "a cancelled Budget: Error(PC_ECANCELLED)")

    if cli and os.path.exists(cli):
        good = f"{cli} patchwork bot --league 2 --playouts 20"
        # a long first turn (the uninstalled CLI is a libtool wrapper, slow to start on a loaded
        # machine) and turns long enough for the good bot under ASan on a loaded machine; the hang
        # bot answers its first turn, then sleeps past its turn
        for name, bad in (("crash", "exit 3"), ("hang", "echo SKIP; sleep 30"), ("garbage", "echo MOVE; sleep 5")):
            r = subprocess.run([cli, "patchwork", "arena", "--league", "2", "--games", "2",
                                "--first-ms", "15000", "--turn-ms", "5000", "--quiet", good, bad],
                               capture_output=True, text=True, timeout=120)
            lines = [ln for ln in r.stdout.splitlines() if not ln.startswith("pair ")]
            ok(r.returncode == 0 and len(lines) == 3 and all("winner=0" in l for l in lines[:2])
               and "forfeits1=2" in lines[2], f"arena: a {name} bot loses both games")
            if name == "crash":
                ok(" end=crash " in lines[0] and "score1=-1" in lines[0], "crash reported, score -1")
            if name == "hang":
                ok(" end=timeout " in lines[0], "timeout reported")
            if name == "garbage":
                ok(" end=unknown " in lines[0], "unknown command reported")
        r = subprocess.run([cli, "patchwork", "arena", "--league", "4", "--games", "2", "--seed", "5",
                            "--first-ms", "30000", "--turn-ms", "30000",
                            f"{cli} patchwork bot --playouts 30", f"{cli} patchwork bot --baseline"],
                           capture_output=True, text=True, timeout=300)
        lines = [ln for ln in r.stdout.splitlines() if not ln.startswith("pair ")]
        ok(r.returncode == 0 and len(lines) == 3 and all(" end=normal " in l for l in lines[:2]),
           "arena: bot vs baseline, two normal games")
        ok("desynchronised" not in r.stderr, "the bot tracked the referee's input byte for byte")
        ok(lines[0].startswith("game=1 seed=5 seat0=0 ") and lines[1].startswith("game=2 seed=5 seat0=1 "),
           "seats swap on the same seed")
    else:
        ok(True, "# SKIP no CLI")


run(body)
