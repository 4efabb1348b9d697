# lib/nonogram/colour.mk: colour nonograms (palette, coloured clues, the
# colour line and grid solvers) on the pc_nonogram handle.
pcinclude_HEADERS += include/puzzlecore/nonogram_colour.h
lib_libpuzzlecore_la_SOURCES += \
	lib/nonogram/colour.c lib/nonogram/colour.h \
	lib/nonogram/colour_solve.c lib/nonogram/colour_line.c \
	lib/nonogram/colour_generate.c

check_PROGRAMS += tests/test_nonogram_colour
tests_test_nonogram_colour_SOURCES = tests/test_nonogram_colour.c
tests_test_nonogram_colour_LDADD = $(TEST_LDADD)
TESTS += tests/test_nonogram_colour
check_PROGRAMS += tests/test_nonogram_colour_bw
tests_test_nonogram_colour_bw_SOURCES = tests/test_nonogram_colour_bw.c
tests_test_nonogram_colour_bw_LDADD = $(TEST_LDADD)
TESTS += tests/test_nonogram_colour_bw

# the CLI on colour files
TESTS += tests/cli_nonogram_colour.sh
EXTRA_DIST += tests/cli_nonogram_colour.sh data/nonogram/colour-sample.xml

EXTRA_PROGRAMS += bench/nonogram_colour
bench_nonogram_colour_SOURCES = bench/nonogram_colour.c
bench_nonogram_colour_LDADD = lib/libpuzzlecore.la
BENCHES += bench/nonogram_colour

# `puzzlecore nonogram from-image` (cli/nonogram.c dispatches here); PNG
# through libpng when configure found it (the CLI only)
cli_puzzlecore_SOURCES += cli/nonogram_colour.c cli/nonogram_colour.h
cli_puzzlecore_LDADD += $(LIBPNG_LIBS)
AM_CPPFLAGS += $(LIBPNG_CFLAGS)

# the bindings' colour modules
pcpython_PYTHON += bindings/python/puzzlecore/nonogram_colour.py
LUA_MODULES += bindings/lua/puzzlecore/nonogram_colour.lua
TESTS += tests/python/test_nonogram_colour.py tests/lua/test_nonogram_colour.lua
EXTRA_DIST += tests/python/test_nonogram_colour.py tests/lua/test_nonogram_colour.lua
