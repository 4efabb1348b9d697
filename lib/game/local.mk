# lib/game: pc_game, the one front door over every kind (include/puzzlecore/game.h).
pcinclude_HEADERS += include/puzzlecore/game.h
lib_libpuzzlecore_la_SOURCES += \
	lib/game/game.c lib/game/kind.h lib/game/params.c \
	lib/game/kind_nonogram.c lib/game/kind_pickerel.c lib/game/kind_snapper.c \
	lib/game/kind_sokoban.c lib/game/kind_patchwork.c
cli_puzzlecore_SOURCES += cli/play.c

# Conformance of every kind through pc_game, and the golden playthroughs.
check_PROGRAMS += tests/test_game
tests_test_game_SOURCES = tests/test_game.c
tests_test_game_LDADD = $(TEST_LDADD)
# (in TESTS from Makefile.am's first line, among the long tests started first)

# doc/api.md's conventions, checked in every game
check_PROGRAMS += tests/test_conventions
tests_test_conventions_SOURCES = tests/test_conventions.c
tests_test_conventions_LDADD = $(TEST_LDADD)
TESTS += tests/test_conventions
EXTRA_DIST += tests/golden/game-nonogram.txt tests/golden/game-pickerel.txt tests/golden/game-snapper.txt \
	tests/golden/game-sokoban.txt tests/golden/game-patchwork.txt tests/golden/game-nonogram-colour.txt
TESTS += tests/cli_play.sh tests/cli_cancel.sh
EXTRA_DIST += tests/cli_play.sh tests/cli_cancel.sh

noinst_PROGRAMS += examples/play_any
examples_play_any_SOURCES = examples/play_any.c
examples_play_any_LDADD = lib/libpuzzlecore.la
DEMOS += examples/play_any
dist_doc_DATA += doc/game.md

pcpython_PYTHON += bindings/python/puzzlecore/game.py
LUA_MODULES += bindings/lua/puzzlecore/game.lua
TESTS += tests/python/test_game.py tests/lua/test_game.lua
EXTRA_DIST += tests/python/test_game.py tests/lua/test_game.lua
