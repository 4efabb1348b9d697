# lib/nonogram: clues, the player's grid and puzzle records (solving, generating
# and the file formats are in solve.mk).
pcinclude_HEADERS += include/puzzlecore/nonogram.h
lib_libpuzzlecore_la_SOURCES += \
	lib/nonogram/clues.c lib/nonogram/clues.h \
	lib/nonogram/puzzle.c lib/nonogram/puzzle.h \
	lib/nonogram/record.c
cli_puzzlecore_SOURCES += cli/nonogram.c

check_PROGRAMS += tests/test_nonogram
tests_test_nonogram_SOURCES = tests/test_nonogram.c
tests_test_nonogram_LDADD = $(TEST_LDADD)
TESTS += tests/test_nonogram

# The clue kernels with the CPU level forced (0 generic C, 1 BMI1, 2 AVX-512
# F/BW, 3 AVX-512 VBMI2; a level the CPU cannot run skips): built from
# lib/nonogram/clues.c itself, since the library picks the best level.
KERNEL_TEST_SOURCES = tests/test_nonogram_kernels.c lib/nonogram/clues.c lib/common/rng.c lib/common/status.c
check_PROGRAMS += tests/test_nonogram_kernels_c tests/test_nonogram_kernels_bmi \
	tests/test_nonogram_kernels_avx512 tests/test_nonogram_kernels_vbmi2
tests_test_nonogram_kernels_c_SOURCES = $(KERNEL_TEST_SOURCES)
tests_test_nonogram_kernels_c_CPPFLAGS = $(AM_CPPFLAGS) -DPC__NONOGRAM_EMITTER=0
tests_test_nonogram_kernels_bmi_SOURCES = $(KERNEL_TEST_SOURCES)
tests_test_nonogram_kernels_bmi_CPPFLAGS = $(AM_CPPFLAGS) -DPC__NONOGRAM_EMITTER=1
tests_test_nonogram_kernels_avx512_SOURCES = $(KERNEL_TEST_SOURCES)
tests_test_nonogram_kernels_avx512_CPPFLAGS = $(AM_CPPFLAGS) -DPC__NONOGRAM_EMITTER=2
tests_test_nonogram_kernels_vbmi2_SOURCES = $(KERNEL_TEST_SOURCES)
tests_test_nonogram_kernels_vbmi2_CPPFLAGS = $(AM_CPPFLAGS) -DPC__NONOGRAM_EMITTER=3
TESTS += tests/test_nonogram_kernels_c tests/test_nonogram_kernels_bmi tests/test_nonogram_kernels_avx512 \
	tests/test_nonogram_kernels_vbmi2 tests/python/test_nonogram.py tests/lua/test_nonogram.lua tests/cli_nonogram.sh
EXTRA_DIST += tests/python/test_nonogram.py tests/lua/test_nonogram.lua tests/cli_nonogram.sh doc/nonogram.md \
	data/nonogram/cup.txt data/nonogram/heart.pic data/README.md

noinst_PROGRAMS += examples/nonogram
examples_nonogram_SOURCES = examples/nonogram.c
examples_nonogram_LDADD = lib/libpuzzlecore.la
DEMOS += examples/nonogram

EXTRA_PROGRAMS += bench/nonogram_clues
bench_nonogram_clues_SOURCES = bench/nonogram_clues.c
bench_nonogram_clues_LDADD = lib/libpuzzlecore.la
BENCHES += bench/nonogram_clues

pcpython_PYTHON += bindings/python/puzzlecore/nonogram.py
LUA_MODULES += bindings/lua/puzzlecore/nonogram.lua
dist_doc_DATA += doc/nonogram.md

include lib/nonogram/solve.mk
include lib/nonogram/colour.mk
