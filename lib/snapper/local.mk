# lib/snapper: Snapper, the furniture puzzle (doc/snapper.md).
pcinclude_HEADERS += include/puzzlecore/snapper.h
lib_libpuzzlecore_la_SOURCES += \
	lib/snapper/board.c lib/snapper/board.h \
	lib/snapper/game.c lib/snapper/game.h \
	lib/snapper/text.c \
	lib/snapper/advisor.c
cli_puzzlecore_SOURCES += cli/snapper.c

check_PROGRAMS += tests/test_snapper
tests_test_snapper_SOURCES = tests/test_snapper.c
tests_test_snapper_LDADD = $(TEST_LDADD)
TESTS += tests/test_snapper tests/python/test_snapper.py tests/lua/test_snapper.lua tests/cli_snapper.sh
EXTRA_DIST += tests/python/test_snapper.py tests/lua/test_snapper.lua tests/cli_snapper.sh doc/snapper.md

noinst_PROGRAMS += examples/snapper
examples_snapper_SOURCES = examples/snapper.c
examples_snapper_LDADD = lib/libpuzzlecore.la
DEMOS += examples/snapper

EXTRA_PROGRAMS += bench/snapper
bench_snapper_SOURCES = bench/snapper.c
bench_snapper_LDADD = lib/libpuzzlecore.la
BENCHES += bench/snapper

pcpython_PYTHON += bindings/python/puzzlecore/snapper.py
LUA_MODULES += bindings/lua/puzzlecore/snapper.lua
dist_doc_DATA += doc/snapper.md
