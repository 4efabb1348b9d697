# tools/man3.awk — one section-3 man page per public function, written from
# the comments of the public headers, plus the overview page puzzlecore.3.
#
#   awk -v dir=OUTDIR -v version=X.Y.Z -f tools/man3.awk include/puzzlecore/*.h
#
# POSIX awk (mawk, gawk, busybox).  The header rule it reads (HACKING.md):
# a comment block documents the PUZZLECORE_API declarations that follow it
# with no blank line in between; several declarations may share one comment
# (they then share a page's synopsis and description).  typedef lines between
# the comment and the declarations go into the synopsis.  A declaration with
# no comment gets a page with an empty DESCRIPTION, which tests/man.sh
# rejects, so an undocumented function fails `make check`.

function reset_group() { ncomment = 0; ndecl = 0; nextra = 0; }

function roff(s) {
    gsub(/\\/, "\\e", s)
    if (s ~ /^[.']/) s = "\\&" s
    gsub(/—/, "\\(em", s); gsub(/–/, "\\(en", s); gsub(/×/, "\\(mu", s); gsub(/²/, "\\(S2", s)
    gsub(/→/, "\\(->", s); gsub(/≤/, "\\(<=", s); gsub(/≥/, "\\(>=", s); gsub(/…/, "...", s)
    return s
}

function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }

# The first sentence of the group's comment: the NAME line and the overview.
function summary(    s, i, n, cut, c, depth) {
    s = ""
    for (i = 1; i <= ncomment; i++) {
        if (comment[i] == "") { if (s != "") break; continue }
        s = s (s == "" ? "" : " ") comment[i]
    }
    n = length(s); cut = 0; depth = 0
    for (i = 1; i < n; i++) {
        c = substr(s, i, 1)
        if (c == "(") depth++
        else if (c == ")" && depth > 0) depth--
        else if (depth == 0 && (substr(s, i, 2) == ". " || substr(s, i, 2) == "; ") && (i == 1 || substr(s, i - 1, 1) != ".")) { cut = i; break }
    }
    if (cut) s = substr(s, 1, cut - 1)
    sub(/\.$/, "", s)
    if (length(s) > 150) s = substr(s, 1, 147) "..."
    return s
}

function flush(    i, j, f, name, sum, hdr, base) {
    if (ndecl == 0) { reset_group(); return }
    sum = summary()
    hdr = FILENAME; sub(/.*\//, "", hdr)
    for (i = 1; i <= ndecl; i++) {
        name = dname[i]
        f = dir "/" name ".3"
        nfunc++; fname[nfunc] = name; fsum[nfunc] = sum; fhdr[nfunc] = hdr
        printf ".TH %s 3 \"\" \"libpuzzlecore %s\" \"libpuzzlecore Manual\"\n", toupper(name), version > f
        print ".\\\" Generated from include/puzzlecore/" hdr " by tools/man3.awk: edit the header, not this page." > f
        print ".SH NAME" > f
        print roff(name) " \\- " roff(sum == "" ? "(undocumented)" : sum) > f
        print ".SH SYNOPSIS" > f
        print ".nf" > f
        print ".B #include <puzzlecore/puzzlecore.h>" > f
        print ".RI \"(declared in \" puzzlecore/" hdr " )" > f
        print ".sp" > f
        for (j = 1; j <= nextra; j++) print roff(extra[j]) > f
        for (j = 1; j <= ndecl; j++) print roff(decl[j]) > f
        print ".fi" > f
        print ".PP" > f
        print "Link with" > f
        print ".IR \"$(pkg-config --libs libpuzzlecore)\" ." > f
        print ".SH DESCRIPTION" > f
        for (j = 1; j <= ncomment; j++) {
            if (comment[j] == "") { print ".PP" > f; continue }
            if (comment[j] ~ /^(- |[0-9]+\. |  )/) print ".br" > f
            print roff(trim(comment[j])) > f
        }
        print ".SH SEE ALSO" > f
        base = hdr; sub(/\.h$/, "", base)
        for (j = 1; j <= ndecl; j++) if (j != i) printf ".BR %s (3),\n", dname[j] > f
        print ".BR puzzlecore (3)," > f
        print ".BR libpuzzlecore (3)," > f
        print "and the guide" > f
        printf ".I %s.md\n", (base == "common" || base == "budget" || base == "nonogram_colour" ? (base == "nonogram_colour" ? "nonogram" : "api") : base) > f
        print "installed with the package's documentation." > f
        close(f)
    }
    reset_group()
}

FNR == 1 {
    if (NR > 1) flush()
    reset_group(); incomment = 0; indecl = 0; filehead = 1
    hdr = FILENAME; sub(/.*\//, "", hdr)
    nheader++; header[nheader] = hdr; headsum[nheader] = ""
}

incomment {
    line = $0
    if (index(line, "*/")) { incomment = 0; sub(/[ \t]*\*\/.*$/, "", line) }
    sub(/^[ \t]*\*[ \t]?/, "", line)
    line = trim2(line)
    comment[++ncomment] = line
    if (filehead) { if (line == "" && headsum[nheader] != "") filehead = 0; else if (line != "") headsum[nheader] = headsum[nheader] (headsum[nheader] == "" ? "" : " ") line }
    if (!incomment) { filehead = 0; while (ncomment > 0 && comment[ncomment] == "") ncomment--; while (ncomment > 0 && comment[1] == "") { for (k = 1; k < ncomment; k++) comment[k] = comment[k + 1]; ncomment-- } }
    next
}

# keep list indentation (two spaces or more after the comment's own margin)
function trim2(s) { sub(/[ \t]+$/, "", s); if (s ~ /^   +/) { sub(/^ +/, "", s); return "  " s } sub(/^ +/, "", s); return s }

indecl {
    decl[ndecl] = decl[ndecl] " " trim($0)
    if (index($0, ";")) { indecl = 0; finish_decl() }
    next
}

function finish_decl(    s, n) {
    s = decl[ndecl]
    gsub(/[ \t]+/, " ", s); sub(/^PUZZLECORE_API /, "", s); gsub(/\( /, "(", s); gsub(/ \)/, ")", s)
    decl[ndecl] = s
    n = s; sub(/[ \t]*\(.*/, "", n); sub(/.*[ *]/, "", n)
    dname[ndecl] = n
}

/^[ \t]*$/ { flush(); next }

/^[ \t]*\/\*/ {
    flush()
    line = $0; sub(/^[ \t]*\/\*[ \t]?/, "", line)
    if (index(line, "*/")) {
        sub(/[ \t]*\*\/.*$/, "", line); line = trim(line)
        if (line ~ /^-+ .* -+$/ || line ~ /^-+$/) { reset_group(); next }   # a section rule
        if (line != "") comment[++ncomment] = line
        if (filehead && nheader) { headsum[nheader] = line; filehead = 0 }
    } else {
        incomment = 1
        line = trim2(line)
        if (line != "") comment[++ncomment] = line
        if (filehead && line != "") headsum[nheader] = line
    }
    next
}

/^PUZZLECORE_API/ {
    decl[++ndecl] = $0
    if (index($0, ";")) finish_decl(); else indecl = 1
    next
}

/^typedef .*;[ \t]*$/ { if (ncomment > 0) extra[++nextra] = $0; next }

{ flush() }

END {
    flush()
    f = dir "/puzzlecore.3"
    printf ".TH PUZZLECORE 3 \"\" \"libpuzzlecore %s\" \"libpuzzlecore Manual\"\n", version > f
    print ".\\\" Generated from include/puzzlecore/*.h by tools/man3.awk." > f
    print ".SH NAME" > f
    print "puzzlecore \\- the C API of libpuzzlecore, one page per function" > f
    print ".SH SYNOPSIS" > f
    print ".nf" > f
    print ".B #include <puzzlecore/puzzlecore.h>" > f
    print ".sp" > f
    print ".B cc prog.c $(pkg-config \\-\\-cflags \\-\\-libs libpuzzlecore)" > f
    print ".fi" > f
    print ".SH DESCRIPTION" > f
    print "Every public function has its own page in section 3, written from the comment" > f
    print "that documents it in its header.  The conventions shared by every call" > f
    print "(status codes, handles, caller-owned text buffers, the seeded generator) are in" > f
    print ".BR libpuzzlecore (3)" > f
    print "and" > f
    print ".BR pc_strerror (3)." > f
    print ".SH FUNCTIONS" > f
    for (h = 1; h <= nheader; h++) {
        n = 0
        for (i = 1; i <= nfunc; i++) if (fhdr[i] == header[h]) n++
        if (n == 0) continue
        print ".SS puzzlecore/" header[h] > f
        s = headsum[h]; sub(/^puzzlecore\/[a-z_]*\.h[ \t]*(\\-|—|-)*[ \t]*/, "", s)
        if (s != "") print roff(s) > f
        for (i = 1; i <= nfunc; i++) {
            if (fhdr[i] != header[h]) continue
            print ".TP" > f
            printf ".BR %s (3)\n", fname[i] > f
            print roff(fsum[i]) > f
        }
    }
    print ".SH SEE ALSO" > f
    print ".BR libpuzzlecore (3)," > f
    print ".BR puzzlecore (1)" > f
    close(f)
}
