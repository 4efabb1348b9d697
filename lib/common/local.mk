# lib/common: version, status codes, rng, internal text helpers.
pcinclude_HEADERS += include/puzzlecore/common.h include/puzzlecore/budget.h
lib_libpuzzlecore_la_SOURCES += \
	lib/common/status.c lib/common/alloc.h \
	lib/common/budget.c lib/common/budget.h \
	lib/common/rng.c lib/common/rng.h \
	lib/common/text.c lib/common/text.h \
	lib/common/save.c lib/common/save.h \
	lib/common/clock.c lib/common/clock.h \
	lib/common/lp.c lib/common/lp.h \
	lib/common/bits.h

check_PROGRAMS += tests/test_common
tests_test_common_SOURCES = tests/test_common.c
tests_test_common_LDADD = $(TEST_LDADD)
TESTS += tests/test_common tests/python/test_common.py tests/lua/test_common.lua

# The internal simplex (lp.c), built from its source: it is not exported.
check_PROGRAMS += tests/test_lp
tests_test_lp_SOURCES = tests/test_lp.c lib/common/lp.c lib/common/status.c
TESTS += tests/test_lp
EXTRA_DIST += tests/python/test_common.py tests/lua/test_common.lua

# The one save reader (save.c) is internal: its test builds it from source.
check_PROGRAMS += tests/test_save_reader
tests_test_save_reader_SOURCES = tests/test_save_reader.c lib/common/save.c lib/common/text.c lib/common/status.c
TESTS += tests/test_save_reader

# The budget meter is internal: its test builds it from source.
check_PROGRAMS += tests/test_budget
tests_test_budget_SOURCES = tests/test_budget.c lib/common/budget.c lib/common/clock.c lib/common/status.c
tests_test_budget_CFLAGS = $(AM_CFLAGS) -pthread
tests_test_budget_LDADD = -lm -lpthread
TESTS += tests/test_budget

# Hostile sizes: every bound of every format at, below and above its value.
check_PROGRAMS += tests/test_hostile_sizes
tests_test_hostile_sizes_SOURCES = tests/test_hostile_sizes.c
tests_test_hostile_sizes_LDADD = $(TEST_LDADD)
TESTS += tests/test_hostile_sizes

# Every loader's bounds and the one rule for text fields in saves (issue 15).
check_PROGRAMS += tests/test_saves
tests_test_saves_SOURCES = tests/test_saves.c
tests_test_saves_LDADD = $(TEST_LDADD)
TESTS += tests/test_saves

# Determinism across targets: seeded games of every kind against the golden
# transcript tests/determinism.golden (the same on every platform).
check_PROGRAMS += tests/test_determinism
tests_test_determinism_SOURCES = tests/test_determinism.c
tests_test_determinism_LDADD = $(TEST_LDADD)
TESTS += tests/test_determinism
EXTRA_DIST += tests/determinism.golden
# Allocation failure in every allocating public call (pc_set_allocator), and
# the check that lib/ allocates only through lib/common/alloc.h.
check_PROGRAMS += tests/test_alloc_fail
tests_test_alloc_fail_SOURCES = tests/test_alloc_fail.c
tests_test_alloc_fail_LDADD = $(TEST_LDADD)
TESTS += tests/test_alloc_fail tests/alloc_calls.sh
EXTRA_DIST += tests/alloc_calls.sh

# Every search cancelled from a second thread (issue 17).
check_PROGRAMS += tests/test_cancel
tests_test_cancel_SOURCES = tests/test_cancel.c
tests_test_cancel_CFLAGS = $(AM_CFLAGS) -pthread
tests_test_cancel_LDADD = $(TEST_LDADD) -lpthread
TESTS += tests/test_cancel
