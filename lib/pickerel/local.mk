# lib/pickerel: the Pickerel weaving game (rules, save format, advisor).
pcinclude_HEADERS += include/puzzlecore/pickerel.h
lib_libpuzzlecore_la_SOURCES += \
	lib/pickerel/state.h \
	lib/pickerel/pickerel.c \
	lib/pickerel/save.c \
	lib/pickerel/advisor.c \
	lib/pickerel/candidates.c \
	lib/pickerel/plan.c \
	lib/pickerel/cloth.c
cli_puzzlecore_SOURCES += cli/pickerel.c

check_PROGRAMS += tests/test_pickerel
tests_test_pickerel_SOURCES = tests/test_pickerel.c
tests_test_pickerel_LDADD = $(TEST_LDADD)
TESTS += tests/test_pickerel tests/python/test_pickerel.py tests/lua/test_pickerel.lua tests/cli_pickerel.sh
EXTRA_DIST += tests/python/test_pickerel.py tests/lua/test_pickerel.lua tests/cli_pickerel.sh doc/pickerel.md

noinst_PROGRAMS += examples/pickerel
examples_pickerel_SOURCES = examples/pickerel.c
examples_pickerel_LDADD = lib/libpuzzlecore.la
DEMOS += examples/pickerel

# The bench also runs the oracle (the advisor with the deal known), an
# internal function: it is built from the library's sources, not linked.
EXTRA_PROGRAMS += bench/pickerel
bench_pickerel_SOURCES = bench/pickerel.c \
	lib/pickerel/pickerel.c lib/pickerel/save.c lib/pickerel/advisor.c lib/pickerel/plan.c lib/pickerel/cloth.c lib/pickerel/candidates.c \
	lib/common/status.c lib/common/rng.c lib/common/text.c lib/common/save.c lib/common/clock.c lib/common/budget.c
bench_pickerel_CPPFLAGS = $(AM_CPPFLAGS)
BENCHES += bench/pickerel

pcpython_PYTHON += bindings/python/puzzlecore/pickerel.py
LUA_MODULES += bindings/lua/puzzlecore/pickerel.lua
dist_doc_DATA += doc/pickerel.md

# Provable upper bounds on a deal's score (doc/pickerel.md, "How good can a
# player be?"): also built from the library's sources, for the deal.
EXTRA_PROGRAMS += bench/pickerel_bound
bench_pickerel_bound_SOURCES = bench/pickerel_bound.c \
	lib/pickerel/pickerel.c lib/pickerel/save.c lib/pickerel/advisor.c lib/pickerel/plan.c lib/pickerel/cloth.c lib/pickerel/candidates.c \
	lib/common/status.c lib/common/rng.c lib/common/text.c lib/common/save.c lib/common/clock.c lib/common/budget.c
bench_pickerel_bound_CPPFLAGS = $(AM_CPPFLAGS)
BENCHES += bench/pickerel_bound
