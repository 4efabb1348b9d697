#!/bin/sh
# tools/man1.sh — puzzlecore(1) from its template and the CLI's own help:
#
#   man1.sh CLI TEMPLATE VERSION > puzzlecore.1
#       the template with its line "@COMMANDS@" replaced by one subsection
#       per game (`puzzlecore GAME --help`) and per subcommand
#       (`puzzlecore GAME SUB --help`), and @VERSION@ by VERSION;
#   man1.sh --subcommands CLI GAME
#       the subcommands of GAME, one per line (tests/man.sh uses it).
#
# The subcommands are read from a game's --help: the words after
# "puzzlecore GAME" on its usage lines and the indented words of its
# "commands:" list.  When the CLI cannot run here (a cross build), the page
# says so instead of listing the commands.
AWK=${AWK:-awk}
# under a sanitizer build, a leak report must not end up in the page
ASAN_OPTIONS="detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"; export ASAN_OPTIONS

help() { "$@" --help </dev/null 2>&1; }

subcommands() { # CLI GAME
  help "$1" "$2" | $AWK -v g="$2" '
    /^[a-z]*:[ \t]*$/ { list = ($1 == "commands:"); next }
    { for (i = 1; i < NF; i++) if ($i == "puzzlecore" && $(i + 1) == g) { w = $(i + 2); if (w ~ /^[a-z][a-z-]*$/ && !seen[w]++) print w } }
    list && /^  [a-z][a-z-]* / { w = $1; if (!seen[w]++) print w }
    /^$/ { list = 0 }'
}

if [ "$1" = --subcommands ]; then subcommands "$2" "$3"; exit 0; fi

cli=$1 template=$2 version=$3
roff_block() { # text on stdin -> a no-fill block with roff specials escaped
  echo ".nf"
  sed -e 's/\\/\\e/g' -e "s/^\\([.']\\)/\\\\\\&\\1/" -e 's/—/\\(em/g' -e 's/–/\\(en/g' -e 's/×/\\(mu/g' -e 's/→/\\(->/g'
  echo ".fi"
}

commands() {
  if ! "$cli" --version >/dev/null 2>&1; then
    echo "The subcommands and their options are listed by"
    echo ".B puzzlecore"
    echo ".I GAME"
    echo ".BR \\-\\-help ."
    return
  fi
  games=$("$cli" --help | $AWK '/^games:/ { g = 1; next } g && /^  [a-z]/ { print $1 }')
  for g in $games; do
    echo ".SS \"puzzlecore $g\""
    help "$cli" "$g" | roff_block
    for s in $(subcommands "$cli" "$g"); do
      echo ".SS \"puzzlecore $g $s\""
      help "$cli" "$g" "$s" | roff_block
    done
  done
}

while IFS= read -r line; do
  case "$line" in
    @COMMANDS@) commands ;;
    *) printf '%s\n' "$line" | sed "s/@VERSION@/$version/g" ;;
  esac
done < "$template"
