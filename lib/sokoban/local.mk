# lib/sokoban: Sokoban maps, play, optimal solver, map creativity index.
pcinclude_HEADERS += include/puzzlecore/sokoban.h
lib_libpuzzlecore_la_SOURCES += \
	lib/sokoban/sokoban_int.h \
	lib/sokoban/level.c \
	lib/sokoban/dead.c \
	lib/sokoban/save.c \
	lib/sokoban/play.c \
	lib/sokoban/solver_int.h \
	lib/sokoban/solver.c \
	lib/sokoban/solver_store.c \
	lib/sokoban/solver_dist.c \
	lib/sokoban/solver_sym.c \
	lib/sokoban/solver_perim.c \
	lib/sokoban/solver_walk.c \
	lib/sokoban/solver_corral.c \
	lib/sokoban/solver_pot.c \
	lib/sokoban/fast_int.h lib/sokoban/fast_learn.h lib/sokoban/fast_room.h lib/sokoban/fast_solver.h lib/sokoban/hungarian.h \
	lib/sokoban/fast.c lib/sokoban/fast_board.c lib/sokoban/fast_frozen.c lib/sokoban/fast_corral.c \
	lib/sokoban/fast_pack.c lib/sokoban/fast_learn.c lib/sokoban/fast_deadlock.c lib/sokoban/fast_store.c lib/sokoban/fast_room.c \
	lib/sokoban/shorten.h lib/sokoban/shorten.c \
	lib/sokoban/assist.c \
	lib/sokoban/cindex.c
cli_puzzlecore_SOURCES += cli/sokoban.c

check_PROGRAMS += tests/test_sokoban
tests_test_sokoban_SOURCES = tests/test_sokoban.c
tests_test_sokoban_LDADD = $(TEST_LDADD)
check_PROGRAMS += tests/test_sokoban_fast tests/test_sokoban_deadlock tests/test_sokoban_dead tests/test_sokoban_fast_learn \
	tests/test_sokoban_fast_room
# The fast mode's learned deadlock patterns and its room advisor, through
# internal entry points: these tests compile the module's sources themselves
# (the library hides pc__ symbols).
SOKOBAN_INTERNAL_TEST_SOURCES = \
	lib/sokoban/level.c lib/sokoban/dead.c lib/sokoban/save.c lib/sokoban/play.c lib/sokoban/solver.c \
	lib/sokoban/solver_store.c lib/sokoban/solver_dist.c lib/sokoban/solver_sym.c lib/sokoban/solver_perim.c \
	lib/sokoban/solver_walk.c lib/sokoban/solver_corral.c lib/sokoban/solver_pot.c lib/sokoban/fast.c \
	lib/sokoban/fast_board.c lib/sokoban/fast_frozen.c lib/sokoban/fast_corral.c lib/sokoban/fast_pack.c \
	lib/sokoban/fast_learn.c lib/sokoban/fast_deadlock.c lib/sokoban/fast_store.c lib/sokoban/fast_room.c lib/sokoban/shorten.c \
	lib/sokoban/assist.c lib/sokoban/cindex.c lib/common/status.c lib/common/budget.c lib/common/rng.c \
	lib/common/text.c lib/common/save.c lib/common/clock.c lib/common/lp.c
tests_test_sokoban_fast_learn_SOURCES = tests/test_sokoban_fast_learn.c $(SOKOBAN_INTERNAL_TEST_SOURCES)
tests_test_sokoban_fast_learn_CPPFLAGS = $(AM_CPPFLAGS)
tests_test_sokoban_fast_learn_LDADD = -lm
tests_test_sokoban_fast_room_SOURCES = tests/test_sokoban_fast_room.c $(SOKOBAN_INTERNAL_TEST_SOURCES)
tests_test_sokoban_fast_room_CPPFLAGS = $(AM_CPPFLAGS)
tests_test_sokoban_fast_room_LDADD = -lm
tests_test_sokoban_dead_SOURCES = tests/test_sokoban_dead.c
tests_test_sokoban_dead_LDADD = $(TEST_LDADD)
tests_test_sokoban_deadlock_SOURCES = tests/test_sokoban_deadlock.c
tests_test_sokoban_deadlock_LDADD = $(TEST_LDADD)
tests_test_sokoban_fast_SOURCES = tests/test_sokoban_fast.c
tests_test_sokoban_fast_CFLAGS = $(AM_CFLAGS) -pthread
tests_test_sokoban_fast_LDADD = $(TEST_LDADD) -lpthread
check_PROGRAMS += tests/test_sokoban_short
tests_test_sokoban_short_SOURCES = tests/test_sokoban_short.c
tests_test_sokoban_short_LDADD = $(TEST_LDADD)
TESTS += tests/test_sokoban tests/test_sokoban_fast tests/test_sokoban_deadlock tests/test_sokoban_dead tests/test_sokoban_fast_learn tests/test_sokoban_fast_room tests/test_sokoban_short tests/python/test_sokoban.py tests/lua/test_sokoban.lua tests/cli_sokoban.sh
EXTRA_DIST += tests/python/test_sokoban.py tests/lua/test_sokoban.lua tests/cli_sokoban.sh doc/sokoban.md \
	data/sokoban/microban.txt data/sokoban/README.md data/sokoban/microban-bench.txt

noinst_PROGRAMS += examples/sokoban
examples_sokoban_SOURCES = examples/sokoban.c
examples_sokoban_LDADD = lib/libpuzzlecore.la
DEMOS += examples/sokoban

EXTRA_PROGRAMS += bench/sokoban
bench_sokoban_SOURCES = bench/sokoban.c
bench_sokoban_LDADD = lib/libpuzzlecore.la
BENCHES += bench/sokoban

EXTRA_PROGRAMS += bench/sokoban_fast
bench_sokoban_fast_SOURCES = bench/sokoban_fast.c
bench_sokoban_fast_LDADD = lib/libpuzzlecore.la
BENCHES += bench/sokoban_fast

pcpython_PYTHON += bindings/python/puzzlecore/sokoban.py
LUA_MODULES += bindings/lua/puzzlecore/sokoban.lua
dist_doc_DATA += doc/sokoban.md

EXTRA_PROGRAMS += bench/sokoban_genset
bench_sokoban_genset_SOURCES = bench/sokoban_genset.c
bench_sokoban_genset_LDADD = lib/libpuzzlecore.la
BENCHES += bench/sokoban_genset
