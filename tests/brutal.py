#!/usr/bin/env python3
"""A small, independent stand-in for cg-brutaltester, to test referees.

It speaks the two protocols of dreignier/cg-brutaltester as its GameThread
and OldGameThread do (written from their description, not their code):

  new:  brutal.py new "REFEREE CMD" "P1 CMD" "P2 CMD" [--seed N] [--log FILE]
        runs REFEREE CMD split on single spaces, plus -p1 P1 -p2 P2 (each one
        argument), -d seed=N, -l FILE; reads the scores as whitespace
        separated integers (player order) and the rest of stdout as data;
        any stderr output is an error, and so is a negative score.
  old:  brutal.py old "REFEREE CMD" "P1 CMD" "P2 CMD" [--seed N]
        starts the referee and the players (each command split on single
        spaces, no shell), writes "###Seed N" (with --seed) and "###Start 2",
        then relays: "###Input i" + lines -> player i, "###Output i n" -> n
        lines of player i back to the referee, until "###End ...".  A player
        that does not answer (crashed, or too slow) gets nothing relayed: the
        referee's own clock decides.

It prints a transcript: every line it relays or reads, then a `result`
line: `result scores=A,B winner=0|1|draw errors=N data=...` (new) or
`result end="###End 0 1" winner=...` (old).  Exit 0 unless the driver
itself fails.
"""
import os
import select
import signal
import subprocess
import sys
import time


def say(*a):
    print(*a, flush=True)


def winner_of(scores):
    if scores[0] > scores[1]:
        return "0"
    if scores[1] > scores[0]:
        return "1"
    return "draw"


def run_new(referee, p1, p2, seed, log):
    argv = referee.split(" ") + ["-p1", p1, "-p2", p2]
    if seed is not None:
        argv += ["-d", f"seed={seed}"]
    if log:
        argv += ["-l", log]
    say("command " + " ".join(repr(a) if " " in a else a for a in argv))
    r = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=600)
    for line in r.stdout.splitlines():
        say("referee: " + line)
    errors = 0
    if r.stderr:
        errors += 1
        for line in r.stderr.splitlines():
            say("referee stderr: " + line)
    # like java.util.Scanner: integer tokens first (skipping junk lines)
    lines = r.stdout.splitlines()
    scores, i = [], 0
    while len(scores) < 2 and i < len(lines):
        toks = lines[i].split()
        i += 1
        for t in toks:
            try:
                scores.append(int(t))
            except ValueError:
                errors += 1
                break
    data = lines[i:]
    if len(scores) < 2:
        say("result error=no-scores")
        return 0
    for p, s in enumerate(scores):
        if s < 0:
            errors += 1
            say(f"error: negative score for player {p}: {s}")
    say(f"result scores={scores[0]},{scores[1]} winner={winner_of(scores)} errors={errors} "
        f"exit={r.returncode} data={';'.join(data)}")
    return 0


class Proc:
    def __init__(self, cmd, name):
        self.name = name
        self.p = subprocess.Popen(cmd.split(" "), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, start_new_session=True)
        self.buf = b""
        self.eof = False

    def send(self, line):
        try:
            self.p.stdin.write((line + "\n").encode())
            self.p.stdin.flush()
        except (BrokenPipeError, OSError):
            pass

    def fileno(self):
        return self.p.stdout.fileno()

    def pump(self):
        """Read what is there (after select said so)."""
        chunk = os.read(self.fileno(), 65536)
        if not chunk:
            self.eof = True
        self.buf += chunk

    def line(self):
        if b"\n" in self.buf:
            ln, self.buf = self.buf.split(b"\n", 1)
            return ln.decode(errors="replace").rstrip("\r")
        return None

    def kill(self):
        try:
            os.killpg(self.p.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        self.p.wait()


def referee_line(ref, deadline):
    while True:
        ln = ref.line()
        if ln is not None:
            return ln
        if ref.eof:
            return None
        left = deadline - time.monotonic()
        if left <= 0:
            return None
        r, _, _ = select.select([ref], [], [], left)
        if r:
            ref.pump()


def run_old(referee, p1, p2, seed):
    ref = Proc(referee, "referee")
    players = [Proc(p1, "player 0"), Proc(p2, "player 1")]
    try:
        if seed is not None:
            ref.send(f"###Seed {seed}")
            say(f"driver: ###Seed {seed}")
        ref.send("###Start 2")
        say("driver: ###Start 2")
        line = referee_line(ref, time.monotonic() + 60)
        relayed = 0
        while line is not None and not line.startswith("###End"):
            say("referee: " + line)
            if line.startswith("###Input "):
                target = players[int(line.split(" ")[1])]
                line = referee_line(ref, time.monotonic() + 60)
                while line is not None and not line.startswith("###"):
                    target.send(line)
                    relayed += 1
                    line = referee_line(ref, time.monotonic() + 60)
                continue
            if line.startswith("###Output "):
                _, who, count = line.split(" ")
                pl = players[int(who)]
                want = int(count)
                # relay the player's lines, unless the referee speaks first
                # (its clock ran out: it has moved on, e.g. to ###End)
                while want > 0:
                    got = pl.line()
                    if got is not None:
                        say(f"player {who}: {got}")
                        ref.send(got)
                        want -= 1
                        continue
                    if b"\n" in ref.buf or ref.eof:
                        break
                    waits = [ref] + ([] if pl.eof else [pl])
                    r, _, _ = select.select(waits, [], [], 60)
                    if not r:
                        break
                    for x in r:
                        x.pump()
                    if ref.eof:
                        break
                line = referee_line(ref, time.monotonic() + 60)
                continue
            say("driver: unexpected referee line")
            line = referee_line(ref, time.monotonic() + 60)
        if line is None:
            say("result error=no-end")
            return 0
        say("referee: " + line)
        fields = line.split(" ")[1:]
        rank = {}
        for pos, f in enumerate(fields):
            for c in f:
                rank[int(c)] = pos
        w = "draw" if rank.get(0) == rank.get(1) else ("0" if rank.get(0, 9) < rank.get(1, 9) else "1")
        say(f'result end="{line}" winner={w} relayed_lines={relayed}')
        return 0
    finally:
        for x in players + [ref]:
            x.kill()


def main(argv):
    if len(argv) < 5 or argv[1] not in ("new", "old"):
        print(__doc__, file=sys.stderr)
        return 2
    mode, referee, p1, p2 = argv[1:5]
    seed, log = None, None
    rest = argv[5:]
    while rest:
        if rest[0] == "--seed":
            seed = int(rest[1])
        elif rest[0] == "--log":
            log = rest[1]
        else:
            print(__doc__, file=sys.stderr)
            return 2
        rest = rest[2:]
    if mode == "new":
        return run_new(referee, p1, p2, seed, log)
    return run_old(referee, p1, p2, seed)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
