# lib/patchwork: Patchwork (CodinGame "Git Patchwork" leagues and the board game).
pcinclude_HEADERS += include/puzzlecore/patchwork.h
lib_libpuzzlecore_la_SOURCES += \
	lib/patchwork/pw.h lib/patchwork/game.h \
	lib/patchwork/patches.c lib/patchwork/engine.c lib/patchwork/game.c lib/patchwork/events.c \
	lib/patchwork/save.c lib/patchwork/protocol.c lib/patchwork/bot.c lib/patchwork/reader.c
cli_puzzlecore_SOURCES += cli/patchwork.c cli/patchwork_match.c cli/patchwork_match.h \
	cli/patchwork_referee.c cli/patchwork_arena.c
cli_puzzlecore_LDADD += -lpthread -lm
EXTRA_DIST += lib/patchwork/gen_patches.py lib/patchwork/gen_cg.py lib/patchwork/cg_main.c

# The CodinGame single file: engine, reader and a main() in one source of at
# most 100 000 characters (`cc -O2 patchwork_cg.c`), generated from the tree.
CG_PATCHWORK_DEPS = $(top_srcdir)/include/puzzlecore/common.h \
	$(top_srcdir)/include/puzzlecore/budget.h $(top_srcdir)/include/puzzlecore/patchwork.h \
	$(top_srcdir)/lib/common/bits.h $(top_srcdir)/lib/common/rng.h $(top_srcdir)/lib/common/text.h \
	$(top_srcdir)/lib/common/clock.h $(top_srcdir)/lib/common/budget.h $(top_srcdir)/lib/common/rng.c \
	$(top_srcdir)/lib/common/text.c $(top_srcdir)/lib/common/clock.c $(top_srcdir)/lib/common/budget.c \
	$(top_srcdir)/lib/common/status.c $(top_srcdir)/lib/common/alloc.h $(top_srcdir)/lib/patchwork/pw.h \
	$(top_srcdir)/lib/patchwork/game.h $(top_srcdir)/lib/patchwork/patches.c \
	$(top_srcdir)/lib/patchwork/engine.c $(top_srcdir)/lib/patchwork/game.c \
	$(top_srcdir)/lib/patchwork/protocol.c $(top_srcdir)/lib/patchwork/bot.c \
	$(top_srcdir)/lib/patchwork/reader.c $(top_srcdir)/lib/patchwork/cg_main.c \
	$(top_srcdir)/lib/patchwork/gen_cg.py
patchwork_cg.c: $(CG_PATCHWORK_DEPS)
	$(PYTHON) $(top_srcdir)/lib/patchwork/gen_cg.py $(top_srcdir) $@
cg-patchwork: patchwork_cg.c
.PHONY: cg-patchwork
CLEANFILES += patchwork_cg.c

check_PROGRAMS += tests/test_patchwork
tests_test_patchwork_SOURCES = tests/test_patchwork.c
tests_test_patchwork_CFLAGS = $(AM_CFLAGS) -pthread
tests_test_patchwork_LDADD = $(TEST_LDADD) -lpthread
TESTS += tests/test_patchwork

check_PROGRAMS += tests/test_patchwork_reader
tests_test_patchwork_reader_SOURCES = tests/test_patchwork_reader.c
tests_test_patchwork_reader_LDADD = $(TEST_LDADD)
TESTS += tests/test_patchwork_reader

check_PROGRAMS += tests/test_patchwork_rules
tests_test_patchwork_rules_SOURCES = tests/test_patchwork_rules.c \
	lib/patchwork/engine.c lib/patchwork/patches.c lib/common/rng.c lib/common/status.c
TESTS += tests/test_patchwork_rules

noinst_PROGRAMS += examples/patchwork
examples_patchwork_SOURCES = examples/patchwork.c
examples_patchwork_LDADD = lib/libpuzzlecore.la
DEMOS += examples/patchwork

TESTS += tests/python/test_patchwork.py tests/lua/test_patchwork.lua tests/cli_patchwork.sh \
	tests/cli_patchwork_referee.sh tests/cli_patchwork_cg.sh
EXTRA_DIST += tests/python/test_patchwork.py tests/lua/test_patchwork.lua tests/cli_patchwork.sh \
	tests/cli_patchwork_referee.sh tests/brutal.py tests/cli_patchwork_cg.sh
LUA_MODULES += bindings/lua/puzzlecore/patchwork.lua
# pcpython_PYTHON is set after the game fragments in Makefile.am, so a
# directory variable of our own installs into the same $(pythondir)/puzzlecore.
patchworkpydir = $(pythondir)/puzzlecore
patchworkpy_PYTHON = bindings/python/puzzlecore/patchwork.py

EXTRA_PROGRAMS += bench/patchwork
# built from the library's sources (not the .so) to reach the engine's
# internal playout policy; see the file's header
bench_patchwork_SOURCES = bench/patchwork.c \
	lib/patchwork/engine.c lib/patchwork/patches.c lib/patchwork/game.c lib/patchwork/events.c \
	lib/patchwork/protocol.c lib/patchwork/bot.c \
	lib/common/rng.c lib/common/text.c lib/common/clock.c lib/common/status.c lib/common/budget.c
BENCHES += bench/patchwork

dist_doc_DATA += doc/patchwork.md
