# lib/nonogram/solve.mk: line solver, grid solver, grading, hints, generator
# and the file formats (.non, webpbn XML, Tatham ids, TCGA/TAAI).
lib_libpuzzlecore_la_SOURCES += \
	lib/nonogram/line.c lib/nonogram/line.h lib/nonogram/linebits.h \
	lib/nonogram/solve.c lib/nonogram/solve.h lib/nonogram/solve_state.h lib/nonogram/solve_sat.c lib/nonogram/solve_sat.h \
	lib/nonogram/solve_api.c lib/nonogram/hint.c \
	lib/nonogram/generate.c \
	lib/nonogram/formats.c lib/nonogram/formats.h lib/nonogram/formats_io.c \
	lib/nonogram/formats_util.c lib/nonogram/formats_util.h lib/nonogram/formats_non.c \
	lib/nonogram/formats_xml.c lib/nonogram/formats_tcga.c \
	lib/nonogram/collection.c

check_PROGRAMS += tests/test_nonogram_solve tests/test_nonogram_format
tests_test_nonogram_solve_SOURCES = tests/test_nonogram_solve.c
tests_test_nonogram_solve_LDADD = $(TEST_LDADD)
tests_test_nonogram_format_SOURCES = tests/test_nonogram_format.c
tests_test_nonogram_format_LDADD = $(TEST_LDADD)
TESTS += tests/test_nonogram_solve tests/test_nonogram_format
EXTRA_DIST += data/nonogram/sample.non data/nonogram/sample.xml data/nonogram/tcga-sample.txt \
	data/nonogram/tcga-sample-solutions.txt

# `puzzlecore nonogram solve|generate` (cli/nonogram.c dispatches here)
cli_puzzlecore_SOURCES += cli/nonogram_solve.c cli/nonogram_solve.h
TESTS += tests/cli_nonogram_solve.sh
EXTRA_DIST += tests/cli_nonogram_solve.sh

# the bit-parallel line solver against the byte DP (internal functions)
check_PROGRAMS += tests/test_nonogram_linebits
tests_test_nonogram_linebits_SOURCES = tests/test_nonogram_linebits.c lib/nonogram/line.c lib/common/status.c
TESTS += tests/test_nonogram_linebits

# the solver under a pc_budget: a cancel from a second thread, progress
check_PROGRAMS += tests/test_nonogram_budget
tests_test_nonogram_budget_SOURCES = tests/test_nonogram_budget.c
tests_test_nonogram_budget_CFLAGS = $(AM_CFLAGS) -pthread
tests_test_nonogram_budget_LDADD = $(TEST_LDADD) -lpthread
TESTS += tests/test_nonogram_budget

EXTRA_PROGRAMS += bench/nonogram_solve
bench_nonogram_solve_SOURCES = bench/nonogram_solve.c bench/nonogram_clueset.h
bench_nonogram_solve_LDADD = lib/libpuzzlecore.la
BENCHES += bench/nonogram_solve

# tournament puzzles (a TCGA file read by path) and the generated hard sets
EXTRA_PROGRAMS += bench/nonogram_tcga
bench_nonogram_tcga_SOURCES = bench/nonogram_tcga.c bench/nonogram_clueset.h
bench_nonogram_tcga_LDADD = lib/libpuzzlecore.la
BENCHES += bench/nonogram_tcga

pcpython_PYTHON += bindings/python/puzzlecore/nonogram_solve.py
LUA_MODULES += bindings/lua/puzzlecore/nonogram_solve.lua
TESTS += tests/python/test_nonogram_solve.py tests/lua/test_nonogram_solve.lua
EXTRA_DIST += tests/python/test_nonogram_solve.py tests/lua/test_nonogram_solve.lua
dist_doc_DATA += doc/nonogram-solving.md

# the search with a restart every 2 nodes, against brute force (compiles the
# solver's sources itself, with the restart unit overridden)
check_PROGRAMS += tests/test_nonogram_restart
tests_test_nonogram_restart_SOURCES = tests/test_nonogram_restart.c lib/nonogram/solve.c lib/nonogram/solve_sat.c lib/nonogram/line.c \
	lib/nonogram/clues.c lib/common/clock.c lib/common/budget.c lib/common/status.c
tests_test_nonogram_restart_LDADD = $(CADICAL_LIBS) -lm
tests_test_nonogram_restart_CPPFLAGS = $(AM_CPPFLAGS) -DPC__NS_RESTART_UNIT=2
TESTS += tests/test_nonogram_restart

# collections: a multi-puzzle text read once, puzzles by index
check_PROGRAMS += tests/test_nonogram_collection
tests_test_nonogram_collection_SOURCES = tests/test_nonogram_collection.c
tests_test_nonogram_collection_LDADD = $(TEST_LDADD)
TESTS += tests/test_nonogram_collection

# the optional SAT backend against the plain search and brute force, its
# budget and size checks (compiles the solver's sources itself, so it can
# hand every search over; the backend's parts skip in a build without it)
check_PROGRAMS += tests/test_nonogram_sat
tests_test_nonogram_sat_SOURCES = tests/test_nonogram_sat.c lib/nonogram/solve.c lib/nonogram/solve_sat.c \
	lib/nonogram/line.c lib/nonogram/clues.c lib/common/clock.c lib/common/budget.c lib/common/status.c
tests_test_nonogram_sat_LDADD = $(CADICAL_LIBS) -lm
tests_test_nonogram_sat_CPPFLAGS = $(AM_CPPFLAGS) -DPC__NS_RESTART_UNIT=2
TESTS += tests/test_nonogram_sat
