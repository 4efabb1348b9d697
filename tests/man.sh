#!/bin/sh
# Man pages (TAP): every public function has its section-3 page, written from
# its header comment, with a NAME line and a non-empty DESCRIPTION; the
# overview puzzlecore(3) lists them all; puzzlecore(1) has every subcommand of
# the CLI.  The pages are built by make (tools/man3.awk, tools/man1.sh).
n=0; fail=0
tap() { n=$((n+1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fail=1; fi; }
awk=${AWK:-awk}
man3="$top_builddir/man3"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pc-man.XXXXXX"); trap 'rm -rf "$tmp"' EXIT

# The public functions, from the headers (PUZZLECORE_API ... name(...);)...
$awk '/^PUZZLECORE_API/ { d = 1; s = "" } d { s = s " " $0 }
     d && /;/ { d = 0; sub(/[ \t]*\(.*/, "", s); sub(/.*[ *]/, "", s); print s }' \
  "$top_srcdir"/include/puzzlecore/*.h | sort -u > "$tmp/api"
# ... and from the library (every exported symbol must be one of them)
so="$top_builddir/lib/.libs/libpuzzlecore.so"
if [ -f "$so" ]; then
  ${NM:-nm} -D --defined-only "$so" | $awk '$3 ~ /^pc_/ { s = $3; sub(/@.*/, "", s); print s }' | sort -u > "$tmp/exported"
  missing=$(comm -23 "$tmp/exported" "$tmp/api")
  [ -z "$missing" ]; tap $? "every exported symbol is a PUZZLECORE_API declaration of a public header"
  [ -z "$missing" ] || echo "$missing" | sed 's/^/# not in a header: /'
fi
count=$(wc -l < "$tmp/api" | tr -d ' ')
[ "$count" -gt 100 ]; tap $? "the headers declare $count public functions"

# one awk over every page: "name name_ok description_ok" per page
$awk 'function done() { if (f != "") print f, ok, (t > 0) }
     FNR == 1 { done(); f = FILENAME; sub(/.*\//, "", f); sub(/\.3$/, "", f); ok = 0; t = 0; d = 0 }
     /^\.SH NAME/ { getline; ok = (index($0, f " \\- ") == 1 && length($0) > length(f) + 6 && $0 !~ /undocumented/); next }
     /^\.SH DESCRIPTION/ { d = 1; next } /^\.SH/ { d = 0 } d && !/^\./ && NF { t++ }
     END { done() }' "$man3"/*.3 2>/dev/null | sort > "$tmp/pages"
nopage=$(cut -d" " -f1 "$tmp/pages" | sort | comm -23 "$tmp/api" - | tr '\n' ' ')
noname=$($awk '$2 == 0 { print $1 }' "$tmp/pages" | sort | comm -12 "$tmp/api" - | tr '\n' ' ')
nodesc=$($awk '$3 == 0 { print $1 }' "$tmp/pages" | sort | comm -12 "$tmp/api" - | tr '\n' ' ')
[ -z "$nopage" ]; tap $? "every public function has a man page in section 3"
[ -z "$nopage" ] || echo "# no page: $nopage"
[ -z "$noname" ]; tap $? "every page has a NAME line with a summary"
[ -z "$noname" ] || echo "# bad NAME: $noname"
[ -z "$nodesc" ]; tap $? "every page has a non-empty DESCRIPTION (the header comment)"
[ -z "$nodesc" ] || echo "# empty DESCRIPTION (no comment right above the declaration): $nodesc"

extra=$(ls "$man3" | sed -n 's/\.3$//p' | grep -v '^puzzlecore$' | sort | comm -13 "$tmp/api" -)
[ -z "$extra" ]; tap $? "no page for a name that is not a public function"
[ -z "$extra" ] || echo "# extra:" $extra

ov="$man3/puzzlecore.3"
notlisted=$($awk '/^\.BR [a-z0-9_]+ \(3\)/ { print $2 }' "$ov" 2>/dev/null | sort -u | comm -23 "$tmp/api" - | tr '\n' ' ')
[ -f "$ov" ] && [ -z "$notlisted" ]; tap $? "puzzlecore(3) lists every function"
[ -z "$notlisted" ] || echo "# not in puzzlecore(3): $notlisted"

# The pages render without warnings (groff, when installed).
if command -v groff >/dev/null 2>&1; then
  # one groff over every page (one process per page took 18 s); its
  # warnings name the file and line
  pages=; for p in "$man3"/*.3 "$top_builddir/puzzlecore.1"; do [ -f "$p" ] && pages="$pages $p"; done
  w=$(groff -man -Tutf8 -ww -z $pages 2>&1)
  bad=
  [ -z "$w" ] || bad=" $(echo "$w" | head -n 5 | tr '\n' ' ')"
  [ -z "$bad" ]; tap $? "every page renders without a groff warning"
  [ -z "$bad" ] || echo "# warnings:$bad"
fi

# puzzlecore(1): every game of `puzzlecore --help` and every subcommand of
# each game's --help appears as `puzzlecore GAME SUB` in the page.
cli="$top_builddir/cli/puzzlecore"
page="$top_builddir/puzzlecore.1"
if [ -x "$cli" ]; then
  [ -f "$page" ]; tap $? "puzzlecore(1) is built"
  games=$("$cli" --help | $awk '/^games:/ { g = 1; next } g && /^  [a-z]/ { print $1 }')
  [ -n "$games" ]; tap $? "puzzlecore --help lists the games"
  for g in $games; do
    subs=$(sh "$top_srcdir/tools/man1.sh" --subcommands "$cli" "$g")
    missing=
    for s in $subs; do
      grep -q "puzzlecore $g $s" "$page" || missing="$missing $s"
    done
    grep -q "puzzlecore $g" "$page" && [ -z "$missing" ]
    tap $? "puzzlecore(1) has '$g' and its subcommands: $(echo $subs)"
    [ -z "$missing" ] || echo "# missing:$missing"
  done
fi
echo "1..$n"
exit $fail
