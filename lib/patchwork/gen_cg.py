#!/usr/bin/env python3
"""Write patchwork_cg.c: the Patchwork engine, its common code, the bot-side
reader and a CodinGame main() in ONE C file that compiles alone
(`cc -O2 patchwork_cg.c`) and fits CodinGame's 100 000-character limit.

    gen_cg.py SRCDIR OUT.c

The sources are taken as they are in the tree (so the file never drifts
from the library), in dependency order; local #include lines are dropped
(each header comes once, before its users), system #includes are hoisted,
comments and indentation are removed.  Only pc_strerror is taken from
lib/common/status.c (the rest needs configure's config.h).  Fails when the
result is over the limit.
"""
import os
import re
import sys

LIMIT = 100000

FILES = [
    "include/puzzlecore/common.h", "include/puzzlecore/budget.h", "include/puzzlecore/patchwork.h",
    "lib/common/bits.h", "lib/common/alloc.h", "lib/common/rng.h", "lib/common/text.h", "lib/common/clock.h", "lib/common/budget.h",
    "lib/patchwork/pw.h", "lib/patchwork/game.h",
    "lib/common/rng.c", "lib/common/text.c", "lib/common/clock.c", "lib/common/budget.c",
    "lib/common/status.c:pc_strerror",
    "lib/patchwork/patches.c", "lib/patchwork/engine.c", "lib/patchwork/game.c", "lib/patchwork/protocol.c",
    "lib/patchwork/bot.c", "lib/patchwork/reader.c", "lib/patchwork/cg_main.c",
]


def strip_comments(src):
    """Remove /* */ and // comments, keeping strings and character literals."""
    out, i, n = [], 0, len(src)
    while i < n:
        c = src[i]
        if c in "\"'":
            j = i + 1
            while j < n and src[j] != c:
                j += 2 if src[j] == "\\" else 1
            out.append(src[i:j + 1])
            i = j + 1
        elif src.startswith("/*", i):
            j = src.find("*/", i + 2)
            out.append(" " if "\n" not in src[i:j] else "\n")
            i = j + 2
        elif src.startswith("//", i):
            j = src.find("\n", i)
            i = n if j < 0 else j
        else:
            out.append(c)
            i += 1
    return "".join(out)


WORD = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")
OPS = set("+-*/%=<>!&|^~?:.#")


def compact(code):
    """Drop the white space between two tokens unless both sides are word
    characters or both are operator characters (so no token is glued onto
    another: `a - -b`, `x+ +y`, `int x`); strings stay as they are."""
    out, i, n = [], 0, len(code)
    pending, width = False, 0
    while i < n:
        c = code[i]
        if c in " \t\n":
            pending = True
            i += 1
            continue
        if c in "\"'":
            j = i + 1
            while j < n and code[j] != c:
                j += 2 if code[j] == "\\" else 1
            tok = code[i:j + 1]
            i = j + 1
        else:
            tok = c
            i += 1
        if pending and out:
            a, b = out[-1][-1], tok[0]
            if (a in WORD and b in WORD) or (a in OPS and b in OPS):
                out.append(" ")
        pending = False
        out.append(tok)
        width += len(tok)
        if tok in (";", "}") and width > 110:
            out.append("\n")  # lines a compiler's diagnostics can point into
            width = 0
    return "".join(out)


def only_function(src, name):
    m = re.search(r"^[^\n]*\b" + name + r"\([^\n]*\)\n\{\n.*?^\}\n", src, re.S | re.M)
    if not m:
        sys.exit(f"gen_cg: {name} not found")
    return m.group(0)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    srcdir, out = sys.argv[1], sys.argv[2]
    system, body = [], []
    for f in FILES:
        path, _, fn = f.partition(":")
        text = open(os.path.join(srcdir, path), encoding="utf-8").read()
        if fn:
            text = only_function(text, fn)
        text = strip_comments(text)
        lines, code = [], []
        cont = False
        for ln in text.split("\n"):
            s = ln.strip()
            if not s:
                continue
            if s.startswith("#") or cont:
                # preprocessor lines (and their continuations) stay lines
                if s.startswith("#include") and "windows.h" not in s:
                    # system headers go to the top once; <windows.h> stays
                    # inside the platform layer's #if _WIN32
                    if "<" in s and s not in system:
                        system.append(s)
                    continue
                if s.startswith("#define _POSIX_C_SOURCE") or s.startswith("#define _GNU_SOURCE"):
                    continue
                if code:
                    lines.append(compact("\n".join(code)))
                    code = []
                lines.append(s)
                cont = s.endswith("\\")
            else:
                code.append(s)
        if code:
            lines.append(compact("\n".join(code)))
        # PUZZLECORE_API is empty in a program's own source: drop the word
        # from declarations (not from the #define lines that set it)
        lines = [ln if ln.startswith("#") else re.sub(r"\bPUZZLECORE_API ", "", ln) for ln in lines]
        body.append("\n".join(lines))
    head = ("/* patchwork_cg.c: libpuzzlecore's Patchwork engine and bot in one file for CodinGame,\n"
            " * generated by lib/patchwork/gen_cg.py (make cg-patchwork); edit the library, not this. */\n"
            "#define _POSIX_C_SOURCE 200809L\n#define PUZZLECORE_SINGLE_FILE 1\n"
            "#if defined(__GNUC__) && !defined(__clang__)\n"
            "#pragma GCC diagnostic ignored \"-Wmisleading-indentation\"\n#endif\n"
            "#ifdef __clang__\n#pragma clang diagnostic ignored \"-Wempty-body\"\n#endif\n")
    # log and sqrt without libm (`cc -O2 file.c` links no -lm): the UCT
    # formula needs a few digits only, these give full double precision
    mathfns = ("static double cg_log(double x){int e=0;double y,y2,s=0,t;if(x<=0)return -1e300;"
               "while(x>=2){x*=.5;e++;}while(x<1){x*=2;e--;}y=(x-1)/(x+1);y2=y*y;t=y;"
               "for(int k=1;k<60;k+=2){s+=t/k;t*=y2;}return 2*s+e*0.6931471805599453;}\n"
               "static double cg_sqrt(double x){double r=x>1?x:1,n;if(x<=0)return 0;"
               "for(int i=0;i<200;i++){n=.5*(r+x/r);if(n>=r)break;r=n;}return r;}\n"
               "#define PW_LOG cg_log\n#define PW_SQRT cg_sqrt\n")
    # events.c (what a move did, for front ends) is left out: a bot needs none
    stub = ("void pc__patchwork_note_move(pc_patchwork*g,const pw_state*b,const pw_move*m,int32_t me,int32_t i)"
            "{(void)g;(void)b;(void)m;(void)me;(void)i;}\n")
    text = head + "\n".join(system) + "\n" + mathfns + "\n".join(body) + "\n" + stub
    # prototypes of public functions this file neither defines nor calls
    # (the rest of the API: events, setters a bot never uses) are dropped
    proto = re.compile(r"(?:int32_t|int64_t|uint32_t|uint64_t|void|double|const char\*) ?(pc_\w+)\([^;{}]*\);\n?")
    def prune(m):
        if len(re.findall(r"\b" + m.group(1) + r"\b", text)) < 2:
            return ""
        # a prototype needs no parameter names: "const pc_patchwork*g" -> "const pc_patchwork*"
        head, _, params = m.group(0).partition("(")
        if "(" in params:  # a function-pointer parameter: leave it whole
            return m.group(0)
        params = re.sub(r"(?<=[\w*])(?:\*|\s)+(\w+)(?=[,)])",
                        lambda p: p.group(0)[:-len(p.group(1))].rstrip() if p.group(1) not in
                        ("void", "char", "int", "double") else p.group(0), params)
        return head + "(" + params
    text = proto.sub(prune, text)

    # and public enums none of whose constants the file uses
    def unused_enum(m):
        names = re.findall(r"(\w+)=", m.group(1))
        used = any(len(re.findall(r"\b" + n + r"\b", text)) > 1 for n in names)
        return m.group(0) if used else ""
    text = re.sub(r"enum pc_\w+\{([^{}]*)\}\s*;\n?", unused_enum, text)
    if len(text) > LIMIT:
        sys.exit(f"gen_cg: {len(text)} characters, over CodinGame's {LIMIT}")
    with open(out, "w", encoding="utf-8") as fh:
        fh.write(text)
    print(f"{out}: {len(text)} characters")


if __name__ == "__main__":
    main()
